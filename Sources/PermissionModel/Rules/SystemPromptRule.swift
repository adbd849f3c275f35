/// An alert the system raises on its own, not in answer to a request: R19's deferred upgrade, R21's reminder.
public struct SystemPromptRule: Hashable, Sendable, CustomStringConvertible {
  /// What makes the system raise the alert.
  public enum Trigger: Hashable, Sendable {
    /// An Always-only event (E12) arrives while the app is not in use.
    case alwaysOnlyEventWhileNotInUse
    /// Background locations were delivered on this many separate days; shown at the next unlock.
    case backgroundLocationsOnSeparateDays(Int)
  }

  /// R19 or R21.
  public let id: RuleID
  /// What raises it.
  public let trigger: Trigger
  /// The state it applies to.
  public let from: AuthorizationState
  /// The alert.
  public let alert: AlertTemplate
  /// Its buttons and what each leads to.
  public let choices: [PromptChoice]

  /// Creates a row.
  public init(
    _ id: RuleID, when trigger: Trigger, from: AuthorizationState, _ alert: AlertTemplate,
    _ choices: [PromptChoice]
  ) {
    self.id = id
    self.trigger = trigger
    self.from = from
    self.alert = alert
    self.choices = choices
  }

  public var description: String { description(in: .english, on: .newestSupported) }

  /// The rule with its buttons as a device in this language shows them on `version` (Z0).
  public func description(in texts: SystemTexts, on version: OSVersion) -> String {
    "\(id) \(from.shortName) → \(alert.id): " + choices.map { $0.description(in: texts, on: version) }.joined(separator: " · ")
  }
}
