import Foundation
import PermissionModel
import PermsimTestSupport
import PlistLoader
import Testing

@testable import Linting

/// What real apps' Info.plists need of `lint` (issue 38): no false alarms, the real mistakes caught.
/// Each test writes a small app of its own; `LintPublicAppsTests` runs the real ones.
@Suite("lint: what real apps need")
struct LintRealAppTests {
  /// A temporary app folder: `Info.plist` from `entries` (`<key>` → `<string>`, or raw XML when it starts
  /// with `<`), and `<locale>.lproj/InfoPlist.strings` from `strings`.
  struct App {
    let folder: String

    init(_ entries: [(String, String)], strings: [String: String] = [:], inside subfolder: String = "") throws {
      let root = LintFixtures.temporaryPath("app")
      folder = subfolder.isEmpty ? root : root + "/" + subfolder
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      let body = entries.map { key, value in
        "\t<key>\(key)</key>\n\t" + (value.hasPrefix("<") ? value : "<string>\(value)</string>")
      }.joined(separator: "\n")
      try """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \(body)
        </dict>
        </plist>
        """.write(toFile: folder + "/Info.plist", atomically: true, encoding: .utf8)
      for (locale, text) in strings {
        try FileManager.default.createDirectory(atPath: folder + "/\(locale).lproj", withIntermediateDirectories: true)
        try text.write(toFile: folder + "/\(locale).lproj/InfoPlist.strings", atomically: true, encoding: .utf8)
      }
    }

    func lint(_ options: LintOptions = LintOptions()) throws -> LintReport {
      try Linter.run(path: folder, options: options)
    }

    func remove() {
      try? FileManager.default.removeItem(atPath: folder)
    }
  }

  static let whenInUse = ("NSLocationWhenInUseUsageDescription", "Shows the cafés around you on the map.")
  static let fromEleven = LintOptions(versions: OSVersion(11)...OSVersion(26))

  // MARK: - 1. Apple's keys are never typos

  @Test("1. NSMotionUsageDescription is CoreMotion's key, not a typo of NSLocationUsageDescription (K1)")
  func appleKeys() throws {
    let app = try App([
      Self.whenInUse, ("NSMotionUsageDescription", "Counts your steps on the way."),
      ("NSLocationUsageDescription", "Shows the cafés around you on the map."), ("UIMainStoryboardFile~ipad", "Main"),
    ])
    defer { app.remove() }
    let report = try app.lint()
    #expect(!report.hasErrors)
    #expect(!report.findings.contains { $0.message.contains("did you mean") })
    #expect(AppleInfoPlistKeys.contains("NSMotionUsageDescription"))
    #expect(AppleInfoPlistKeys.contains("UIMainStoryboardFile~ipad"))
    #expect(AppleInfoPlistKeys.contains("NSAppTransportSecurity"))
    #expect(!AppleInfoPlistKeys.contains("NSLocationWhenInUsageDescription"))
  }

  // MARK: - 2. The iOS 6–7 key alone

  @Test("2. only NSLocationUsageDescription: one R1b warning with the fix, no When-In-Use request inferred")
  func legacyKey() throws {
    let app = try App([("NSLocationUsageDescription", "Shows the cafés around you on the map.")])
    defer { app.remove() }
    let report = try app.lint()
    #expect(!report.hasErrors)
    #expect(report.intents.isEmpty)
    let problems = report.findings.filter { $0.severity != .note }
    #expect(problems.map { "\($0.severity) \($0.rule) \($0.versions)" } == ["warning R1b 15.0–26.x"])
    #expect(!report.findings.contains { $0.message.contains("requestWhenInUseAuthorization is a silent no-op") })
  }

  // MARK: - 3. Inferred intentions

  @Test("3. a leftover Always key: the Always request is inferred, so its K2 is a warning naming the key; --intends makes it an error")
  func leftoverAlwaysKey() throws {
    let app = try App([Self.whenInUse, ("NSLocationAlwaysUsageDescription", "Tracks your runs in the background.")])
    defer { app.remove() }
    let inferred = try app.lint(Self.fromEleven)
    #expect(!inferred.hasErrors)
    let warning = try #require(inferred.findings.first { $0.rule == .K2 })
    #expect(warning.severity == .warning)
    #expect(warning.message.hasSuffix("(inferred from NSLocationAlwaysUsageDescription: if the app does this, say --intends always)"))
    var declared = Self.fromEleven
    declared.intents = [.whenInUse, .always]
    let sure = try app.lint(declared)
    #expect(sure.hasErrors)
    #expect(sure.findings.first { $0.rule == .K2 }?.severity == .error)
  }

  @Test("3. what the keys prove broken stays an error: location in UIBackgroundModes with no usage description")
  func provenBroken() throws {
    let app = try App([("UIBackgroundModes", "<array><string>location</string></array>")])
    defer { app.remove() }
    let report = try app.lint()
    #expect(report.hasErrors)
    #expect(report.findings.first?.rule == .K2)
  }

  // MARK: - 4. The versions an app runs on

  @Test("4. without MinimumOSVersion the range starts at the Xcode project's IPHONEOS_DEPLOYMENT_TARGET for this Info.plist")
  func deploymentTarget() throws {
    let app = try App([Self.whenInUse], inside: "Demo")
    defer { app.remove() }
    let root = (app.folder as NSString).deletingLastPathComponent
    try FileManager.default.createDirectory(atPath: root + "/Demo.xcodeproj", withIntermediateDirectories: true)
    try """
      // !$*UTF8*$!
      {
      	archiveVersion = 1;
      	objects = {
      		P1 /* Project object */ = {isa = PBXProject; buildConfigurationList = L1; targets = (T1, T2); };
      		L1 = {isa = XCConfigurationList; buildConfigurations = (C1, C2); };
      		C1 /* Debug */ = {isa = XCBuildConfiguration; name = Debug; buildSettings = {IPHONEOS_DEPLOYMENT_TARGET = 13.0; }; };
      		C2 /* Release */ = {isa = XCBuildConfiguration; name = Release; buildSettings = {IPHONEOS_DEPLOYMENT_TARGET = 13.0; }; };
      		T1 /* Demo */ = {isa = PBXNativeTarget; buildConfigurationList = L2; name = Demo; };
      		L2 = {isa = XCConfigurationList; buildConfigurations = (C3, C4); };
      		C3 = {isa = XCBuildConfiguration; name = Debug; buildSettings = {INFOPLIST_FILE = Demo/Info.plist; IPHONEOS_DEPLOYMENT_TARGET = 14.0; }; };
      		C4 = {isa = XCBuildConfiguration; name = Release; buildSettings = {INFOPLIST_FILE = "$(SRCROOT)/Demo/Info.plist"; }; };
      		T2 /* Widget */ = {isa = PBXNativeTarget; buildConfigurationList = L3; name = Widget; };
      		L3 = {isa = XCConfigurationList; buildConfigurations = (C5); };
      		C5 = {isa = XCBuildConfiguration; name = Release; buildSettings = {INFOPLIST_FILE = Widget/Info.plist; IPHONEOS_DEPLOYMENT_TARGET = 9.0; }; };
      	};
      	rootObject = P1;
      }
      """.write(toFile: root + "/Demo.xcodeproj/project.pbxproj", atomically: true, encoding: .utf8)
    let report = try app.lint()
    // Debug says 14.0; Release inherits the project's 13.0; the widget's 9.0 is another target's.
    #expect(report.versions == "13.0–26.x")
    #expect(report.summary.contains("on iOS 13.0–26.x, from IPHONEOS_DEPLOYMENT_TARGET in "))
    #expect(report.summary.contains("Demo.xcodeproj"))
  }

  @Test("4. with nothing to say where the app starts, the range starts at 15.0 and the summary says it was assumed and how to set it")
  func assumedStart() throws {
    let app = try App([Self.whenInUse])
    defer { app.remove() }
    let report = try app.lint()
    #expect(report.versions == "15.0–26.x")
    #expect(report.rangeSource == .assumed)
    #expect(report.summary.contains("from 15.0 assumed (no MinimumOSVersion, no Xcode project naming this Info.plist; set the versions with --ios)"))
  }

  // MARK: - 5, 7. Build settings

  @Test("5. a build setting every language replaces is not warned about; one a shipped language shows is, naming it")
  func buildSettingLanguages() throws {
    let translated = #""CFBundleDisplayName" = "Cafés";"#
    let app = try App(
      [("CFBundleDevelopmentRegion", "en"), ("CFBundleDisplayName", "$(PRODUCT_NAME)"), Self.whenInUse],
      strings: ["en": translated, "de": translated])
    defer { app.remove() }
    #expect(!(try app.lint()).findings.contains { $0.message.contains("build setting") })
    try #"/* no name */"#.write(toFile: app.folder + "/de.lproj/InfoPlist.strings", atomically: true, encoding: .utf8)
    let warning = try #require(try app.lint().findings.first { $0.message.contains("build setting") })
    #expect(warning.message.hasSuffix("scenarios show it as written in de"))
  }

  @Test("7. ${VAR} is a build setting as $(VAR) is")
  func curlyBuildSetting() throws {
    #expect(BuildSetting.first(in: "${PRODUCT_NAME} finds you") == "${PRODUCT_NAME}")
    #expect(BuildSetting.first(in: "a ${A} b $(B)") == "${A}")
    #expect(BuildSetting.first(in: "a $(B) b ${A}") == "$(B)")
    let app = try App([("CFBundleDisplayName", "${PRODUCT_NAME}"), Self.whenInUse])
    defer { app.remove() }
    let warning = try #require(try app.lint().findings.first { $0.key == "CFBundleDisplayName" })
    #expect(warning.message.contains("contains the build setting ${PRODUCT_NAME}"))
    #expect(warning.line == 5)
  }

  // MARK: - 8, 9. Keys of strings files

  @Test("8. a misspelled key in a strings file is reported as the typo, at its line, not as a missing translation")
  func stringsTypo() throws {
    let app = try App(
      [("CFBundleDevelopmentRegion", "en"), Self.whenInUse],
      strings: ["de": "/* Standort */\n\"NSLocationWhenInUseUsageUsageDescription\" = \"Zeigt die Cafés in deiner Nähe.\";\n"])
    defer { app.remove() }
    let report = try app.lint()
    let typo = try #require(report.findings.first { $0.locale == "de" })
    #expect(typo.rule == .K1)
    #expect(typo.message.hasPrefix("NSLocationWhenInUseUsageUsageDescription is not a key iOS reads (did you mean NSLocationWhenInUseUsageDescription?)"))
    #expect(typo.line == 2)
    #expect(typo.file.hasSuffix("de.lproj/InfoPlist.strings"))
    #expect(!report.findings.contains { $0.message.contains("has no de translation") })
  }

  @Test("9. a usage description only a strings file has translates nothing: iOS reads it from the Info.plist")
  func stringsOrphan() throws {
    let app = try App(
      [("CFBundleDevelopmentRegion", "en"), Self.whenInUse],
      strings: [
        "de": "\"NSLocationWhenInUseUsageDescription\" = \"Zeigt die Cafés in deiner Nähe.\";\n\"NSLocationAlwaysUsageDescription\" = \"Immer.\";\n"
      ])
    defer { app.remove() }
    let orphan = try #require(try app.lint().findings.first { $0.key == "NSLocationAlwaysUsageDescription" })
    #expect(orphan.severity == .warning)
    #expect(orphan.rule == .K5)
    #expect(orphan.message.contains("the Info.plist has no NSLocationAlwaysUsageDescription"))
    #expect(orphan.line == 2)
  }

  // MARK: - 10. Xcode's names

  @Test("10. Xcode's display name written as the key is recognised and the raw key given")
  func xcodeNames() throws {
    let app = try App([
      ("Privacy - Location When In Use Usage Description", "Shows the cafés around you on the map."),
      ("Privacy - Camera Usage Description", "Scans the menu."),
    ])
    defer { app.remove() }
    let report = try app.lint()
    #expect(report.hasErrors)
    let location = try #require(report.findings.first { $0.key == "Privacy - Location When In Use Usage Description" })
    #expect(location.severity == .error)
    #expect(location.message.hasPrefix("“Privacy - Location When In Use Usage Description” is the name Xcode shows for NSLocationWhenInUseUsageDescription"))
    #expect(location.fix == "rename Privacy - Location When In Use Usage Description to NSLocationWhenInUseUsageDescription")
    #expect(location.line == 5)
    let camera = try #require(report.findings.first { $0.key == "Privacy - Camera Usage Description" })
    #expect(camera.severity == .warning)
    #expect(camera.fix == "rename Privacy - Camera Usage Description to NSCameraUsageDescription")
    #expect(report.intents == [.whenInUse])
  }

  // MARK: - 11. Purpose texts App Review rejects

  @Test("11. placeholder names, a word or two, another script than the language's: warnings of their own with the reason", arguments: [
    ("AppName uses your location", nil, "it holds the placeholder “AppName”"),
    ("[App Name] needs your location to show nearby stores.", nil, "it holds the placeholder “App Name”"),
    ("Because", nil, "a word or two cannot say why the app needs the location"),
    ("Location permission", nil, "a word or two cannot say why the app needs the location"),
    ("Shows the cafés around you on the map.", "ru", "it has no letters of the Cyrillic script its language is written in"),
    ("Shows the cafés around you on the map.", nil, nil),
    ("Показывает кафе рядом с вами на карте.", "ru", nil),
    ("地図上であなたの周りのカフェを表示します。", "ja", nil),
    ("Lädt die Karte.", "de", nil),
    ("Your location is used to show your app name on the map.", nil, nil),
  ] as [(String, String?, String?)])
  func purposeTexts(text: String, locale: String?, reason: String?) {
    #expect(Linter.purposeTextProblems(text, locale: locale).map(\.reason) == (reason.map { [$0] } ?? []))
  }

  @Test("11. the warnings name the key, the language and the line")
  func purposeTextFindings() throws {
    let app = try App(
      [("CFBundleDevelopmentRegion", "en"), ("NSLocationWhenInUseUsageDescription", "Location permission")],
      strings: ["ru": "\"NSLocationWhenInUseUsageDescription\" = \"Shows the cafés around you on the map.\";\n"])
    defer { app.remove() }
    let findings = try app.lint().findings.filter { $0.message.contains("App Review") }
    #expect(findings.map { "\($0.severity) \($0.rule) \($0.locale ?? "-") \($0.line ?? 0)" } == ["warning K5 - 7", "warning K5 ru 1"])
    #expect(findings.first?.message.hasPrefix("NSLocationWhenInUseUsageDescription may be rejected by App Review (guideline 5.1.1") == true)
  }

  @Test("11. a localization holding the development language's text, untranslated, is flagged; a shared word or two is not")
  func untranslatedText() throws {
    let app = try App(
      [("CFBundleDevelopmentRegion", "en"), Self.whenInUse],
      strings: [
        "de": "\"NSLocationWhenInUseUsageDescription\" = \"Shows the cafés around you on the map.\";\n",
        "en-GB": "\"NSLocationWhenInUseUsageDescription\" = \"Shows the cafés around you on the map.\";\n",
      ])
    defer { app.remove() }
    let findings = try app.lint().findings.filter { $0.message.contains("App Review") }
    #expect(findings.map { $0.locale ?? "-" } == ["de"], "en-GB is the development language's own")
    #expect(findings.first?.message.hasSuffix("it is the en text, untranslated") == true)
  }

  // MARK: - 6. The linked SDK

  @Test("6. --sdk: an app linked before 11 keeps the iOS 8–10 Always key rule on 11+ (K1b)")
  func linkedSDK() throws {
    let app = try App([Self.whenInUse, ("NSLocationAlwaysUsageDescription", "Tracks your runs in the background.")])
    defer { app.remove() }
    var options = Self.fromEleven
    options.intents = [.whenInUse, .always]
    #expect(try app.lint(options).hasErrors)
    options.sdk = OSVersion(10, 3)
    let old = try app.lint(options)
    #expect(!old.findings.contains { $0.rule == .K2 })
    #expect(!old.hasErrors)
  }

  // MARK: - 13. Lines

  @Test("13. each finding about a key points at the key's line in the Info.plist")
  func lines() throws {
    let app = try App([
      ("CFBundleDisplayName", "Cafés"), ("NSLocationWhenInUsageDescription", "Shows the cafés around you on the map."),
      ("NSLocationDefaultAccuracyReduced", "YES"),
    ])
    defer { app.remove() }
    let findings = try app.lint().findings
    // Lines 1–4 open the plist; each key takes two lines.
    #expect(findings.first { $0.rule == .K1 }?.line == 7)
    #expect(findings.first { $0.rule == .K3 }?.line == 9)
    let typo = try #require(findings.first { $0.rule == .K1 })
    #expect(typo.description.hasPrefix(app.folder + "/Info.plist:7: error: "))
  }
}
