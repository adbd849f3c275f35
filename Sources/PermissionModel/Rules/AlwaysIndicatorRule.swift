/// When an Always app's background session shows the indicator (B3); When-In-Use sessions always do.
public enum AlwaysIndicatorRule: Hashable, Sendable {
  /// Before iOS 11: never.
  case never
  /// iOS 11+: when `showsBackgroundLocationIndicator` is true.
  case whenShowsBackgroundLocationIndicator
}
