import ArgumentParser
import Foundation
import PermsimTestSupport
import Testing

@testable import CLICommands

/// README.md's generated blocks match what the tool prints today (`Scripts/update-readme` rewrites them).
@Suite("README")
struct ReadmeTests {
  static let readme = PermsimProcess.packageRoot.appendingPathComponent("README.md")

  /// The text between `<!-- name:begin -->` and `<!-- name:end -->`.
  static func block(_ name: String) throws -> String {
    let text = try String(contentsOf: readme, encoding: .utf8)
    let begin = try #require(text.range(of: "<!-- \(name):begin -->\n"), "README.md has no \(name) block")
    let end = try #require(text.range(of: "<!-- \(name):end -->", range: begin.upperBound..<text.endIndex))
    return String(text[begin.upperBound..<end.lowerBound])
  }

  @Test("each subcommand's --help is the README's", arguments: [
    ("run", RunCommand.self as ParsableCommand.Type), ("repl", ReplCommand.self), ("lint", LintCommand.self),
    ("explain", ExplainCommand.self), ("eval", EvalCommand.self), ("init", InitCommand.self),
    ("preview", PreviewCommand.self),
  ])
  func help(name: String, command: ParsableCommand.Type) throws {
    let help = PermsimCommand.helpMessage(for: command, columns: 80)
    #expect(try Self.block("help:\(name)") == "```text\n\(help)\n```\n", "README.md's \(name) --help is stale: run Scripts/update-readme")
  }

  @Test("the example run is what permsim prints for it")
  func exampleRun() throws {
    let output = try PermsimProcess.run(["run", "Tests/Fixtures/readme"], environment: ["PERMSIM_DETERMINISTIC_TIME": "1"])
    #expect(output.status == 1)
    let expected = "```text\n$ Scripts/permsim run Tests/Fixtures/readme\n\(output.standardOutput)```\n"
    #expect(try Self.block("run") == expected, "README.md's example run is stale: run Scripts/update-readme")
  }

  @Test("the two commands a newcomer needs are the README's first commands")
  func twoCommands() throws {
    let text = try String(contentsOf: Self.readme, encoding: .utf8)
    let section = try #require(text.components(separatedBy: "## Two commands").dropFirst().first)
    let commands = section.components(separatedBy: "```sh\n").dropFirst().first?.components(separatedBy: "```").first ?? ""
    #expect(commands.contains("Scripts/permsim run Examples"))
    #expect(commands.contains("Scripts/test"))
    let ci = try String(contentsOf: PermsimProcess.packageRoot.appendingPathComponent(".ci/run"), encoding: .utf8)
    #expect(ci.contains("Scripts/test"), ".ci/run runs the README's test command")
  }
}
