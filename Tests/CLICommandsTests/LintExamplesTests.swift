import Foundation
import PermissionModel
import PermsimTestSupport
import Testing

@testable import CLICommands
@testable import Linting

/// `permsim lint` on each app of the Examples gallery finds what the app was made to show.
@Suite("lint: the example apps")
struct LintExamplesTests {
  /// Errors and warnings as "severity rule versions key", and the notes' rules, for an app linted from iOS 8 with
  /// its inferred intentions: a request only inferred from a key is a warning (issue 38, item 3); one that
  /// `location` in UIBackgroundModes proves the app needs is an error.
  static let expected: [(app: String, problems: [String], notes: Set<String>)] = [
    ("CoffeeClip", [], ["S1", "A1"]),
    ("LegacyAlways", [
      "warning K2 11.0–26.x NSLocationAlwaysAndWhenInUseUsageDescription",
      "warning K2 11.0–26.x NSLocationWhenInUseUsageDescription",
    ], ["S1", "R4"]),
    ("LocalWeather", ["warning K2 8.0–10.x NSLocationAlwaysUsageDescription"], ["S1", "R5", "R11", "R12"]),
    ("Navigator", [], ["S1", "R4", "R5", "R11", "R12"]),
    ("NoKeys", ["error K2 8.0–26.x NSLocationWhenInUseUsageDescription"], ["S1"]),
    ("StoreFinder", [], ["S1"]),
    ("Stride", ["warning K2 8.0–10.x NSLocationAlwaysUsageDescription"], ["S1", "R5", "R11", "R12"]),
    ("Tracker", [], ["S1", "R4", "R5", "R11", "R12"]),
    ("WeatherLite", [], ["S1"]),
    ("WeatherLiteLegacy", ["warning K3 14.0–26.x NSLocationDefaultAccuracyReduced"], ["S1"]),
    ("Wayfinder", ["warning K2 8.0–10.x NSLocationAlwaysUsageDescription"], ["S1", "R5", "R11", "R12"]),
    ("WiFiFinder", [], ["S1"]),
  ]

  private static func lint(_ app: String, _ options: LintOptions = LintOptions(versions: OSVersion(8)...OSVersion(26))) throws -> LintReport {
    try Linter.run(path: PermsimProcess.packageRoot.appendingPathComponent("Examples/apps/\(app)").path, options: options)
  }

  @Test("each example app's findings", arguments: expected.map(\.app))
  func findings(app: String) throws {
    let expectation = try #require(Self.expected.first { $0.app == app })
    let report = try Self.lint(app)
    let problems = report.findings.filter { $0.severity != .note }
      .map { "\($0.severity) \($0.rule.rawValue) \($0.versions) \($0.key ?? "")" }
    #expect(problems.sorted() == expectation.problems.sorted())
    #expect(Set(report.findings.filter { $0.severity == .note }.map(\.rule.rawValue)) == expectation.notes)
    #expect(report.hasErrors == expectation.problems.contains { $0.hasPrefix("error") })
  }

  @Test("every example app has an expectation")
  func everyApp() throws {
    let apps = try FileManager.default.contentsOfDirectory(
      atPath: PermsimProcess.packageRoot.appendingPathComponent("Examples/apps").path)
    #expect(Set(apps) == Set(Self.expected.map(\.app)))
  }

  @Test("Tracker, meant to run in the background, crashes without the background mode (B2)")
  func trackerInBackground() throws {
    var options = LintOptions(versions: OSVersion(8)...OSVersion(26))
    options.intents = [.background]
    let report = try Self.lint("Tracker", options)
    #expect(report.findings.contains { $0.severity == .error && $0.rule.rawValue == "B2" && $0.versions == "9.0–26.x" })
  }

  @Test("the binary prints the findings and exits 1 on errors, 0 otherwise")
  func binary() throws {
    let failing = try PermsimProcess.run(["lint", "Examples/apps/NoKeys"])
    #expect(failing.status == 1)
    #expect(failing.standardOutput.contains("Examples/apps/NoKeys/Info.plist:13: error: iOS 15.0–26.x: requestWhenInUseAuthorization is a silent no-op"))
    let passing = try PermsimProcess.run(["lint", "Examples/apps/WiFiFinder/Info.plist"])
    #expect(passing.status == 0)
  }
}
