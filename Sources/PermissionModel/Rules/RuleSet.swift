/// The rules in force on one iOS version: every layer up to it, folded in order, each followed by
/// the variants that fit the app (its linked SDK, K1b and R1b; App Clips, A3).
///
/// Resolving is a lookup in a table built once from `RuleLayer.all`, so creating devices is cheap;
/// a rule set is immutable and shared by reference.
public final class RuleSet: Sendable {
  /// The layers that apply, oldest first.
  public let layers: [RuleLayer]
  /// What the iOS 15+ objects can do (§14–§18), from the layers' `sessionFeatures`.
  public let sessionFeatures: SessionFeatures
  /// The variants folded in (K1b, R1b, A3), oldest layer first.
  public let variants: [RuleVariant.Condition]
  /// The authorization states that exist.
  public let states: [AuthorizationState]
  /// The manager members that exist.
  public let members: Set<ManagerMember>
  /// Every request row in force, by origin and call.
  private let requestTable: [RequestRule?]
  /// K1/K2 by call.
  private let keyTable: [KeyRequirement?]
  /// R19 and R21, once they exist.
  public let systemPrompts: [SystemPromptRule]
  /// C4.
  public let authorizationCallback: AuthorizationCallbackRule
  /// B1.
  public let backgroundSession: BackgroundSessionRule
  /// B2.
  public let backgroundPropertyCrashesWithoutMode: Bool
  /// B2: the exception's reason (it gained `|| _CFMZEnabled()` in 17).
  public let backgroundPropertyCrashReason: String
  /// B3.
  public let alwaysIndicator: AlwaysIndicatorRule
  /// U4.
  public let monitoring: MonitoringRule
  /// U4 under reduced accuracy.
  public let regionsNeedFullAccuracy: Bool
  /// Accuracy, the Precise switch, K3, S3 and temporary full accuracy exist.
  public let reportsAccuracy: Bool
  /// App Clips exist.
  public let appClips: Bool
  /// S1.
  public let settingsWhileUsing: OptionCondition
  /// S1.
  public let settingsAlways: OptionCondition
  /// S1: the label of Ask Next Time, once it exists.
  public let askNextTimeLabel: String?
  /// W1.
  public let wifiRequirements: [WiFiRequirement]

  /// The rules in force on `version` for an app of `kind` linked against `linkedSDK` (§1: by default
  /// the device's version, which no "linked before" variant fits).
  public static func forVersion(_ version: OSVersion, linkedSDK: OSVersion? = nil, kind: AppKind = .app) -> RuleSet {
    let applied = RuleLayer.all.lastIndex { $0.since <= version } ?? 0
    let sdk = linkedSDK ?? version
    let bucket = sdkThresholds.filter { $0 <= sdk }.count
    return resolved[applied][bucket * 2 + (kind == .appClip ? 1 : 0)]
  }

  /// The versions some variant's "linked before" compares the SDK with, ascending: apps fall into
  /// `count + 1` buckets that no variant tells apart within.
  private static let sdkThresholds: [OSVersion] = Set(
    RuleLayer.all.flatMap(\.variants).compactMap { variant -> OSVersion? in
      if case .linkedBefore(let version) = variant.condition { return version }
      return nil
    }
  ).sorted()

  /// One folded rule set per layer and app profile: `[i][bucket * 2 + appClip]` holds layers `0…i`
  /// with the variants that fit an app of that SDK bucket and kind.
  private static let resolved: [[RuleSet]] = RuleLayer.all.indices.map { index in
    let layers = Array(RuleLayer.all[...index])
    return (0...sdkThresholds.count).flatMap { bucket in
      // A version inside the bucket: below the first threshold, or at the one that opens it.
      let sdk = bucket == 0 ? OSVersion(0) : sdkThresholds[bucket - 1]
      return [AppKind.app, .appClip].map { RuleSet(folding: layers, kind: $0, linkedSDK: sdk) }
    }
  }

  private init(folding layers: [RuleLayer], kind: AppKind, linkedSDK: OSVersion) {
    self.layers = layers
    var states: [AuthorizationState] = []
    var members = Set<ManagerMember>()
    var requests = [RequestRule?](repeating: nil, count: Self.tableSize)
    var keys = [KeyRequirement?](repeating: nil, count: AuthorizationCall.allCases.count)
    var prompts: [SystemPromptRule] = []
    var callback = AuthorizationCallbackRule.didChangeAuthorization
    var background = BackgroundSessionRule.backgroundMode
    var crashes = false
    var crashReason = ""
    var indicator = AlwaysIndicatorRule.never
    var monitoring = MonitoringRule.requiresAlways
    var regionsNeedFull = false
    var accuracy = false
    var appClips = false
    var whileUsing = OptionCondition.hidden
    var always = OptionCondition.listed
    var askNextTime: String?
    var wifi: [WiFiRequirement] = []
    var variants: [RuleVariant.Condition] = []
    var sessionFeatures: SessionFeatures = []
    for layer in layers {
      states += layer.states
      sessionFeatures.formUnion(layer.sessionFeatures)
      members.formUnion(layer.members)
      for rule in layer.requests { requests[Self.slot(rule.origin, rule.call)] = rule }
      for requirement in layer.keyRequirements { keys[requirement.call.rawValue] = requirement }
      for prompt in layer.systemPrompts {
        prompts.removeAll { $0.id == prompt.id }
        prompts.append(prompt)
      }
      callback = layer.authorizationCallback ?? callback
      background = layer.backgroundSession ?? background
      crashes = layer.backgroundPropertyCrashesWithoutMode ?? crashes
      crashReason = layer.backgroundPropertyCrashReason ?? crashReason
      indicator = layer.alwaysIndicator ?? indicator
      monitoring = layer.monitoring ?? monitoring
      regionsNeedFull = layer.regionsNeedFullAccuracy ?? regionsNeedFull
      accuracy = layer.reportsAccuracy ?? accuracy
      appClips = layer.appClips ?? appClips
      whileUsing = layer.settingsWhileUsing ?? whileUsing
      always = layer.settingsAlways ?? always
      askNextTime = layer.askNextTimeLabel ?? askNextTime
      wifi = layer.wifiRequirements ?? wifi
      for variant in layer.variants where variant.condition.holds(kind: kind, linkedSDK: linkedSDK) {
        for rule in variant.requests { requests[Self.slot(rule.origin, rule.call)] = rule }
        for requirement in variant.keyRequirements { keys[requirement.call.rawValue] = requirement }
        for prompt in variant.systemPrompts {
          prompts.removeAll { $0.id == prompt.id }
          prompts.append(prompt)
        }
        whileUsing = variant.settingsWhileUsing ?? whileUsing
        always = variant.settingsAlways ?? always
        if !variants.contains(variant.condition) { variants.append(variant.condition) }
      }
    }
    self.sessionFeatures = sessionFeatures
    self.variants = variants
    self.states = states
    self.members = members
    self.requestTable = requests
    self.keyTable = keys
    self.systemPrompts = prompts
    self.authorizationCallback = callback
    self.backgroundSession = background
    self.backgroundPropertyCrashesWithoutMode = crashes
    self.backgroundPropertyCrashReason = crashReason
    self.alwaysIndicator = indicator
    self.monitoring = monitoring
    self.regionsNeedFullAccuracy = regionsNeedFull
    self.reportsAccuracy = accuracy
    self.appClips = appClips
    self.settingsWhileUsing = whileUsing
    self.settingsAlways = always
    self.askNextTimeLabel = askNextTime
    self.wifiRequirements = wifi
  }

  // MARK: - Lookups

  /// The first release these rules apply to (the newest layer's `since`).
  public var since: OSVersion { layers.last?.since ?? OSVersion.oldestSupported }

  /// The request row for a call from an origin, or `nil` when the origin does not exist on this version.
  public func rule(for call: AuthorizationCall, from origin: RequestOrigin) -> RequestRule? {
    requestTable[Self.slot(origin, call)]
  }

  /// The usage descriptions a call needs, or `nil` when it needs none (K1).
  public func keyRequirement(for call: AuthorizationCall) -> KeyRequirement? {
    keyTable[call.rawValue]
  }

  /// The system prompt with this id (R19, R21), once it exists.
  public func systemPrompt(_ id: RuleID) -> SystemPromptRule? {
    systemPrompts.first { $0.id == id }
  }

  /// Whether a manager member exists on this version.
  public func isAvailable(_ member: ManagerMember) -> Bool {
    members.contains(member)
  }

  /// The calls a scenario can make on this version.
  public var calls: [AuthorizationCall] {
    AuthorizationCall.allCases.filter { isAvailable($0.member) }
  }

  /// The request origins that can occur on this version.
  public var origins: [RequestOrigin] {
    RequestOrigin.allCases.filter { states.contains($0.state) }
  }

  // MARK: - Settings (S1)

  /// The options the Settings screen lists for an app with these usage descriptions, in order.
  public func settingsOptions(keys: Set<UsageDescriptionKey>) -> [SettingsOption] {
    SettingsOption.allCases.filter { option in
      switch option {
      case .never: true
      case .askNextTime: askNextTimeLabel != nil
      case .whileUsing: settingsWhileUsing.holds(for: keys)
      case .always: settingsAlways.holds(for: keys)
      }
    }
  }

  /// The label Settings shows for an option on this version.
  public func label(for option: SettingsOption) -> String {
    switch option {
    case .never: "Never"
    case .askNextTime: askNextTimeLabel ?? "Ask Next Time"
    case .whileUsing: "While Using the App"
    case .always: "Always"
    }
  }

  private static let tableSize = RequestOrigin.allCases.count * AuthorizationCall.allCases.count

  private static func slot(_ origin: RequestOrigin, _ call: AuthorizationCall) -> Int {
    origin.rawValue * AuthorizationCall.allCases.count + call.rawValue
  }
}
