/// A switch on a screen (the alert's Precise, Settings' Precise Location): its label as shown and its state.
public struct ScreenSwitch: Sendable, Hashable, Codable {
  /// The label in the device's language.
  public var label: String
  /// Whether the switch is on.
  public var isOn: Bool

  public init(label: String, isOn: Bool) {
    self.label = label
    self.isOn = isOn
  }
}
