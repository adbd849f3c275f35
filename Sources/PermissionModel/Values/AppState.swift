/// Where an app is in its lifecycle, as `app.state` reports it.
public enum AppState: String, CaseIterable, Sendable, CustomStringConvertible {
  /// Not launched, terminated, or crashed.
  case notRunning
  /// On screen.
  case foreground
  /// Off screen and still running: in the grace period (L2) or with a background session (B1).
  case background
  /// Off screen and frozen; callbacks are held until it runs again (C5).
  case suspended

  /// Whether the app's code runs, so that callbacks reach it at once (C5).
  public var isRunning: Bool {
    switch self {
    case .foreground, .background: true
    case .notRunning, .suspended: false
    }
  }

  public var description: String { rawValue }
}
