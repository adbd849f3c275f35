import Foundation
import PermsimTestSupport
import Testing

@testable import CLICommands

/// The CI snippets of the README and of `permsim init` use options `permsim run` accepts.
@Suite("CI snippets")
struct CISnippetTests {
  /// Values the CI systems put in the snippets' variables.
  /// (`--shard auto` reads the variables of the CI that runs it: here it stands for the shard they would give.)
  static let variables = [
    "${{ matrix.ios }}": "14.0", "$IOS": "14.0", "${CI_NODE_INDEX}": "2", "${CI_NODE_TOTAL}": "4",
    "${{ matrix.shard }}": "2", "--shard auto": "--shard 2/4",
  ]

  /// The arguments after `permsim run` of every command in `text` that runs permsim.
  static func runCommands(in text: String) -> [[String]] {
    text.split(separator: "\n").compactMap { line -> [String]? in
      guard let range = line.range(of: "permsim run ") else { return nil }
      var command = String(line[range.upperBound...])
      if let quote = command.firstIndex(of: "'") { command = String(command[..<quote]) }
      for (name, value) in variables { command = command.replacingOccurrences(of: name, with: value) }
      return command.split(separator: " ").map(String.init)
    }
  }

  /// The README's section on CI, from its heading to the next section.
  static func readmeSection() throws -> String {
    let text = try String(contentsOf: ReadmeTests.readme, encoding: .utf8)
    let start = try #require(text.range(of: "## Reports for CI\n"))
    let end = text.range(of: "\n## ", range: start.upperBound..<text.endIndex)?.lowerBound ?? text.endIndex
    return String(text[start.upperBound..<end])
  }

  @Test("the README shows GitHub Actions (EnricoMi and mikepenz), GitLab and Jenkins, and which flavour each needs")
  func consumers() throws {
    let section = try Self.readmeSection()
    for name in [
      "EnricoMi/publish-unit-test-result-action@", "mikepenz/action-junit-report@", "reports:\n      junit:",
      "junit testResults:", "xunit tools:", "--junit-flavor strict",
    ] {
      #expect(section.contains(name), "\(name)")
    }
    #expect(section.contains("| Jenkins **xUnit plugin**, Ant `junitreport`, anything validating the Ant schema | **strict** |"))
  }

  @Test("every permsim run command of the README's CI snippets and of the init workflow parses")
  func commandsParse() throws {
    let commands = Self.runCommands(in: try Self.readmeSection()) + Self.runCommands(in: StarterProject.workflow)
    #expect(commands.count >= 7)
    for arguments in commands {
      var command = try #require(try? RunCommand.parse(arguments), "permsim run \(arguments.joined(separator: " ")) does not parse")
      // A bare run searches scenarios/ of the project it runs in; this folder has none, so name it.
      if command.paths.isEmpty { command.paths = [RunSettings.defaultFolder] }
      #expect(throws: Never.self, "\(arguments)") { _ = try RunSettings(command) }
    }
    #expect(Self.runCommands(in: "x: Scripts/permsim run S --shard ${CI_NODE_INDEX}/${CI_NODE_TOTAL}") == [["S", "--shard", "2/4"]])
  }

  @Test("a snippet with a wrong option would fail this check")
  func checkCanFail() {
    #expect((try? RunCommand.parse(["Scenarios", "--junit-format", "x"])) == nil)
    let command = try? RunCommand.parse(["Scenarios", "--shard", "5/4"])
    #expect(throws: (any Error).self) { _ = try RunSettings(#require(command)) }
  }
}
