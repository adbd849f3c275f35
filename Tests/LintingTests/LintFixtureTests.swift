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

  /// The errors and warnings of a lint run, briefly.
  static func problems(_ name: String, _ options: LintOptions = LintOptions()) throws -> [String] {
    try Linter.run(path: LintFixtures.path(name), options: options).findings.filter { $0.severity != .note }.map(brief)
  }

  @Test("a complete app: no errors, no warnings; notes on Settings (S1) and the Always upgrade (R4, R5, R11, R12)")
  func complete() throws {
    let report = try Linter.run(path: LintFixtures.path("Complete"))
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

  @Test("only the old Always key: requestAlwaysAuthorization is a silent no-op from iOS 11 (K2)")
  func missingAlwaysKey() throws {
    let report = try Linter.run(path: LintFixtures.path("MissingKeys"))
    #expect(report.hasErrors)
    let error = try #require(report.findings.first)
    #expect(Self.brief(error) == "error K2 NSLocationAlwaysAndWhenInUseUsageDescription - 11.0–26.x")
    #expect(error.fix == "add NSLocationAlwaysAndWhenInUseUsageDescription")
    #expect(
      error.description
        == "\(LintFixtures.path("MissingKeys"))/Info.plist: error: iOS 11.0–26.x: requestAlwaysAuthorization is a silent no-op without NSLocationAlwaysAndWhenInUseUsageDescription: no alert, no callback (K2); fix: add NSLocationAlwaysAndWhenInUseUsageDescription")
    #expect(try Self.problems("MissingKeys") == ["error K2 NSLocationAlwaysAndWhenInUseUsageDescription - 11.0–26.x"])
    // S1: an 11+ app with only the old Always key gets no Always in Settings.
    let settings = report.findings.filter { $0.rule == .S1 }.map { "\($0.versions): \($0.message)" }
    #expect(settings.prefix(2) == [
      "8.0–10.x: Settings lists Never · While Using the App · Always", "11.0–12.x: Settings lists Never · While Using the App",
    ])
  }

  @Test("only iOS 7's NSLocationUsageDescription: every When-In-Use request is a no-op from iOS 8 (K1, K2)")
  func legacy() throws {
    #expect(try Self.problems("Legacy") == ["error K2 NSLocationWhenInUseUsageDescription - 8.0–26.x"])
    // iOS 7 has no request calls, so the range starting at 7 still reports from 8.0.
    let options = LintOptions(versions: OSVersion(7)...OSVersion(18))
    #expect(try Self.problems("Legacy", options) == ["error K2 NSLocationWhenInUseUsageDescription - 8.0–18.x"])
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
    let findings = try Linter.run(path: LintFixtures.path("WrongTypes")).findings
    let k3 = try #require(findings.first { $0.rule == .K3 })
    #expect(k3.message == "NSLocationDefaultAccuracyReduced is a String, not a Boolean: ignored, so the app gets full accuracy by default")
    #expect(k3.fix == "write <true/>")
    let k2 = try #require(findings.first { $0.rule == .K2 })
    #expect(k2.fix == "make NSLocationWhenInUseUsageDescription a non-empty String")
  }

  @Test("translations: purpose keys (K4) and usage descriptions (K5) missing per locale, build settings, a folder without strings")
  func localized() throws {
    let report = try Linter.run(path: LintFixtures.path("Localized"))
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
    let report = try Linter.run(path: LintFixtures.path("AppClip"))
    #expect(report.versions == "14.0–26.x")
    #expect(report.findings.filter { $0.severity != .note }.map(Self.brief) == ["error A2 NSAppClip - 14.0–26.x"])
    #expect(report.findings.contains { $0.rule == .A1 && $0.versions == "14.0–26.x" })
    // --app-clip makes any app an App Clip.
    let forced = try Linter.run(path: LintFixtures.path("Complete"), options: LintOptions(appClip: true))
    #expect(forced.findings.contains { $0.rule == .A2 && $0.severity == .error })
    // Below iOS 14 there are no App Clips to check.
    let early = try Self.problems("AppClip", LintOptions(versions: OSVersion(8)...OSVersion(13, 4)))
    #expect(early == ["warning A1 NSAppClip - 8.0–13.4"])
  }

  @Test("--intends background without location in UIBackgroundModes: B2 crash from iOS 9, B1 before; no purpose key: T4")
  func intentions() throws {
    let options = LintOptions(intents: [.whenInUse, .background, .temporaryFullAccuracy])
    let report = try Linter.run(path: LintFixtures.path("Background"), options: options)
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
      let names = try Linter.run(path: LintFixtures.path(name)).checks.map(\.name)
      #expect(Set(names).count == names.count, "\(name): \(names)")
    }
  }
}
