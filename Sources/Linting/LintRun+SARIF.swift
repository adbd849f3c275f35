import Foundation

extension LintRun {
  /// The SARIF 2.1.0 output, as GitHub code scanning reads it: one run of the tool `permsim lint`, one
  /// result per finding (and per file that does not parse), each at its file and, when known, line.
  package var sarif: String {
    var results: [Result] = []
    for outcome in outcomes {
      switch outcome {
      case .report(let report):
        results += report.findings.map { finding in
          Result(
            ruleId: finding.rule.rawValue, level: finding.severity.rawValue,
            message: Message(text: "iOS \(finding.versions): \(finding.message)" + (finding.fix.map { "; fix: \($0)" } ?? "")),
            locations: [Location(finding.file, line: finding.line)])
        }
      case .unparsable(_, let file, let line, let reason):
        results.append(
          Result(ruleId: Self.parseRule, level: "error", message: Message(text: reason), locations: [Location(file, line: line)]))
      }
    }
    let rules = Array(Set(results.map(\.ruleId))).sorted().map { Rule(id: $0, helpUri: Self.rulesPage) }
    let driver = Driver(name: "permsim lint", version: version, informationUri: Self.rulesPage, rules: rules)
    return Self.encoded(Log(runs: [Run(tool: Tool(driver: driver), results: results)]))
  }

  /// The rule id of a file that does not parse.
  static let parseRule = "plist"

  /// Where every rule id is stated, relative to the repository (SARIF allows a relative reference).
  static let rulesPage = "docs/rules.md"

  private struct Log: Encodable {
    var schema = "https://json.schemastore.org/sarif-2.1.0.json"
    var version = "2.1.0"
    var runs: [Run]

    enum CodingKeys: String, CodingKey {
      case schema = "$schema"
      case version, runs
    }
  }

  private struct Run: Encodable {
    var tool: Tool
    var results: [Result]
  }

  private struct Tool: Encodable {
    var driver: Driver
  }

  private struct Driver: Encodable {
    var name: String
    var version: String
    var informationUri: String
    var rules: [Rule]
  }

  private struct Rule: Encodable {
    var id: String
    var helpUri: String
  }

  private struct Result: Encodable {
    var ruleId: String
    var level: String
    var message: Message
    var locations: [Location]
  }

  private struct Message: Encodable {
    var text: String
  }

  private struct Location: Encodable {
    var physicalLocation: PhysicalLocation

    init(_ file: String, line: Int?) {
      let uri = file.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? file
      physicalLocation = PhysicalLocation(
        artifactLocation: ArtifactLocation(uri: file.hasPrefix("/") ? "file://" + uri : uri), region: line.map(Region.init))
    }
  }

  private struct PhysicalLocation: Encodable {
    var artifactLocation: ArtifactLocation
    var region: Region?
  }

  private struct ArtifactLocation: Encodable {
    var uri: String
  }

  private struct Region: Encodable {
    var startLine: Int
  }
}
