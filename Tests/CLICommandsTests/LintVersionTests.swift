import PermissionModel
import PermsimTestSupport
import Testing

@testable import CLICommands
@testable import Linting

@Suite("lint: version ranges from the rule layers")
struct LintVersionTests {
  static func labels(_ range: ClosedRange<OSVersion>) -> [String] {
    VersionSpan.covering(range).map { VersionSpan.label([$0][...]) }
  }

  @Test("the default range walks every layer from 8.0 and reaches 26.x; 18.x is the release before 26 (§1)")
  func defaultRange() throws {
    #expect(Self.labels(LintOptions.defaultVersions) == [
      "8.x", "9.0–10.x", "11.x", "12.x", "13.0–13.3", "13.4–13.x", "14.x", "15.0–16.x", "17.x", "18.x", "26.x",
    ])
    #expect(VersionSpan.label(VersionSpan.covering(LintOptions.defaultVersions)[...]) == "8.0–26.x")
    // Without --ios, the range is the app's: from its MinimumOSVersion when it declares one, else 8.0.
    #expect(try LintCommand.parse([LintFixtures.path("Complete")]).options().versions == nil)
    #expect(Self.labels(try LintOptions.versions(parsing: "17.0...26.1")) == ["17.x", "18.x", "26.0–26.1"])
    #expect(VersionSpan.covering(LintOptions.defaultVersions).map(\.rules.since) == RuleLayer.all.dropFirst().map(\.since))
  }

  @Test("ranges are clipped to their ends; a single version is one span named by it", arguments: [
    ("13.4", ["13.4"]), ("13.0...13.3", ["13.0–13.3"]), ("12...13", ["12.x", "13.0"]),
    ("13.0...13.0", ["13.0"]), ("10.3...11.2", ["10.3–10.x", "11.0–11.2"]), ("7...8", ["7.x", "8.x"]),
  ])
  func clipped(text: String, expected: [String]) throws {
    #expect(Self.labels(try LintOptions.versions(parsing: text)) == expected)
  }

  @Test("--ios rejects reversed ranges, malformed and unsupported versions", arguments: ["14...13", "banana", "6.0", "8.0...19", "8.0..18"])
  func rejected(text: String) {
    #expect(throws: MisuseError.self) { try LintOptions.versions(parsing: text) }
  }

  @Test("findings on neighbouring layers merge into one range; a gap starts a new one")
  func merging() throws {
    let wide = try Linter.run(
      path: LintFixtures.path("Background"), options: LintOptions(versions: OSVersion(11)...OSVersion(18), intents: [.always]))
    #expect(wide.findings.filter { $0.rule == .K2 }.map(\.versions) == ["11.0–18.x"])
    let narrow = try Linter.run(
      path: LintFixtures.path("Background"), options: LintOptions(versions: OSVersion(13, 4)...OSVersion(13, 4), intents: [.always]))
    #expect(narrow.findings.filter { $0.rule == .K2 }.map(\.versions) == ["13.4"])
    #expect(narrow.versions == "13.4")
  }
}
