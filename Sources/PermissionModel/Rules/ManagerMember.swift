/// A `CLLocationManager` member that scenarios use, by Apple's name; the layers say since when it exists.
public enum ManagerMember: String, CaseIterable, Sendable, CustomStringConvertible {
  /// Read-only status.
  case authorizationStatus
  /// Read-only accuracy (iOS 14+).
  case accuracyAuthorization
  /// Read-write (iOS 9+; B1, B2).
  case allowsBackgroundLocationUpdates
  /// Read-write (iOS 11+; B3).
  case showsBackgroundLocationIndicator
  /// Read-write (U3).
  case pausesLocationUpdatesAutomatically
  /// Read-only: the last delivered location.
  case location
  /// Method (iOS 8+).
  case requestWhenInUseAuthorization
  /// Method (iOS 8+).
  case requestAlwaysAuthorization
  /// Method (iOS 14+; T1–T5).
  case requestTemporaryFullAccuracyAuthorization
  /// Method (U1).
  case startUpdatingLocation
  /// Method (U1).
  case stopUpdatingLocation
  /// Method (iOS 9+; C6).
  case requestLocation
  /// Method (U4).
  case startMonitoringSignificantLocationChanges
  /// Method (U4).
  case stopMonitoringSignificantLocationChanges
  /// Method (U4).
  case startMonitoring

  /// Looks a member up by Apple's name.
  ///
  /// - Throws: `MisuseError` naming the closest member when `name` is none of them.
  public init(named name: String) throws(MisuseError) {
    guard let member = ManagerMember(rawValue: name) else {
      let hint = Spelling.closest(to: name, in: ManagerMember.allCases.map(\.rawValue)).map { " (did you mean \($0)?)" }
      throw MisuseError(.invalidArgument, "CLLocationManager has no member \(name)\(hint ?? "")")
    }
    self = member
  }

  /// The first iOS version that has the member, read from the rule layers.
  public var introducedIn: OSVersion {
    RuleLayer.all.first { $0.members.contains(self) }?.since ?? OSVersion.oldestSupported
  }

  public var description: String { rawValue }
}
