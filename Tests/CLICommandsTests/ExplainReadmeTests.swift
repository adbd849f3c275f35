import Foundation
import PermissionModel
import PermsimTestSupport
import Testing

@testable import CLICommands

@Suite("explain: the README's diagrams")
struct ExplainReadmeTests {
  /// The versions `Scripts/update-readme` draws, in order.
  static let versions = ["12", "13.4", "14"]
  static let begin = "<!-- explain:begin -->\n"
  static let end = "<!-- explain:end -->"

  /// The block between the markers as `Scripts/update-readme` writes it: a heading and a mermaid fence per version.
  static func expectedBlock() throws -> String {
    try versions.map { version in
      let diagram = ExplainCommand.render(version: try OSVersion(parsing: version), document: nil, format: .mermaid)
      return "#### iOS \(version)\n\n```mermaid\n\(diagram)\n```\n"
    }.joined(separator: "\n")
  }

  @Test("README.md holds the diagrams explain draws today for iOS 12, 13.4 and 14")
  func readmeIsCurrent() throws {
    let readme = try String(contentsOfFile: LintFixtures.packageRoot + "/README.md", encoding: .utf8)
    let start = try #require(readme.range(of: Self.begin), "README.md has no \(Self.begin)")
    let stop = try #require(
      readme.range(of: Self.end, range: start.upperBound..<readme.endIndex), "README.md has no \(Self.end)")
    let block = String(readme[start.upperBound..<stop.lowerBound])
    #expect(
      block == (try Self.expectedBlock()),
      "README.md's state machine diagrams are out of date: run Scripts/update-readme")
  }

  @Test("each README diagram is a flowchart whose edges join declared nodes")
  func readmeDiagramsAreWellFormed() throws {
    for version in Self.versions {
      let diagram = ExplainCommand.render(version: try OSVersion(parsing: version), document: nil, format: .mermaid)
      let outline = ExplainMermaidOutline(diagram)
      #expect(outline.header == "flowchart TD")
      let ids = Set(outline.nodes.map(\.id))
      #expect(outline.edges.allSatisfy { ids.contains($0.from) && ids.contains($0.to) })
    }
  }
}
