/// `CLAuthorizationStatus`, spelled as Apple spells its cases.
public enum AuthorizationStatus: String, CaseIterable, Sendable, CustomStringConvertible {
  /// The user has not chosen yet.
  case notDetermined
  /// Parental controls or device management forbid location.
  case restricted
  /// The user refused, or Location Services are off.
  case denied
  /// Always (iOS 7 called it `authorized`).
  case authorizedAlways
  /// While the app is in use.
  case authorizedWhenInUse

  /// Whether the app may receive locations.
  public var isAuthorized: Bool {
    switch self {
    case .authorizedAlways, .authorizedWhenInUse: true
    case .notDetermined, .restricted, .denied: false
    }
  }

  public var description: String { rawValue }
}
