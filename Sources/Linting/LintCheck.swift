import PermissionModel

/// One check `lint` ran: a rule applied to one key, call or locale, with what it found.
///
/// The JUnit report has one test case per check, failed when the check found an error.
public struct LintCheck: Sendable, Hashable {
  /// The rule checked.
  public var rule: RuleID
  /// What it was checked on: an Info.plist key, a call, or `Settings`.
  public var subject: String
  /// The language checked, for translations.
  public var locale: String?
  /// What the check found, oldest versions first; empty when it found nothing.
  public var findings: [LintFinding]

  /// Creates a check with its findings.
  public init(rule: RuleID, subject: String, locale: String? = nil, findings: [LintFinding] = []) {
    self.rule = rule
    self.subject = subject
    self.locale = locale
    self.findings = findings
  }

  /// `K2 requestAlwaysAuthorization`, `K4 WantsToNavigate (zh-Hans)`.
  public var name: String {
    "\(rule) \(subject)" + (locale.map { " (\($0))" } ?? "")
  }

  /// Whether the check found an error.
  public var failed: Bool {
    findings.contains { $0.severity == .error }
  }
}
