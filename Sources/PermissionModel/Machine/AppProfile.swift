/// What the authorization rules need to know about an app: its kind, keys and linked SDK.
public struct AppProfile: Hashable, Sendable {
  /// App or App Clip.
  public let kind: AppKind
  /// The usage descriptions present as non-empty strings (K1).
  public let usageDescriptions: Set<UsageDescriptionKey>
  /// `NSLocationDefaultAccuracyReduced` as a Boolean `true` (K3).
  public let defaultAccuracyReduced: Bool
  /// `UIBackgroundModes` contains `location` (K6).
  public let hasLocationBackgroundMode: Bool
  /// The SDK the app was linked against (B1).
  public let linkedSDK: OSVersion

  /// Reads the profile from an Info.plist.
  public init(plist: InfoPlist, kind: AppKind = .app, linkedSDK: OSVersion) {
    self.kind = kind
    self.usageDescriptions = Set(plist.usageDescriptions.filter { !$0.value.isEmpty }.keys)
    self.defaultAccuracyReduced = plist.defaultAccuracyReduced
    self.hasLocationBackgroundMode = plist.hasLocationBackgroundMode
    self.linkedSDK = linkedSDK
  }
}
