/// The map an iOS 14+ authorization alert shows (P7).
public enum AlertMap: String, CaseIterable, Sendable, CustomStringConvertible {
  /// A precise pin.
  case precise
  /// An approximate area (K3).
  case approximate

  public var description: String { rawValue }
}
