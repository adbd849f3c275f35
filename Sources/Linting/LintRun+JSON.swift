import Foundation

extension LintRun {
  /// The JSON output: `{"version", "failed", "plists": [{"path", "versions", "rangeSource", "intents", "findings"…}]}`.
  package var json: String {
    Self.encoded(
      Document(
        version: version, failed: failed,
        plists: outcomes.map { outcome in
          switch outcome {
          case .report(let report):
            Plist(
              path: report.path, versions: report.versions, rangeSource: report.rangeSource.jsonName,
              intents: report.intents.map(\.rawValue), intentsInferred: report.intentsInferred, failed: report.hasErrors,
              findings: report.findings.map(Finding.init), parseError: nil)
          case .unparsable(let plist, let file, let line, let reason):
            Plist(
              path: plist, versions: nil, rangeSource: nil, intents: [], intentsInferred: nil, failed: true, findings: [],
              parseError: ParseError(file: file, line: line, message: reason))
          }
        }))
  }

  /// Pretty, key-sorted JSON with a final newline.
  static func encoded(_ value: some Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    // The values are strings, numbers and Booleans: encoding cannot fail.
    return String(decoding: (try? encoder.encode(value)) ?? Data(), as: UTF8.self) + "\n"
  }

  private struct Document: Encodable {
    var version: String
    var failed: Bool
    var plists: [Plist]
  }

  private struct Plist: Encodable {
    var path: String
    var versions: String?
    var rangeSource: String?
    var intents: [String]
    var intentsInferred: Bool?
    var failed: Bool
    var findings: [Finding]
    var parseError: ParseError?
  }

  private struct ParseError: Encodable {
    var file: String
    var line: Int?
    var message: String
  }

  private struct Finding: Encodable {
    var severity: String
    var rule: String
    var key: String?
    var locale: String?
    var versions: String
    var file: String
    var line: Int?
    var message: String
    var fix: String?

    init(_ finding: LintFinding) {
      severity = finding.severity.rawValue
      rule = finding.rule.rawValue
      key = finding.key
      locale = finding.locale
      versions = finding.versions
      file = finding.file
      line = finding.line
      message = finding.message
      fix = finding.fix
    }
  }
}

extension LintRangeSource {
  /// How the JSON output names it: `--ios`, the key, `xcodeproj:PATH`, or `assumed`.
  var jsonName: String {
    switch self {
    case .given: "--ios"
    case .infoPlistKey(let key): key
    case .xcodeProject(let project): "xcodeproj:\(project)"
    case .assumed: "assumed"
    }
  }
}
