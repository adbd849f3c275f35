/// When an update session keeps running after the app leaves the foreground (B1).
public enum BackgroundSessionRule: Hashable, Sendable {
  /// iOS 7–8: `UIBackgroundModes` contains `location` (K6).
  case backgroundMode
  /// iOS 9+: K6 and `allowsBackgroundLocationUpdates`, which is true in effect for apps linked before the SDK given.
  case backgroundModeAndProperty(assumedTrueBeforeSDK: OSVersion)
}
