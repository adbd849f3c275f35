/// The state a request starts from, as the request rules tell states apart (WIU splits on "Always used").
public enum RequestOrigin: Int, CaseIterable, Sendable, CustomStringConvertible {
  /// ND.
  case notDetermined
  /// WIU, Always never requested: one Always request may still prompt (R4, R5, R11, R12).
  case whenInUseAlwaysUnused
  /// WIU after the one Always request (R14).
  case whenInUseAlwaysUsed
  /// WIUt.
  case temporaryWhenInUse
  /// AA.
  case always
  /// AAp.
  case provisionalAlways
  /// DEN.
  case denied
  /// RES.
  case restricted

  /// The origin of an app in `state` that has or has not used its one Always request.
  public init(state: AuthorizationState, alwaysRequested: Bool) {
    switch state {
    case .notDetermined: self = .notDetermined
    case .whenInUse: self = alwaysRequested ? .whenInUseAlwaysUsed : .whenInUseAlwaysUnused
    case .temporaryWhenInUse: self = .temporaryWhenInUse
    case .always: self = .always
    case .provisionalAlways: self = .provisionalAlways
    case .denied: self = .denied
    case .restricted: self = .restricted
    }
  }

  /// The authorization state of this origin.
  public var state: AuthorizationState {
    switch self {
    case .notDetermined: .notDetermined
    case .whenInUseAlwaysUnused, .whenInUseAlwaysUsed: .whenInUse
    case .temporaryWhenInUse: .temporaryWhenInUse
    case .always: .always
    case .provisionalAlways: .provisionalAlways
    case .denied: .denied
    case .restricted: .restricted
    }
  }

  /// Whether the one Always request has been used in this origin.
  public var alwaysRequested: Bool { self == .whenInUseAlwaysUsed }

  public var description: String {
    switch self {
    case .whenInUseAlwaysUnused: "WIU (Always unused)"
    case .whenInUseAlwaysUsed: "WIU (Always used)"
    case .notDetermined, .temporaryWhenInUse, .always, .provisionalAlways, .denied, .restricted:
      state.shortName
    }
  }
}
