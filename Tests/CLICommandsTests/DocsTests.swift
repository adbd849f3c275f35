import Diagrams
import Foundation
import PermissionModel
import PermsimTestSupport
import ScenarioRuntime
import Testing

@testable import CLICommands

/// The references in docs/, generated from the model's rule data and the member tables (issue 18, point 6).
@Suite("docs/: the rule and API references")
struct DocsTests {
  static func read(_ path: String) throws -> String {
    try String(contentsOf: PermsimProcess.packageRoot.appendingPathComponent(path), encoding: .utf8)
  }

  @Test("docs/rules.md is what `permsim explain --rules` prints (Scripts/update-docs rewrites it)")
  func rulesAreCurrent() throws {
    var output = ""
    let status = try ExplainCommand.parse(["--rules"]).perform(output: { output += $0 }, errors: { _ in })
    #expect(status == 0)
    #expect(try Self.read("docs/rules.md") == output, "run PERMSIM=.build/debug/permsim Scripts/update-docs")
  }

  @Test("docs/api.md is what `permsim definitions --format markdown` prints (Scripts/update-docs rewrites it)")
  func apiIsCurrent() throws {
    #expect(try Self.read("docs/api.md") == ScenarioAPI.markdownReference(), "run PERMSIM=.build/debug/permsim Scripts/update-docs")
    for type in ScenarioAPI.typeNames {
      #expect(ScenarioAPI.markdownReference().contains("\n## \(type)\n"))
    }
  }

  @Test("every rule id has exactly one statement, listed in the reference with its versions")
  func everyRuleHasAStatement() {
    for rule in RuleID.allCases {
      #expect(RuleStatement.all.filter { $0.rule == rule }.count == 1, "\(rule)")
      #expect(!RuleReference.markdown.contains("| \(rule) | | (no statement"), "\(rule)")
    }
    #expect(RuleReference.markdown.contains("| R12 | 13.4+ | requestAlwaysAuthorization from WIU"))
    #expect(RuleReference.markdown.contains("| R11 | 13.0–13.3 |"))
    #expect(RuleReference.markdown.contains("| P2 | 8.0–10.x |"))
    #expect(RuleReference.markdown.contains("| P1 | 7.x |"))
    #expect(RuleReference.markdown.contains("| C1 | all |"))
  }

  @Test("v3 (issue 39): the reference lists E6b, S1b and UP1–UP5, and each open question as open with the reports on both sides")
  func version3() throws {
    let reference = try Self.read("docs/rules.md")
    for rule in [RuleID.E6b, .S1b, .UP1, .UP2, .UP3, .UP4, .UP5] {
      #expect(reference.contains("\n| \(rule) | "), "\(rule)")
    }
    #expect(reference.contains("| UP3 | 14.0+ |"))
    #expect(reference.contains("\n## Open questions\n"))
    #expect(OpenQuestion.all.count == 4)
    for question in OpenQuestion.all {
      #expect(!question.reportsFor.isEmpty && !question.reportsAgainst.isEmpty, "\(question.question)")
      #expect(reference.contains("### \(question.question)\n\n*Open* — rules "), "\(question.question)")
      for report in question.reportsFor { #expect(reference.contains("- Reported: \(report)")) }
      for report in question.reportsAgainst { #expect(reference.contains("- Against, followed by the model: \(report)")) }
    }
    for source in [
      "zoontek/react-native-permissions#490", "Bluedot", "Almoullim/background_location#29 and #39", "Apple forum thread 767865",
    ] {
      #expect(reference.contains(source), "\(source)")
    }
  }

  @Test("UP1–UP4: `explain` says what an upgrade into the version changes; UP3 only into 14")
  func explainUpgradeNote() {
    let into14 = ExplainCommand.render(version: OSVersion(14), document: nil, format: .text)
    #expect(into14.contains("\nUpgrade into iOS 14.0 from an older version: the phone restarts"))
    #expect(into14.contains("(UP1)") && into14.contains("(UP2)") && into14.contains("(UP3)") && into14.contains("(UP4)"))
    let into17 = ExplainCommand.render(version: OSVersion(17, 2), document: nil, format: .text)
    #expect(into17.contains("Upgrade into iOS 17.0 from an older version:"))
    #expect(into17.contains("Live updates (CLLocationUpdate)"))
    #expect(!into17.contains("(UP3)"))
    #expect(!ExplainCommand.render(version: OSVersion(7), document: nil, format: .text).contains("Upgrade into"))
  }

  @Test("each statement's versions agree with the rule layers: every request row, alert and system prompt of a layer holds there")
  func statementsAgreeWithLayers() throws {
    let everyKey = Set(UsageDescriptionKey.allCases)
    for layer in RuleLayer.all {
      let rules = RuleSet.forVersion(layer.since)
      var cited: [RuleID] = []
      for edge in rules.requestEdges(keys: everyKey) {
        cited.append(edge.rule)
        if let alert = edge.alert { cited.append(alert.id) }
      }
      for prompt in rules.systemPrompts { cited += [prompt.id, prompt.alert.id] }
      for rule in Set(cited) {
        let statement = try #require(RuleStatement.of(rule), "\(rule)")
        #expect(statement.holds(on: layer.since), "\(rule) is cited by the \(layer.since) layer but its statement says \(RuleReference.versions(of: statement))")
      }
    }
  }

  @Test("`explain --rules` takes neither --ios nor --plist; `explain` without either is a usage error")
  func rulesOptions() {
    #expect(PermsimCommand.exitStatus(running: ["explain", "--rules", "--ios", "14"]) == 2)
    #expect(PermsimCommand.exitStatus(running: ["explain"]) == 2)
  }

  @Test("the README links both references, and no Markdown file in the repository links to a file that is not in it")
  func links() throws {
    let readme = try Self.read("README.md")
    #expect(readme.contains("](docs/rules.md)"))
    #expect(readme.contains("](docs/api.md)"))
    let root = PermsimProcess.packageRoot
    let listing = Process()
    listing.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    listing.arguments = ["git", "-C", root.path, "ls-files", "*.md"]
    let pipe = Pipe()
    listing.standardOutput = pipe
    try listing.run()
    let files = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      .split(separator: "\n").map(String.init)
    listing.waitUntilExit()
    #expect(files.contains("README.md"))
    let link = /\]\(([^)\s]+)\)/
    for file in files + ["docs/rules.md", "docs/api.md"] {
      let text = try Self.read(file)
      let folder = root.appendingPathComponent(file).deletingLastPathComponent()
      for match in text.matches(of: link) {
        let target = String(match.output.1)
        if target.hasPrefix("http:") || target.hasPrefix("https:") || target.hasPrefix("#") || target.hasPrefix("mailto:") { continue }
        let path = String(target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0])
        let resolved = folder.appendingPathComponent(path).standardizedFileURL.path
        #expect(FileManager.default.fileExists(atPath: resolved), "\(file) links to \(target), which is not in the repository")
        #expect(resolved.hasPrefix(root.standardizedFileURL.path), "\(file) links outside the repository: \(target)")
      }
    }
  }
}
