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

  @Test("from iOS 8 the range walks every layer and reaches 26.x; 18.x is the release before 26 (§1)")
  func fullRange() throws {
    let fromEight = OSVersion(8)...LintOptions.defaultVersions.upperBound
    #expect(Self.labels(fromEight) == [
      "8.x", "9.0–10.x", "11.x", "12.x", "13.0–13.3", "13.4–13.x", "14.x", "15.0–16.x", "17.x", "18.x", "26.x",
    ])
    #expect(VersionSpan.label(VersionSpan.covering(fromEight)[...]) == "8.0–26.x")
    #expect(Self.labels(try LintOptions.versions(parsing: "17.0...26.1")) == ["17.x", "18.x", "26.0–26.1"])
    #expect(VersionSpan.covering(fromEight).map(\.rules.since) == RuleLayer.all.dropFirst().map(\.since))
  }

  @Test("without --ios nor anything that says where the app starts, the range starts at the assumed deployment target, 15.0")
  func assumedRange() throws {
    #expect(try LintCommand.parse([LintFixtures.path("Complete")]).options().versions == nil)
    #expect(LintOptions.assumedDeploymentTarget == OSVersion(15))
    #expect(VersionSpan.label(VersionSpan.covering(LintOptions.defaultVersions)[...]) == "15.0–26.x")
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
