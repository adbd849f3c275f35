import PermissionModel
import Testing

@testable import Linting
import PermsimTestSupport

@Suite("lint: the findings on each fixture app")
struct LintFixtureTests {
  /// A finding in a form that is easy to compare: `severity rule key locale versions`.
  static func brief(_ finding: LintFinding) -> String {
    "\(finding.severity) \(finding.rule) \(finding.key ?? "-") \(finding.locale ?? "-") \(finding.versions)"
  }

  /// Every version from iOS 8, where the rules these fixtures show differ most.
  static let fromEight = OSVersion(8)...OSVersion(26)

  /// Lints the fixture `name` from iOS 8 unless `options` gives the versions.
  static func run(_ name: String, _ options: LintOptions = LintOptions()) throws -> LintReport {
    var options = options
    if options.versions == nil { options.versions = fromEight }
    return try Linter.run(path: LintFixtures.path(name), options: options)
  }

  /// The errors and warnings of a lint run from iOS 8, briefly.
  static func problems(_ name: String, _ options: LintOptions = LintOptions()) throws -> [String] {
    try run(name, options).findings.filter { $0.severity != .note }.map(brief)
  }

  @Test("a complete app: no errors, no warnings; notes on Settings (S1) and the Always upgrade (R4, R5, R11, R12)")
  func complete() throws {
    let report = try Self.run("Complete")
    #expect(!report.hasErrors)
    #expect(report.findings.allSatisfy { $0.severity == .note })
    #expect(report.intents == [.whenInUse, .always, .background, .temporaryFullAccuracy])
    #expect(report.intentsInferred)
    #expect(report.findings.map(Self.brief) == [
      "note R4 - - 8.0–10.x", "note R5 - - 11.0–12.x", "note R11 - - 13.0–13.3", "note R12 - - 13.4–26.x",
      "note S1 - - 8.0–12.x", "note S1 - - 13.0–14.x", "note S1 - - 15.0–26.x",
    ])
    let settings = report.findings.filter { $0.rule == .S1 }.map(\.message)
    #expect(settings.last == "Settings lists Never · Ask Next Time Or When I Share · While Using the App · Always")
    #expect(report.checks.allSatisfy { !$0.failed })
  }

  @Test("only the old Always key: on iOS 11+ requestAlwaysAuthorization is a silent no-op (K2), a warning when inferred, an error with --intends")
  func missingAlwaysKey() throws {
    let report = try Self.run("MissingKeys")
    #expect(!report.hasErrors, "the app may never request Always: the key can be a leftover (issue 38, item 3)")
    let warning = try #require(report.findings.first)
    #expect(Self.brief(warning) == "warning K2 NSLocationAlwaysAndWhenInUseUsageDescription - 11.0–26.x")
    #expect(warning.fix == "add NSLocationAlwaysAndWhenInUseUsageDescription")
    #expect(
      warning.description
        == "\(LintFixtures.path("MissingKeys"))/Info.plist:9: warning: iOS 11.0–26.x: requestAlwaysAuthorization is a silent no-op without NSLocationAlwaysAndWhenInUseUsageDescription: no alert, no callback (inferred from NSLocationAlwaysUsageDescription: if the app does this, say --intends always) (K2); fix: add NSLocationAlwaysAndWhenInUseUsageDescription")
    let declared = try Self.problems("MissingKeys", LintOptions(intents: [.whenInUse, .always]))
    #expect(declared == ["error K2 NSLocationAlwaysAndWhenInUseUsageDescription - 11.0–26.x"])
    // S1: an 11+ app with only the old Always key gets no Always in Settings.
    let settings = report.findings.filter { $0.rule == .S1 }.map { "\($0.versions): \($0.message)" }
    #expect(settings.prefix(2) == [
      "8.0–10.x: Settings lists Never · While Using the App · Always", "11.0–12.x: Settings lists Never · While Using the App",
    ])
  }

  @Test("only iOS 6–7's NSLocationUsageDescription: one warning with the fix (R1b), no request inferred; --sdk 7.1 makes it a note")
  func legacy() throws {
    let report = try Self.run("Legacy")
    #expect(report.intents.isEmpty)
    #expect(report.findings.filter { $0.severity != .note }.map(Self.brief) == ["warning R1b NSLocationUsageDescription - 8.0–26.x"])
    let warning = try #require(report.findings.first)
    #expect(warning.message.contains("no request can show an alert (K2) unless the app is linked against an SDK before 8.0"))
    #expect(warning.fix?.hasPrefix("add NSLocationWhenInUseUsageDescription") == true)
    #expect(warning.fix?.contains("--sdk 7.1") == true)
    // iOS 7 has no request calls, so a range starting at 7 still reports from 8.0.
    #expect(try Self.problems("Legacy", LintOptions(versions: OSVersion(7)...OSVersion(18))) == [
      "warning R1b NSLocationUsageDescription - 8.0–18.x"
    ])
    let linkedOld = try Self.run("Legacy", LintOptions(sdk: OSVersion(7, 1)))
    #expect(linkedOld.findings.filter { $0.severity != .note }.isEmpty)
    #expect(linkedOld.findings.contains { $0.rule == .R1b && $0.severity == .note && $0.message.contains("shows the Always alert") })
  }

  @Test("wrong types: K1 empty text, K3 String, K4 Integer entry, K6 String; and what follows from them (K2, T4)")
  func wrongTypes() throws {
    #expect(try Self.problems("WrongTypes") == [
      "error K2 NSLocationWhenInUseUsageDescription - 8.0–26.x",
      "error T4 NSLocationTemporaryUsageDescriptionDictionary - 14.0–26.x",
      "warning K1 NSLocationWhenInUseUsageDescription - 8.0–26.x",
      "warning K4 NSLocationTemporaryUsageDescriptionDictionary.WantsToNavigate - 14.0–26.x",
      "warning K3 NSLocationDefaultAccuracyReduced - 14.0–26.x",
      "warning K6 UIBackgroundModes - 8.0–26.x",
    ])
    let findings = try Self.run("WrongTypes").findings
    let k3 = try #require(findings.first { $0.rule == .K3 })
    #expect(k3.message == "NSLocationDefaultAccuracyReduced is a String, not a Boolean: ignored, so the app gets full accuracy by default")
    #expect(k3.fix == "write <true/>")
    let k2 = try #require(findings.first { $0.rule == .K2 })
    #expect(k2.fix == "make NSLocationWhenInUseUsageDescription a non-empty String")
  }

  @Test("translations: purpose keys (K4) and usage descriptions (K5) missing per locale, build settings, a folder without strings")
  func localized() throws {
    let report = try Self.run("Localized")
    #expect(!report.hasErrors)
    #expect(report.findings.filter { $0.severity != .note }.map(Self.brief) == [
      "warning K5 CFBundleName - 8.0–26.x",
      "warning K4 WantsToNavigate ja 14.0–26.x",
      "warning K5 NSLocationAlwaysUsageDescription zh-Hans 8.0–10.x",
      "warning K5 NSLocationAlwaysAndWhenInUseUsageDescription zh-Hans 11.0–26.x",
      "warning K4 WantsToNavigate zh-Hans 14.0–26.x",
      "warning K5 - de 8.0–26.x",
    ])
    let files = report.findings.filter { $0.severity == .warning }.map { $0.file.replacingOccurrences(of: LintFixtures.path("Localized") + "/", with: "") }
    #expect(files == [
      "Info.plist", "InfoPlist.xcstrings", "zh-Hans.lproj/InfoPlist.strings", "zh-Hans.lproj/InfoPlist.strings",
      "zh-Hans.lproj/InfoPlist.strings", "de.lproj",
    ])
    let placeholder = try #require(report.findings.first { $0.locale == "zh-Hans" && $0.key == "NSLocationAlwaysUsageDescription" })
    #expect(placeholder.message.contains("$(PRODUCT_NAME)"))
    // The development region (en) and its texts in the Info.plist are not checked against themselves.
    #expect(!report.checks.contains { $0.locale == "en" })
  }

  @Test("an App Clip asking for Always (A2) is checked only where App Clips exist, with the 04:00 expiry (A1)")
  func appClip() throws {
    let report = try Self.run("AppClip")
    #expect(report.versions == "14.0–26.x")
    // The Always keys suggest the request; only --intends always makes it sure (issue 38, item 3).
    #expect(report.findings.filter { $0.severity != .note }.map(Self.brief) == ["warning A2 NSAppClip - 14.0–26.x"])
    #expect(try Self.problems("AppClip", LintOptions(intents: [.always])) == ["error A2 NSAppClip - 14.0–26.x"])
    #expect(report.findings.contains { $0.rule == .A1 && $0.versions == "14.0–26.x" })
    // --app-clip makes any app an App Clip.
    let forced = try Self.run("Complete", LintOptions(appClip: true))
    #expect(forced.findings.contains { $0.rule == .A2 && $0.severity == .warning })
    // Below iOS 14 there are no App Clips to check.
    let early = try Self.problems("AppClip", LintOptions(versions: OSVersion(8)...OSVersion(13, 4)))
    #expect(early == ["warning A1 NSAppClip - 8.0–13.4"])
  }

  @Test("--intends background without location in UIBackgroundModes: B2 crash from iOS 9, B1 before; no purpose key: T4")
  func intentions() throws {
    let options = LintOptions(intents: [.whenInUse, .background, .temporaryFullAccuracy])
    let report = try Self.run("Background", options)
    #expect(report.intents == [.whenInUse, .background, .temporaryFullAccuracy])
    #expect(!report.intentsInferred)
    #expect(report.findings.filter { $0.severity != .note }.map(Self.brief) == [
      "error B2 UIBackgroundModes - 9.0–26.x",
      "error T4 NSLocationTemporaryUsageDescriptionDictionary - 14.0–26.x",
      "warning B1 UIBackgroundModes - 8.x",
    ])
    #expect(report.findings.first?.fix == "add location to UIBackgroundModes")
    // Inferred from the keys, the same app means only When-In-Use: nothing to report.
    #expect(try Self.problems("Background").isEmpty)
  }

  @Test("an explicit Always intention on a When-In-Use app names both keys on 11+ and the old one before")
  func alwaysIntended() throws {
    let options = LintOptions(versions: OSVersion(10)...OSVersion(18), intents: [.always])
    #expect(try Self.problems("Background", options) == [
      "error K2 NSLocationAlwaysUsageDescription - 10.x",
      "error K2 NSLocationAlwaysAndWhenInUseUsageDescription - 11.0–18.x",
    ])
  }

  @Test("the check names are unique, one per rule × key or locale")
  func checkNames() throws {
    for name in ["Complete", "Localized", "WrongTypes", "AppClip", "MissingKeys"] {
      let names = try Self.run(name).checks.map(\.name)
      #expect(Set(names).count == names.count, "\(name): \(names)")
    }
  }
}
