/// What a request does once its preconditions (R18, K2, P10) are met.
public enum RequestOutcome: Hashable, Sendable {
  /// An alert with buttons, each leading to a state.
  case prompt(AlertTemplate, [PromptChoice])
  /// A new state without an alert (R11).
  case becomes(AuthorizationState)
  /// Nothing: no alert, no callback.
  case unchanged
}
