/// What a case took of the permission state machine on one iOS version: transitions, alerts, buttons, rules and Settings choices.
///
/// The world keeps one per iOS version its devices run (``World/pathsTaken``), filled as the case runs:
/// each list holds distinct values in the order they were first taken, so that the same case always
/// gives the same record. Coverage folds these records over a suite and compares them with the diagram
/// of each version.
public struct TakenPaths: Hashable, Sendable, Codable {
  /// A button tapped on an alert: its id (`P7`) and its English label (Z0).
  public struct AlertButton: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    public let alert: RuleID
    public let button: String

    public init(alert: RuleID, button: String) {
      self.alert = alert
      self.button = button
    }

    public var description: String { "\(alert) “\(button)”" }

    public static func < (lhs: AlertButton, rhs: AlertButton) -> Bool {
      (lhs.alert.sortIndex, lhs.button) < (rhs.alert.sortIndex, rhs.button)
    }
  }

  /// A Settings option chosen while the app was in a state (E6): the Settings choices made from each state.
  public struct SettingsChoice: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    public let from: AuthorizationState
    public let option: SettingsOption

    public init(from: AuthorizationState, option: SettingsOption) {
      self.from = from
      self.option = option
    }

    public var description: String { "\(from.shortName) → “\(option.englishName)”" }

    public static func < (lhs: SettingsChoice, rhs: SettingsChoice) -> Bool {
      (lhs.from.sortIndex, lhs.option.sortIndex) < (rhs.from.sortIndex, rhs.option.sortIndex)
    }
  }

  /// The iOS version, as `OSVersion` writes it (`14.0`).
  public let version: String
  /// The transitions taken.
  public private(set) var transitions: [StateTransition] = []
  /// The alerts shown (their ids).
  public private(set) var alerts: [RuleID] = []
  /// The buttons tapped.
  public private(set) var buttons: [AlertButton] = []
  /// The rules that fired: the ids the transcript cites.
  public private(set) var rules: [RuleID] = []
  /// The Settings options chosen, with the state each was chosen from.
  public private(set) var settingsChoices: [SettingsChoice] = []

  public init(version: String) {
    self.version = version
  }

  /// Creates a record holding these values (decoded coverage, tests).
  public init(
    version: String, transitions: [StateTransition], alerts: [RuleID] = [], buttons: [AlertButton] = [],
    rules: [RuleID] = [], settingsChoices: [SettingsChoice] = []
  ) {
    self.version = version
    transitions.forEach { add($0) }
    alerts.forEach { add($0) }
    buttons.forEach { add($0) }
    rules.forEach { add(rule: $0) }
    settingsChoices.forEach { add($0) }
  }

  mutating func add(_ transition: StateTransition) {
    if !transitions.contains(transition) { transitions.append(transition) }
  }

  mutating func add(_ alert: RuleID) {
    if !alerts.contains(alert) { alerts.append(alert) }
  }

  mutating func add(_ button: AlertButton) {
    if !buttons.contains(button) { buttons.append(button) }
  }

  mutating func add(rule: RuleID) {
    if !rules.contains(rule) { rules.append(rule) }
  }

  mutating func add(_ choice: SettingsChoice) {
    if !settingsChoices.contains(choice) { settingsChoices.append(choice) }
  }
}

extension AuthorizationState {
  /// The state's place in ``AuthorizationState/allCases``.
  var sortIndex: Int { Self.allCases.firstIndex(of: self) ?? 0 }
}

extension SettingsOption {
  /// The option's place in ``SettingsOption/allCases``: the order Settings lists them.
  var sortIndex: Int { Self.allCases.firstIndex(of: self) ?? 0 }
}
