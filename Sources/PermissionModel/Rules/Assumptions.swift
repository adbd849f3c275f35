/// Every value BEHAVIOR.md marks *(assumed)* and every threshold the model had to choose, in one place.
///
/// Behaviour decisions that are not numbers are cited where they are implemented with
/// "(assumed)" next to the rule id; the list below names them so they can be found:
/// - §2: a request made while an alert is showing is ignored; a temporary-accuracy request then
///   completes with `promptDeclined` so its `done` still becomes true.
/// - E4 over E8: with Location Services off every app reports `denied`, even a restricted one.
/// - R11: the silent 13.0–13.3 upgrade to provisional Always delivers a callback.
/// - T5: temporary full accuracy under ND, DEN or RES completes with `promptDeclined`.
/// - C4: from iOS 14 a delegate without `locationManagerDidChangeAuthorization` gets
///   `didChangeAuthorization` for status changes only.
/// - U4: region monitoring under reduced accuracy fails with `regionMonitoringDenied`.
/// - D1: an alert showing when the app's authorization changes by another route (Settings, Location
///   Services, restriction, reset) or the app terminates is withdrawn unanswered.
/// - D2: selecting the Settings option (or Precise setting) already selected changes nothing.
/// - B2: 17.0 is the first version whose crash reason ends `|| _CFMZEnabled()` (the iOS 17 layer holds it).
/// - P11 from 17: its wording, and that a "use" is one instant with background deliveries (R21 counts them).
/// - S1b: an app linked before 8 lists the options of an app with both keys (`RuleLayer.firstUseAsksForAlways`).
/// - UP1: a reminder (P11) the restart interrupted shows again when the phone is back.
/// - UP3: crossing 14.0, an authorized app gets the Precise switch on (`UpgradeEffect`, the iOS 14 layer).
public enum Assumptions {
  // MARK: - Lifecycle

  /// L2: how long an app stays in use after leaving the foreground (seed 000 measured about 10 s).
  public static let inUseGracePeriod = VirtualDuration.seconds(10)

  // MARK: - Locations

  /// C6: how long `requestLocation` under ND waits before failing with `locationUnknown`.
  public static let requestLocationTimeout = VirtualDuration.seconds(10)
  /// U3: how long a background session's location must stay unchanged before it pauses.
  public static let automaticPauseAfter = VirtualDuration.minutes(15)
  /// U2: reduced-accuracy coordinates snap to a grid of this many degrees.
  public static let reducedAccuracyGridDegrees = 0.05
  /// U2: the `horizontalAccuracy` of a reduced-accuracy location, in metres.
  public static let reducedHorizontalAccuracy = 5000.0
  /// U2: reduced accuracy delivers at most one location per this interval, per manager.
  public static let reducedAccuracyInterval = VirtualDuration.minutes(15)
  /// U2: the `horizontalAccuracy` of a full-accuracy location, in metres.
  public static let fullHorizontalAccuracy = 5.0
  /// E12: a move of at least this many metres from the last reported place is a significant change.
  public static let significantChangeDistance = 500.0
  /// U4: the error for region monitoring under reduced accuracy.
  public static let reducedAccuracyRegionError = LocationErrorCode.regionMonitoringDenied
  /// U4: the error for significant-change monitoring under When-In-Use on iOS 8–12.
  public static let significantChangesWithoutAlwaysError = LocationErrorCode.denied

  // MARK: - App Clips

  /// A1/E3: an App Clip's When-In-Use grant resets at this time of day…
  public static let appClipResetSecondOfDay: Int64 = 4 * 3600
  /// A1/E3: …on the calendar day after the grant (a grant at 01:00 lasts until 04:00 the next day).
  public static let appClipResetDaysLater: Int64 = 1

  // MARK: - Texts

  // The system's texts that no source gives (P10 and P11 in zh-Hans from 16, P12, P14's While-Using
  // button…) are data: each table lists them under "assumed" (SystemStrings/*.json, Z0).

  /// P14 (A3): the model's name for an App Clip's While-Using button, after seed 001's "While Using
  /// Until Tomorrow": the English label that keys its texts in SystemStrings/*.json (listed there as assumed).
  public static let appClipWhileUsingButton = "Allow While Using Until Tomorrow"
  /// K2: the iOS 8–10 console line for an Always request without `NSLocationAlwaysUsageDescription`.
  public static let alwaysKeyMissingLineBefore11 =
    "This app has attempted to access privacy-sensitive data without a usage description. The app's Info.plist must contain an “NSLocationAlwaysUsageDescription” key with a string value explaining to the user how the app uses this data"
}

extension Assumptions {
  // MARK: - iOS 15+ objects (§14–§18)
  /// LU3: how long the device must stay still before a live-update stream pauses (as U3).
  public static let stationaryAfter = VirtualDuration.minutes(15)
  /// BA4, SS10: how soon after a launch re-creating a session rejoins the one outstanding at termination.
  public static let sessionRejoinWindow = VirtualDuration.seconds(5)
}
