/// One button of an alert and the authorization state it leads to.
public struct PromptChoice: Hashable, Sendable, CustomStringConvertible {
  /// The button label, exactly as the alert shows it.
  public let button: String
  /// The state after the tap.
  public let result: AuthorizationState

  /// Creates a choice.
  public init(_ button: String, _ result: AuthorizationState) {
    self.button = button
    self.result = result
  }

  public var description: String { "\(button) → \(result.shortName)" }

  /// The choice with its button as a device in this language shows it on `version` (Z0).
  public func description(in texts: SystemTexts, on version: OSVersion) -> String {
    "\(texts.button(button, on: version)) → \(result.shortName)"
  }
}
