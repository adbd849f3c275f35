/// The authorization state the model keeps for an app, finer than the status the app can see.
///
/// BEHAVIOR.md's short names: ND, WIU, WIUt (Allow Once), AA, AAp (provisional Always), DEN, RES.
public enum AuthorizationState: String, CaseIterable, Sendable, CustomStringConvertible {
  /// ND.
  case notDetermined
  /// WIU, a permanent When-In-Use grant.
  case whenInUse
  /// WIUt, Allow Once: When-In-Use until the app stops being in use (E1).
  case temporaryWhenInUse
  /// AA, a permanent Always grant.
  case always
  /// AAp, iOS 13's provisional Always: reports `authorizedAlways` until R19 settles it.
  case provisionalAlways
  /// DEN.
  case denied
  /// RES.
  case restricted

  /// The status the app sees in this state.
  public var status: AuthorizationStatus {
    switch self {
    case .notDetermined: .notDetermined
    case .whenInUse, .temporaryWhenInUse: .authorizedWhenInUse
    case .always, .provisionalAlways: .authorizedAlways
    case .denied: .denied
    case .restricted: .restricted
    }
  }

  /// BEHAVIOR.md's short name.
  public var shortName: String {
    switch self {
    case .notDetermined: "ND"
    case .whenInUse: "WIU"
    case .temporaryWhenInUse: "WIUt"
    case .always: "AA"
    case .provisionalAlways: "AAp"
    case .denied: "DEN"
    case .restricted: "RES"
    }
  }

  /// The status, with `(temporary)` or `(provisional)` where the app cannot tell.
  public var description: String {
    switch self {
    case .temporaryWhenInUse: "authorizedWhenInUse (temporary)"
    case .provisionalAlways: "authorizedAlways (provisional)"
    case .notDetermined, .whenInUse, .always, .denied, .restricted: status.rawValue
    }
  }
}
