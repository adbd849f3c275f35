import Foundation
import PermissionModel

/// The rule reference, docs/rules.md: every rule id with its one-line statement and versions, and the layers.
///
/// Generated from the model's rule data (``RuleStatement``, ``RuleLayer``) by `permsim explain --rules`,
/// so that it changes when the data does: `Scripts/update-docs` rewrites the file and a test fails
/// when it is stale. A rule id without a statement is listed as such.
public enum RuleReference {
  /// The reference in Markdown.
  public static var markdown: String {
    var lines = [
      "# Rule reference", "",
      "<!-- Generated from the model's rule data by `permsim explain --rules`; Scripts/update-docs rewrites it. -->", "",
      "Every rule id that transcripts, `lint` findings and `explain` diagrams cite, with what the rule says and",
      "the iOS versions it holds on. `%@` is the app's name. The model covers iOS \(OSVersion.supportedRange).",
      "", "## Layers", "",
      "Each layer adds to or overrides the rules of the layers before it.", "",
      "| Since | What changes |", "|---|---|",
    ]
    lines += RuleLayer.all.map { "| \($0.since) | \(cell($0.summary)) |" }
    lines += ["", "## Rules", "", "| Rule | iOS | Statement |", "|---|---|---|"]
    for rule in RuleID.allCases {
      guard let statement = RuleStatement.of(rule) else {
        lines.append("| \(rule) | | (no statement in the rule data yet) |")
        continue
      }
      lines.append("| \(rule) | \(versions(of: statement)) | \(cell(statement.text)) |")
    }
    lines += openQuestions
    return lines.joined(separator: "\n") + "\n"
  }

  /// The open questions: field reports on both sides, and what the model does until they settle.
  private static var openQuestions: [String] {
    var lines = [
      "", "## Open questions", "",
      "Behaviours that some field reports describe and others contradict. They are *open*: the model does not",
      "follow them until the evidence is good enough, and each says what the model does meanwhile.",
    ]
    for question in OpenQuestion.all {
      lines += [
        "", "### \(question.question)", "",
        "*Open* — rules \(question.rules.map(\.description).joined(separator: ", ")). The model: \(question.model)", "",
      ]
      lines += question.reportsFor.map { "- Reported: \($0)" }
      lines += question.reportsAgainst.map { "- Against, followed by the model: \($0)" }
    }
    return lines
  }

  /// `all`, `8.0+`, `8.0–10.x`, `13.0–13.3`, `7.x`.
  public static func versions(of statement: RuleStatement) -> String {
    guard let until = statement.until else {
      return statement.since == OSVersion(7) ? "all" : "\(statement.since)+"
    }
    let last: String
    if until.minor == 0, until.patch == 0 {
      last = "\(OSVersion.majorBefore(until.major)).x"
    } else if until.patch == 0 {
      last = "\(until.major).\(until.minor - 1)"
    } else {
      last = "\(until.major).\(until.minor).\(until.patch - 1)"
    }
    let since = statement.since
    if since.minor == 0, since.patch == 0, last == "\(since.major).x" { return last }
    return "\(since)–\(last)"
  }

  /// A table cell: pipes escaped, and `<` so that `<locale>` is not read as HTML.
  private static func cell(_ text: String) -> String {
    text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "<", with: "&lt;")
  }
}
