import PermissionModel

/// A key of the Info.plist whose value the model cannot use as it is, and what the model does instead.
public struct PlistDiagnostic: Sendable, Hashable, CustomStringConvertible {
  /// What is wrong with the value.
  public enum Problem: Sendable, Hashable {
    /// The value has another type than the key needs.
    case wrongType(expected: PlistValue.Kind, found: PlistValue.Kind)
    /// The value is a String, but empty.
    case emptyString
  }

  /// The key, with the element's index or entry's key when the problem is inside an array or dictionary:
  /// `UIBackgroundModes[1]`, `NSLocationTemporaryUsageDescriptionDictionary.WantsToNavigate`.
  public var key: String
  /// What is wrong with the value.
  public var problem: Problem
  /// The rule that decides what happens to the value, when one of BEHAVIOR.md §3 does.
  public var rule: RuleID?

  /// Creates a diagnostic for `key`.
  public init(key: String, problem: Problem, rule: RuleID?) {
    self.key = key
    self.problem = problem
    self.rule = rule
  }

  /// For example `NSLocationDefaultAccuracyReduced is a String, not a Boolean: ignored (K3)`.
  public var description: String {
    let what =
      switch problem {
      case .wrongType(let expected, let found): "is \(found.withArticle), not \(expected.withArticle)"
      case .emptyString: "is an empty String"
      }
    guard let rule else { return "\(key) \(what): ignored" }
    return "\(key) \(what): \(rule == .K1 ? "treated as missing" : "ignored") (\(rule))"
  }
}
