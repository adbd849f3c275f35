/// What an installed app is: fixed at installation.
final class AppInfo {
  let name: String
  let bundleID: String
  let kind: AppKind
  let linkedSDK: OSVersion
  let delegateMethods: Set<DelegateMethod>
  let hasWiFiInfoEntitlement: Bool
  let plist: InfoPlist
  /// A widget extension declares `NSWidgetWantsLocation` (WG1).
  let widgetWantsLocation: Bool

  init(
    name: String, bundleID: String, kind: AppKind, linkedSDK: OSVersion, delegateMethods: Set<DelegateMethod>,
    hasWiFiInfoEntitlement: Bool, plist: InfoPlist, widgetWantsLocation: Bool = false
  ) {
    self.name = name
    self.bundleID = bundleID
    self.kind = kind
    self.linkedSDK = linkedSDK
    self.delegateMethods = delegateMethods
    self.hasWiFiInfoEntitlement = hasWiFiInfoEntitlement
    self.plist = plist
    self.widgetWantsLocation = widgetWantsLocation
  }

  func implements(_ method: DelegateMethod) -> Bool {
    delegateMethods.contains(method)
  }
}
