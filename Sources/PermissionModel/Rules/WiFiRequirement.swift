/// What `fetchCurrentWiFiSSID` needs besides a joined network (W1).
public enum WiFiRequirement: Hashable, Sendable, CustomStringConvertible {
  /// The Access Wi-Fi Information entitlement (iOS 12+).
  case entitlement
  /// Location authorization (iOS 13+).
  case authorization
  /// Full accuracy, temporary included (iOS 14+).
  case fullAccuracy

  public var description: String {
    switch self {
    case .entitlement: "the Access Wi-Fi Information entitlement"
    case .authorization: "location authorization"
    case .fullAccuracy: "full accuracy"
    }
  }
}
