/// Rules of a layer that hold only for some apps: those linked against an older SDK (§1, K1b, R1b)
/// or App Clips (A3). `RuleSet` folds a layer's variants right after the layer, for the apps they fit.
public struct RuleVariant: Sendable {
  /// Which apps the variant is for.
  public enum Condition: Hashable, Sendable, CustomStringConvertible {
    /// Apps linked against an SDK before this version (rules that say "linked against" read the SDK).
    case linkedBefore(OSVersion)
    /// App Clips.
    case appClip

    /// Whether an app of this kind, linked against `sdk`, gets the variant.
    public func holds(kind: AppKind, linkedSDK sdk: OSVersion) -> Bool {
      switch self {
      case .linkedBefore(let version): sdk < version
      case .appClip: kind == .appClip
      }
    }

    public var description: String {
      switch self {
      case .linkedBefore(let version): "apps linked before \(version)"
      case .appClip: "App Clips"
      }
    }
  }

  /// Which apps the variant is for.
  public let condition: Condition
  /// Request rows that replace the layer's for those apps.
  public var requests: [RequestRule] = []
  /// Usage-description requirements that replace the layer's (K1b).
  public var keyRequirements: [KeyRequirement] = []
  /// System prompts that replace the layer's with the same id (K1b: R19's P8 with the old key's text).
  public var systemPrompts: [SystemPromptRule] = []
  /// S1: when `While Using the App` is listed for those apps (S1b).
  public var settingsWhileUsing: OptionCondition?
  /// S1: when `Always` is listed for those apps (K1b, S1b).
  public var settingsAlways: OptionCondition?

  /// Creates a variant and lets `configure` fill in what it changes.
  public init(for condition: Condition, _ configure: (inout RuleVariant) -> Void) {
    self.condition = condition
    configure(&self)
  }
}
