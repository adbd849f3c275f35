/// A `CLLocationManagerDelegate` method, by the distinguishing part of its Swift name.
public enum DelegateMethod: String, CaseIterable, Sendable, CustomStringConvertible {
  /// `locationManagerDidChangeAuthorization(_:)`, iOS 14+ (C4).
  case locationManagerDidChangeAuthorization
  /// `locationManager(_:didChangeAuthorization:)` (C4).
  case didChangeAuthorization
  /// `locationManager(_:didUpdateLocations:)` (U1).
  case didUpdateLocations
  /// `locationManager(_:didFailWithError:)` (C6).
  case didFailWithError
  /// `locationManagerDidPauseLocationUpdates(_:)` (U3).
  case locationManagerDidPauseLocationUpdates
  /// `locationManagerDidResumeLocationUpdates(_:)` (U3).
  case locationManagerDidResumeLocationUpdates
  /// `locationManager(_:monitoringDidFailFor:withError:)` (U4).
  case monitoringDidFailFor
  /// `locationManager(_:didEnterRegion:)` (E12).
  case didEnterRegion
  /// `locationManager(_:didExitRegion:)` (E12).
  case didExitRegion
  /// An element of `CLLocationUpdate.liveUpdates` reaching the app's loop (LU1); not a delegate method.
  case liveUpdate
  /// A `CLMonitor` event reaching the app's loop (MN1); not a delegate method.
  case monitorEvent

  /// Looks a method up by name.
  ///
  /// - Throws: `MisuseError` listing the valid names (and the closest one) when `name` is none of them.
  public init(named name: String) throws(MisuseError) {
    guard let method = DelegateMethod(rawValue: name) else {
      let names = DelegateMethod.allCases.map(\.rawValue)
      let hint = Spelling.closest(to: name, in: names).map { " (did you mean \($0)?)" }
      throw MisuseError(
        .invalidArgument,
        "unknown delegate method \"\(name)\"\(hint ?? ""); valid names: " + names.joined(separator: ", "))
    }
    self = method
  }

  /// Whether this method reports authorization (C4).
  public var isAuthorizationCallback: Bool {
    switch self {
    case .locationManagerDidChangeAuthorization, .didChangeAuthorization: true
    case .didUpdateLocations, .didFailWithError, .locationManagerDidPauseLocationUpdates,
      .locationManagerDidResumeLocationUpdates, .monitoringDidFailFor, .didEnterRegion, .didExitRegion,
      .liveUpdate, .monitorEvent:
      false
    }
  }

  public var description: String { rawValue }
}
