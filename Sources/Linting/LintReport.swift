/// Everything `lint` found in one Info.plist: the checks it ran and their findings.
public struct LintReport: Sendable, Hashable {
  /// The Info.plist, as the command line named it.
  public var path: String
  /// The versions checked: `8.0–26.x` (from 14.0 for an App Clip).
  public var versions: String
  /// Where the first version came from: `--ios`, `MinimumOSVersion`, the Xcode project, or assumed.
  package var rangeSource: LintRangeSource
  /// What the app was checked for, given or inferred.
  public var intents: [LintIntent]
  /// Whether the intentions were inferred from the Info.plist's keys.
  public var intentsInferred: Bool
  /// The checks, in the order they ran.
  public var checks: [LintCheck]

  /// Creates a report.
  package init(
    path: String, versions: String, rangeSource: LintRangeSource = .given, intents: [LintIntent], intentsInferred: Bool,
    checks: [LintCheck]
  ) {
    self.path = path
    self.versions = versions
    self.rangeSource = rangeSource
    self.intents = intents
    self.intentsInferred = intentsInferred
    self.checks = checks
  }

  /// Every finding, errors first, then warnings, then notes; in check order within each.
  public var findings: [LintFinding] {
    let all = checks.flatMap(\.findings)
    return LintFinding.Severity.allCases.flatMap { severity in all.filter { $0.severity == severity } }
  }

  /// Whether any check found an error (`lint` then exits 1).
  public var hasErrors: Bool {
    checks.contains(where: \.failed)
  }

  /// The closing line: counts by severity, the checks, the versions and where they start, and the intentions.
  public var summary: String {
    let all = checks.flatMap(\.findings)
    let counts = LintFinding.Severity.allCases.map { severity in
      let count = all.filter { $0.severity == severity }.count
      return "\(count) \(severity)\(count == 1 ? "" : "s")"
    }
    let intentions = intents.isEmpty ? "none" : intents.map(\.rawValue).joined(separator: ", ")
    return "permsim lint: \(counts.joined(separator: ", ")) in \(checks.count) checks on iOS \(versions)"
      + rangeSource.summaryNote
      + " (intentions: \(intentions)\(intentsInferred ? ", inferred from the keys" : ""))"
  }
}
