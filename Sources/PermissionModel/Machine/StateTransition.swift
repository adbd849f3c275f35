/// One transition of an app's authorization state machine: from a state, by a trigger, to a state, with the callback and the rule.
///
/// It is the unit both of what `permsim explain` draws and of what a case takes: the diagram of a
/// version lists its transitions (`StateMachineDiagram.transitions`), and the world records each one a
/// case takes, as it happens (``World/pathsTaken``). Coverage counts a transition of the diagram as
/// covered when some case took an equal one; an exploration counts the distinct values it visited.
///
/// A request that an alert answers is one transition per button: `ND → requestAlwaysAuthorization →
/// P7 “Allow Once” → WIUt (R9)`. A Settings choice starts from the Settings screen (`from` is `nil`),
/// as the diagram draws it, whatever the state was. Buttons and Settings options are the model's
/// English names, so that transitions compare equal whatever the device's language (Z0).
public struct StateTransition: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// What makes the transition happen.
  public enum Trigger: Hashable, Sendable {
    /// A request (R1–R17, K2, A2): with the alert and the button tapped when an alert asked the user.
    case request(AuthorizationCall, alert: RuleID?, button: String?)
    /// A prompt the system raises on its own (R19, R21), answered with a button.
    case systemPrompt(alert: RuleID, button: String)
    /// A tap of the location button (LB1, LB2): with P12's button when it asked.
    case locationButton(button: String?)
    /// An option chosen in Settings (E6).
    case settings(SettingsOption)
    /// A restriction turned on (E8).
    case restriction
    /// The system ends a grant: the app is no longer in use (E1, LB5), or an App Clip's day is over (E3).
    case expiry
  }

  /// The state it leaves, or `nil` for a Settings choice or restriction (drawn from the Settings screen).
  public let from: AuthorizationState?
  /// What makes it happen.
  public let trigger: Trigger
  /// The state it enters.
  public let to: AuthorizationState
  /// The authorization callback a delegate implementing every method receives (C3, C4), or `nil`.
  public let callback: DelegateMethod?
  /// The rule that decides it.
  public let rule: RuleID

  public init(
    from: AuthorizationState?, trigger: Trigger, to: AuthorizationState, callback: DelegateMethod?, rule: RuleID
  ) {
    self.from = from
    self.trigger = trigger
    self.to = to
    self.callback = callback
    self.rule = rule
  }

  /// A transition whose callback follows C3 and C4: the rules' authorization method when the status
  /// a delegate reads changes, none otherwise (and none for a choice drawn from the Settings screen).
  public init(from: AuthorizationState?, trigger: Trigger, to: AuthorizationState, rule: RuleID, rules: RuleSet) {
    let changes = from.map { $0.status != to.status } ?? false
    self.init(
      from: from, trigger: trigger, to: to, callback: changes ? rules.authorizationCallbackMethod : nil, rule: rule)
  }

  /// The transition as a person says it: `ND → requestAlwaysAuthorization → P7 “Allow Once” → WIUt (R9)`.
  public var description: String {
    let start = from?.shortName ?? "Settings"
    let via: String =
      switch trigger {
      case .request(let call, let alert?, let button?): "\(call) → \(alert) “\(button)”"
      case .request(let call, _, _): "\(call)" + (from == to ? " (no alert, nothing changes)" : " (no alert)")
      case .systemPrompt(let alert, let button): "system prompt \(alert) “\(button)”"
      case .locationButton(let button?): "location button → P12 “\(button)”"
      case .locationButton(nil): "location button (approved, no alert)"
      case .settings(let option): "“\(option.englishName)”"
      case .restriction: "restricted"
      case .expiry: rule == .E3 ? "04:00 the next day" : "no longer in use"
      }
    return "\(start) → \(via) → \(to.shortName) (\(rule))"
  }

  /// The order of reports: by rule, then by the text.
  public static func < (lhs: StateTransition, rhs: StateTransition) -> Bool {
    (lhs.rule.sortIndex, lhs.description) < (rhs.rule.sortIndex, rhs.description)
  }
}

extension SettingsOption {
  /// The English name coverage reports use whatever a version calls it (S1).
  public var englishName: String {
    switch self {
    case .never: "Never"
    case .askNextTime: "Ask Next Time"
    case .whileUsing: "While Using the App"
    case .always: "Always"
    }
  }
}

extension RuleID {
  /// The rule's place in ``RuleID/allCases``: the order of the rule reference.
  public var sortIndex: Int { Self.indices[self] ?? 0 }

  private static let indices: [RuleID: Int] = Dictionary(
    uniqueKeysWithValues: allCases.enumerated().map { ($1, $0) })
}

// MARK: - Codable: flat, so that coverage files and worker messages read plainly

extension StateTransition: Codable {
  private enum CodingKeys: String, CodingKey { case from, event, call, alert, button, option, to, callback, rule }

  /// The trigger's name in a coding.
  private enum Event: String, Codable {
    case request, systemPrompt, locationButton, settings, restriction, expiry
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let alert = try container.decodeIfPresent(RuleID.self, forKey: .alert)
    let button = try container.decodeIfPresent(String.self, forKey: .button)
    let trigger: Trigger
    switch try container.decode(Event.self, forKey: .event) {
    case .request:
      let name = try container.decode(String.self, forKey: .call)
      guard let call = AuthorizationCall.allCases.first(where: { $0.codingName == name }) else {
        throw DecodingError.dataCorruptedError(forKey: .call, in: container, debugDescription: "unknown call \(name)")
      }
      trigger = .request(call, alert: alert, button: button)
    case .systemPrompt:
      guard let alert, let button else {
        throw DecodingError.dataCorruptedError(forKey: .alert, in: container, debugDescription: "a system prompt needs alert and button")
      }
      trigger = .systemPrompt(alert: alert, button: button)
    case .locationButton: trigger = .locationButton(button: button)
    case .settings: trigger = .settings(try container.decode(SettingsOption.self, forKey: .option))
    case .restriction: trigger = .restriction
    case .expiry: trigger = .expiry
    }
    self.init(
      from: try container.decodeIfPresent(AuthorizationState.self, forKey: .from), trigger: trigger,
      to: try container.decode(AuthorizationState.self, forKey: .to),
      callback: try container.decodeIfPresent(DelegateMethod.self, forKey: .callback),
      rule: try container.decode(RuleID.self, forKey: .rule))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeIfPresent(from, forKey: .from)
    switch trigger {
    case .request(let call, let alert, let button):
      try container.encode(Event.request, forKey: .event)
      try container.encode(call.codingName, forKey: .call)
      try container.encodeIfPresent(alert, forKey: .alert)
      try container.encodeIfPresent(button, forKey: .button)
    case .systemPrompt(let alert, let button):
      try container.encode(Event.systemPrompt, forKey: .event)
      try container.encode(alert, forKey: .alert)
      try container.encode(button, forKey: .button)
    case .locationButton(let button):
      try container.encode(Event.locationButton, forKey: .event)
      try container.encodeIfPresent(button, forKey: .button)
    case .settings(let option):
      try container.encode(Event.settings, forKey: .event)
      try container.encode(option, forKey: .option)
    case .restriction: try container.encode(Event.restriction, forKey: .event)
    case .expiry: try container.encode(Event.expiry, forKey: .event)
    }
    try container.encode(to, forKey: .to)
    try container.encodeIfPresent(callback, forKey: .callback)
    try container.encode(rule, forKey: .rule)
  }
}

extension AuthorizationCall {
  /// The method's name in a coding: `requestAlwaysAuthorization`, or `firstUseOfLocation`.
  var codingName: String {
    switch self {
    case .firstUseOfLocation: "firstUseOfLocation"
    case .requestWhenInUseAuthorization: "requestWhenInUseAuthorization"
    case .requestAlwaysAuthorization: "requestAlwaysAuthorization"
    }
  }
}

extension AuthorizationState: Codable {}
extension RuleID: Codable {}
extension DelegateMethod: Codable {}
extension SettingsOption: Codable {}
