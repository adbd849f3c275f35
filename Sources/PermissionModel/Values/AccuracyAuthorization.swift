/// `CLAccuracyAuthorization` (iOS 14+).
public enum AccuracyAuthorization: String, CaseIterable, Sendable, CustomStringConvertible {
  /// Precise locations.
  case fullAccuracy
  /// Approximate locations (U2).
  case reducedAccuracy

  public var description: String { rawValue }
}
