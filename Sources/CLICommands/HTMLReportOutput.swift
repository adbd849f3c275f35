import ArgumentParser
import PermissionModel
import Reporting

/// `--output html=PATH` of `permsim run`: one self-contained HTML page, written when the run ends.
struct HTMLReportOutput: Equatable {
  /// The kind's name in `--output`.
  static let kind = "html"

  /// The file the page is written to.
  var path: String

  /// Whether `text` (an `--output` value) asks for the HTML report.
  static func isRequested(by text: String) -> Bool {
    text == kind || text.hasPrefix(kind + "=")
  }

  /// Parses `html=PATH`: a page is a file to open, so it needs a path.
  init(parsing text: String) throws {
    guard text.hasPrefix(Self.kind + "="), text.count > Self.kind.count + 1, text != Self.kind + "=-" else {
      throw ValidationError("--output \(text): an HTML report needs a file, html=PATH")
    }
    path = String(text.dropFirst(Self.kind.count + 1))
  }

  /// The reporter that writes the page, its file opened now (an unwritable path is a usage error before
  /// the run) and added to `files`, whose write failures the run reports.
  ///
  /// - Parameter policy: `--html-output`: whether passed cases keep their timelines (`all`) or only their summary.
  func reporter(policy: JUnitXMLReporter.OutputPolicy, files: inout [TextOutputFile]) throws -> HTMLReporter {
    let file = try TextOutputFile(path: path)
    files.append(file)
    return HTMLReporter(policy: policy, ruleTexts: Self.ruleTexts) { file.write($0) }
  }

  /// Every rule's statement by id, for the page's links from rule ids to their texts (as in docs/rules.md).
  static let ruleTexts: [String: String] = Dictionary(
    RuleStatement.all.map { ($0.rule.rawValue, $0.text) }, uniquingKeysWith: { first, _ in first })
}
