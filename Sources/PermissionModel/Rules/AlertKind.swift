/// What a system alert is about, as `alert.kind` reports it.
public enum AlertKind: String, CaseIterable, Sendable, CustomStringConvertible {
  /// A first request: P1–P4, P6, P7.
  case authorization
  /// An upgrade to Always: P5, P8 (immediate R12 or deferred R19).
  case alwaysUpgrade
  /// Temporary full accuracy: P9.
  case temporaryFullAccuracy
  /// Location Services are off: P10.
  case locationServicesOff
  /// The background-use reminder: P11.
  case backgroundReminder
  /// P12: the location button's one-time confirmation (LB1).
  case locationButton
  /// P13: a widget that wants location (WG1).
  case widgets

  public var description: String { rawValue }
}
