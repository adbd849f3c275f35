import Foundation

/// Every Info.plist one `permsim lint` checked, and what it writes about them in each format.
package struct LintRun: Sendable {
  /// One outcome per Info.plist, in the order they were found.
  package var outcomes: [LintOutcome]
  /// The permsim version, as reports name the tool.
  package var version: String

  /// Gathers the outcomes of a run.
  package init(outcomes: [LintOutcome], version: String) {
    self.outcomes = outcomes
    self.version = version
  }

  /// Whether `lint` exits 1: an Info.plist with an error, or a file that does not parse.
  package var failed: Bool { outcomes.contains(where: \.failed) }

  /// The text output: each Info.plist's findings and summary (or its parse error), and a total line when there are several.
  package var text: String {
    var lines: [String] = []
    for outcome in outcomes {
      switch outcome {
      case .report(let report):
        lines += report.findings.map(\.description)
        lines.append(report.summary)
      case .unparsable(_, let file, let line, let reason):
        lines.append("\(file)\(line.map { ":\($0)" } ?? ""): error: \(reason)")
      }
    }
    if outcomes.count > 1 { lines.append(total) }
    return lines.map { $0 + "\n" }.joined()
  }

  /// The closing line of a run over several Info.plists: how many, how many failed, and the findings by severity.
  package var total: String {
    let findings = outcomes.flatMap { outcome -> [LintFinding] in
      if case .report(let report) = outcome { report.findings } else { [] }
    }
    let counts = LintFinding.Severity.allCases.map { severity in
      let count = findings.filter { $0.severity == severity }.count
      return "\(count) \(severity)\(count == 1 ? "" : "s")"
    }
    let unparsable = outcomes.filter { if case .unparsable = $0 { true } else { false } }.count
    let failed = outcomes.filter(\.failed).count
    return "permsim lint: \(outcomes.count) Info.plists, \(failed) with errors"
      + (unparsable > 0 ? " (\(unparsable) not parsed)" : "") + ": \(counts.joined(separator: ", "))"
  }
}
