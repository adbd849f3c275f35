/// Something an app does that may ask the user for authorization.
public enum AuthorizationCall: Int, CaseIterable, Sendable, CustomStringConvertible {
  /// Starting a location service (`startUpdatingLocation`, monitoring, `requestLocation`): on iOS 7 it prompts (R1).
  case firstUseOfLocation
  /// `requestWhenInUseAuthorization()` (iOS 8+).
  case requestWhenInUseAuthorization
  /// `requestAlwaysAuthorization()` (iOS 8+).
  case requestAlwaysAuthorization

  /// The manager member whose availability decides whether a scenario can make this call.
  public var member: ManagerMember {
    switch self {
    case .firstUseOfLocation: .startUpdatingLocation
    case .requestWhenInUseAuthorization: .requestWhenInUseAuthorization
    case .requestAlwaysAuthorization: .requestAlwaysAuthorization
    }
  }

  public var description: String {
    switch self {
    case .firstUseOfLocation: "startUpdatingLocation (first use)"
    case .requestWhenInUseAuthorization: "requestWhenInUseAuthorization"
    case .requestAlwaysAuthorization: "requestAlwaysAuthorization"
    }
  }
}
