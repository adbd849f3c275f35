import PermissionModel
import PermsimTestSupport
import Testing

@testable import CLICommands
@testable import Diagrams

@Suite("explain: the command")
struct ExplainCommandTests {
  /// Runs `permsim explain` in-process and returns its status, standard output and standard error.
  static func explain(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
    let command = try ExplainCommand.parse(arguments)
    var output = ""
    var errors = ""
    let status = command.perform(output: { output += $0 }, errors: { errors += $0 })
    return (status, output, errors)
  }

  @Test("--format mermaid prints the diagram; text is the default")
  func formats() throws {
    let mermaid = try Self.explain(["--ios", "13.4", "--format", "mermaid"])
    #expect(mermaid.status == 0)
    #expect(mermaid.output == StateMachineDiagram(version: OSVersion(13, 4), keys: Set(UsageDescriptionKey.allCases)).mermaid + "\n")
    let text = try Self.explain(["--ios", "13.4"])
    #expect(text.output.hasPrefix("Rules since iOS 13.4"))
    let dot = try Self.explain(["--ios", "9", "--format", "dot"])
    #expect(dot.output.hasPrefix("digraph permsim {"))
  }

  @Test("--plist draws the machine for the app's keys (K2 self-loops) and reads an app folder or its Info.plist")
  func plist() throws {
    for path in [LintFixtures.path("Background"), LintFixtures.path("Background") + "/Info.plist"] {
      let result = try Self.explain(["--ios", "14", "--plist", path, "--format", "mermaid"])
      #expect(result.status == 0)
      #expect(result.output.contains(
        "ND -->|\"requestAlwaysAuthorization · no alert: missing NSLocationAlwaysAndWhenInUseUsageDescription (K2)\"| ND"))
    }
    let clip = try Self.explain(["--ios", "14", "--plist", LintFixtures.path("AppClip"), "--format", "mermaid"])
    #expect(clip.output.contains("(A2)"))
    // A3: an App Clip's first prompt is P14, without Allow Once.
    let clipText = try Self.explain(["--ios", "14", "--plist", LintFixtures.path("AppClip")])
    #expect(clipText.output.hasPrefix("Rules since iOS 14.0 (layers: 7.0, 8.0, 9.0, 11.0, 12.0, 13.0, 13.4, 14.0; for App Clips)"))
    // Z1: with --plist the titles name the app, as the phone shows them.
    #expect(clipText.output.contains("ND + requestWhenInUseAuthorization: P14 “Allow “Parking” to use your location?”: Allow While Using Until Tomorrow → WIU"))
    #expect(!clipText.output.contains("%@"))
    #expect(!clip.output.contains("%@"))
    #expect(!clipText.output.contains("Allow Once"))
  }

  @Test("exit status: 1 for an Info.plist that does not parse, 2 for one that cannot be read or a bad version")
  func exitStatus() throws {
    let malformed = try Self.explain(["--ios", "14", "--plist", LintFixtures.path("Malformed")])
    #expect(malformed.status == 1)
    #expect(malformed.errors.hasPrefix("permsim: \(LintFixtures.path("Malformed"))/Info.plist:7: "))
    let missing = try Self.explain(["--ios", "14", "--plist", LintFixtures.path("Nowhere")])
    #expect(missing.status == 2)
    #expect(missing.errors.contains("no such file or directory"))
    #expect(PermsimCommand.exitStatus(running: ["explain", "--ios", "19.0"]) == 2)
    #expect(PermsimCommand.exitStatus(running: ["explain", "--ios", "thirteen"]) == 2)
  }

  @Test("P7: explain --ios 13.0 and --ios 14.0 show the two button orders")
  func firstPromptOrders() throws {
    let ios13 = try Self.explain(["--ios", "13.0"])
    #expect(ios13.output.contains("ND + requestWhenInUseAuthorization: P7 “Allow “%@” to use your location?”: Allow While Using App → WIU"))
    let ios14 = try Self.explain(["--ios", "14.0"])
    #expect(ios14.output.contains("ND + requestWhenInUseAuthorization: P7 “Allow “%@” to use your location?”: Allow Once → WIUt"))
  }

  @Test("§1: explain reaches 26.x (N1) and refuses 19–25 with the reason", arguments: ["26", "26.2"])
  func ios26(text: String) throws {
    let result = try Self.explain(["--ios", text])
    #expect(result.status == 0)
    #expect(result.output.hasPrefix("Rules since iOS 26.0"))
    #expect(PermsimCommand.exitStatus(running: ["explain", "--ios", "21"]) == 2)
    #expect {
      try ExplainCommand.parse(["--ios", "21"])
    } throws: { error in
      ExplainCommand.message(for: error).contains("iOS went from 18 to 26")
    }
  }

  @Test("the text format is the model's own explanation")
  func text() {
    let rendered = ExplainCommand.render(version: OSVersion(13, 4), document: nil, format: .text)
    #expect(rendered == RuleSet.forVersion(OSVersion(13, 4)).explanation(keys: Set(UsageDescriptionKey.allCases)))
  }
}
