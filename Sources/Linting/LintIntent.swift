/// What an app means to do with location, which decides the checks `lint` runs.
///
/// Given on the command line with `--intends`, or inferred from the keys the Info.plist has.
public enum LintIntent: String, CaseIterable, Sendable, Hashable, CustomStringConvertible {
  /// Calls `requestWhenInUseAuthorization` (inferred from `NSLocationWhenInUseUsageDescription` or `NSLocationUsageDescription`).
  case whenInUse
  /// Calls `requestAlwaysAuthorization` (inferred from either Always key).
  case always
  /// Sets `allowsBackgroundLocationUpdates` (inferred from `location` in `UIBackgroundModes`).
  case background
  /// Calls `requestTemporaryFullAccuracyAuthorization` (inferred from `NSLocationTemporaryUsageDescriptionDictionary`).
  case temporaryFullAccuracy
  /// Creates a `CLBackgroundActivitySession` (iOS 17+; never inferred: say it with `--intends`).
  case backgroundActivity

  public var description: String { rawValue }
}
