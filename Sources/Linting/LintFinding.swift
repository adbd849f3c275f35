import PermissionModel

/// One problem or fact `lint` found, on a range of iOS versions.
///
/// Printed as one line, `path[:line]: severity: iOS range: message (rule)`, then `; fix: …` when there is one:
/// `Info.plist:12: error: iOS 11.0–18.x: requestAlwaysAuthorization is a silent no-op without … (K2); fix: add …`.
public struct LintFinding: Sendable, Hashable, CustomStringConvertible {
  /// How much a finding matters; the order is the order of the output.
  public enum Severity: String, Sendable, Hashable, Comparable, CaseIterable, CustomStringConvertible {
    /// Something the app means to do can never work on these versions: `lint` exits 1.
    case error
    /// A value iOS ignores, or a text some users see untranslated or unexpanded.
    case warning
    /// How these versions behave for the app: Settings options, the Always upgrade, App Clip expiry.
    case note

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
      lhs.rank < rhs.rank
    }

    private var rank: Int {
      switch self {
      case .error: 0
      case .warning: 1
      case .note: 2
      }
    }

    public var description: String { rawValue }
  }

  /// How much it matters.
  public var severity: Severity
  /// The BEHAVIOR.md rule it follows from.
  public var rule: RuleID
  /// The Info.plist key it is about, when there is one (the missing key, the wrongly typed one…).
  public var key: String?
  /// The language it is about, for translations.
  public var locale: String?
  /// The versions it holds on: `11.0–18.x`, `13.0–13.3`, `14.0`.
  public var versions: String
  /// The file to change, as the command line named it: the Info.plist, or a strings file.
  public var file: String
  /// The line of `file` that holds the key, when the key is written there (XML or text files).
  public var line: Int?
  /// What happens, in plain English.
  public var message: String
  /// What to do about it, when that is not obvious from the message.
  public var fix: String?

  /// Creates a finding.
  public init(
    severity: Severity, rule: RuleID, key: String? = nil, locale: String? = nil, versions: String, file: String,
    line: Int? = nil, message: String, fix: String? = nil
  ) {
    self.line = line
    self.severity = severity
    self.rule = rule
    self.key = key
    self.locale = locale
    self.versions = versions
    self.file = file
    self.message = message
    self.fix = fix
  }

  /// The finding's line.
  public var description: String {
    "\(file)\(line.map { ":\($0)" } ?? ""): \(severity): iOS \(versions): \(message) (\(rule))" + (fix.map { "; fix: \($0)" } ?? "")
  }
}
