/// What an installed app is: fixed at installation.
final class AppInfo {
  let name: String
  let bundleID: String
  /// What the authorization rules read: kind, keys, linked SDK (the machine holds the same profile).
  let profile: AppProfile
  let delegateMethods: Set<DelegateMethod>
  let hasWiFiInfoEntitlement: Bool
  let plist: InfoPlist
  /// A widget extension declares `NSWidgetWantsLocation` (WG1).
  let widgetWantsLocation: Bool

  init(
    name: String, bundleID: String, profile: AppProfile, delegateMethods: Set<DelegateMethod>,
    hasWiFiInfoEntitlement: Bool, plist: InfoPlist, widgetWantsLocation: Bool = false
  ) {
    self.name = name
    self.bundleID = bundleID
    self.profile = profile
    self.delegateMethods = delegateMethods
    self.hasWiFiInfoEntitlement = hasWiFiInfoEntitlement
    self.plist = plist
    self.widgetWantsLocation = widgetWantsLocation
  }

  /// App or App Clip.
  var kind: AppKind { profile.kind }
  /// The SDK the app was linked against.
  var linkedSDK: OSVersion { profile.linkedSDK }

  func implements(_ method: DelegateMethod) -> Bool {
    delegateMethods.contains(method)
  }
}
