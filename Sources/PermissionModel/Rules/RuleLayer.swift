/// What one iOS release adds to or overrides in the rules of the releases before it.
///
/// Layers are data: `RuleSet` folds them in order for a device's version, and `permsim explain`
/// and `permsim lint` read the same layers. A property left `nil` (or empty) inherits the value of
/// the layer below; request rows replace the row with the same origin and call.
public struct RuleLayer: Sendable {
  /// The first release the layer applies to.
  public let since: OSVersion
  /// What changes, in BEHAVIOR.md §1's words.
  public let summary: String
  /// Authorization states that first exist in this layer.
  public var states: [AuthorizationState] = []
  /// Manager members that first exist in this layer.
  public var members: [ManagerMember] = []
  /// Request rows added or replaced (R1 … R17).
  public var requests: [RequestRule] = []
  /// Usage descriptions the requests need from this layer on (K1, K2).
  public var keyRequirements: [KeyRequirement] = []
  /// Alerts the system raises on its own (R19, R21).
  public var systemPrompts: [SystemPromptRule] = []
  /// C4.
  public var authorizationCallback: AuthorizationCallbackRule?
  /// B1.
  public var backgroundSession: BackgroundSessionRule?
  /// B2: setting `allowsBackgroundLocationUpdates` without K6 crashes.
  public var backgroundPropertyCrashesWithoutMode: Bool?
  /// B2: the reason of that crash's `NSInternalInconsistencyException`.
  public var backgroundPropertyCrashReason: String?
  /// B3.
  public var alwaysIndicator: AlwaysIndicatorRule?
  /// U4.
  public var monitoring: MonitoringRule?
  /// U4: region monitoring fails under reduced accuracy.
  public var regionsNeedFullAccuracy: Bool?
  /// Accuracy exists: `accuracyAuthorization`, P7's Precise switch and map, K3, S3.
  public var reportsAccuracy: Bool?
  /// App Clips can be installed (A1, A2).
  public var appClips: Bool?
  /// S1: when `While Using the App` is listed.
  public var settingsWhileUsing: OptionCondition?
  /// S1: when `Always` is listed.
  public var settingsAlways: OptionCondition?
  /// S1: the label of the option that returns to ND, once it exists.
  public var askNextTimeLabel: String?
  /// W1: the full list of requirements from this layer on.
  public var wifiRequirements: [WiFiRequirement]?
  /// The iOS 15+ objects' features this release introduced (§14–§18).
  public var sessionFeatures: SessionFeatures = []
  /// UP3: what an upgrade from an older version into this layer does to each app's record.
  public var upgradeEffects: [UpgradeEffect] = []
  /// What changes only for apps linked against an older SDK (K1b, R1b) or for App Clips (A3).
  public var variants: [RuleVariant] = []

  /// Creates a layer and lets `configure` fill in what it changes.
  public init(since: OSVersion, _ summary: String, _ configure: (inout RuleLayer) -> Void = { _ in }) {
    self.since = since
    self.summary = summary
    configure(&self)
  }
}
