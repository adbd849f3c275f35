/// A read-only copy of an app's authorization record (BEHAVIOR.md §2) and what the app reports.
public struct AuthorizationRecord: Hashable, Sendable {
  /// `authorizationStatus` as the app sees it.
  public let status: AuthorizationStatus
  /// `accuracyAuthorization`, `nil` before iOS 14.
  public let accuracy: AccuracyAuthorization?
  /// The model's state: ND, WIU, WIUt, AA, AAp, DEN or RES (Location Services aside).
  public let state: AuthorizationState
  /// Whether the grant is Allow Once (WIUt).
  public var isTemporary: Bool { state == .temporaryWhenInUse }
  /// Whether the grant is iOS 13's provisional Always (AAp).
  public var isProvisional: Bool { state == .provisionalAlways }
  /// Whether the one Always request has been used.
  public let alwaysRequested: Bool
  /// The Precise Location switch (S3).
  public let preciseEnabled: Bool
  /// Whether full accuracy is temporary (T1).
  public let isFullAccuracyTemporary: Bool
  /// Whether a restriction applies (E8).
  public let isRestricted: Bool
  /// The status that returns when Location Services come back on (E5), while they are off.
  public let statusToRestore: AuthorizationStatus?
  /// How many P10 alerts the user answered for the app.
  public let locationServicesAlertsAnswered: Int
  /// The SDK the app was linked against.
  public let linkedSDK: OSVersion

  init(machine: AuthorizationMachine, locationServicesEnabled: Bool) {
    let snapshot = machine.reported(locationServicesEnabled: locationServicesEnabled)
    status = snapshot.status
    accuracy = snapshot.accuracy
    state = machine.state
    alwaysRequested = machine.alwaysRequested
    preciseEnabled = machine.preciseEnabled
    isFullAccuracyTemporary = machine.temporaryFullAccuracy
    isRestricted = machine.isRestricted
    statusToRestore = locationServicesEnabled ? nil : machine.state.status
    locationServicesAlertsAnswered = machine.locationServicesAlertsAnswered
    linkedSDK = machine.profile.linkedSDK
  }
}
