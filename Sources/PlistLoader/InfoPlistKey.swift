/// The Info.plist keys the loader reads besides the usage descriptions (``UsageDescriptionKey``).
public enum InfoPlistKey: String, Sendable, Hashable, CaseIterable {
  /// The app's identity on the device.
  case bundleIdentifier = "CFBundleIdentifier"
  /// The name alert titles show first (K5).
  case bundleDisplayName = "CFBundleDisplayName"
  /// The name alert titles show when there is no display name (K5).
  case bundleName = "CFBundleName"
  /// The localization iOS falls back to when the app has none of the device's languages.
  case developmentRegion = "CFBundleDevelopmentRegion"
  /// Purpose key → the text of the temporary full accuracy alert (K4).
  case temporaryUsageDescriptionDictionary = "NSLocationTemporaryUsageDescriptionDictionary"
  /// Reduced accuracy by default, when the Boolean `true` (K3).
  case defaultAccuracyReduced = "NSLocationDefaultAccuracyReduced"
  /// The background modes; `location` is the background capability (K6).
  case backgroundModes = "UIBackgroundModes"
  /// Implicit service sessions off, when the Boolean `true` (XS1, iOS 18+).
  case requireExplicitServiceSession = "NSLocationRequireExplicitServiceSession"
}
