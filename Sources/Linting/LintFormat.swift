/// How `permsim lint` writes what it found on standard output.
package enum LintFormat: String, CaseIterable, Sendable {
  /// One line per finding, `path:line: severity: iOS range: message (rule)`, then a summary per Info.plist.
  case text
  /// One JSON document: every Info.plist with its range, intentions and findings.
  case json
  /// SARIF 2.1.0, as GitHub code scanning reads it: one result per finding, at its file and line.
  case sarif
}
