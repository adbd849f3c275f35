/// What installing a newer iOS does to an app's record when the upgrade crosses the layer that lists it (UP3).
///
/// The effects every upgrade has (UP1's restart, UP2's kept grants, UP4's new rules) are not listed:
/// a layer lists only what crossing it changes, so `explain` can say what an upgrade into it does.
public enum UpgradeEffect: Hashable, Sendable, CustomStringConvertible {
  /// UP3 (assumed from Baseflow/flutter-geolocator#523): crossing 14.0, an app authorized before the
  /// update gets the Precise switch on; any other app gets the switch's 14 default (off with K3).
  case preciseOnForAuthorizedApps

  public var description: String {
    switch self {
    case .preciseOnForAuthorizedApps:
      "an app authorized before the upgrade gets the Precise switch on (fullAccuracy); any other app gets the default, off with NSLocationDefaultAccuracyReduced (UP3)"
    }
  }
}
