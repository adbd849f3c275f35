/// The keys of an app's Info.plist that the model reads, already typed and localized for one locale.
///
/// `PlistLoader` builds this from files or from an inline dictionary; the model never reads files.
/// A usage description is present only when the Info.plist holds it as a non-empty String (K1);
/// its value here is the text the alert shows, localized per K5.
public struct InfoPlist: Sendable, Equatable {
  /// `CFBundleIdentifier`.
  public var bundleIdentifier: String?
  /// `CFBundleDisplayName`, localized.
  public var bundleDisplayName: String?
  /// `CFBundleName`, localized.
  public var bundleName: String?
  /// The usage descriptions the Info.plist declares (K1), as the alert shows them (K5).
  public var usageDescriptions: [UsageDescriptionKey: String]
  /// `NSLocationTemporaryUsageDescriptionDictionary`: purpose key → the text the alert shows (K4).
  public var temporaryUsageDescriptions: [String: String]
  /// `UIBackgroundModes`; `location` among them is the background capability (K6).
  public var backgroundModes: [String]
  /// `NSLocationDefaultAccuracyReduced`, true only when the Info.plist holds the Boolean `true` (K3).
  public var defaultAccuracyReduced: Bool
  /// `NSLocationRequireExplicitServiceSession`, true only when the Info.plist holds the Boolean `true` (XS1).
  public var requiresExplicitServiceSession: Bool

  public init(
    bundleIdentifier: String? = nil,
    bundleDisplayName: String? = nil,
    bundleName: String? = nil,
    usageDescriptions: [UsageDescriptionKey: String] = [:],
    temporaryUsageDescriptions: [String: String] = [:],
    backgroundModes: [String] = [],
    defaultAccuracyReduced: Bool = false,
    requiresExplicitServiceSession: Bool = false
  ) {
    self.bundleIdentifier = bundleIdentifier
    self.bundleDisplayName = bundleDisplayName
    self.bundleName = bundleName
    self.usageDescriptions = usageDescriptions
    self.temporaryUsageDescriptions = temporaryUsageDescriptions
    self.backgroundModes = backgroundModes
    self.defaultAccuracyReduced = defaultAccuracyReduced
    self.requiresExplicitServiceSession = requiresExplicitServiceSession
  }

  /// Whether `UIBackgroundModes` contains `location` (K6).
  public var hasLocationBackgroundMode: Bool { backgroundModes.contains("location") }
}

/// The Info.plist keys that describe why an app uses location (K1).
public enum UsageDescriptionKey: String, CaseIterable, Sendable, Hashable {
  /// iOS 7's optional message for the first-use alert (P1).
  case location = "NSLocationUsageDescription"
  /// Needed by every When-In-Use request from iOS 8, and by Always requests from iOS 11.
  case whenInUse = "NSLocationWhenInUseUsageDescription"
  /// Needed by Always requests on iOS 8–10.
  case always = "NSLocationAlwaysUsageDescription"
  /// Needed (with the When-In-Use key) by Always requests from iOS 11.
  case alwaysAndWhenInUse = "NSLocationAlwaysAndWhenInUseUsageDescription"
}
