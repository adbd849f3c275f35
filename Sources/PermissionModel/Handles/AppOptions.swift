/// The options of `phone:install { … }` other than the Info.plist, already typed.
public struct AppOptions: Hashable, Sendable {
  /// The name in alert titles; `nil` means CFBundleDisplayName, else CFBundleName, else "App".
  public var name: String?
  /// The bundle id; `nil` means CFBundleIdentifier, else one derived from the name.
  public var bundleID: String?
  /// The SDK the app was linked against; `nil` means the device's version.
  public var sdk: OSVersion?
  /// App or App Clip.
  public var kind: AppKind
  /// The delegate methods the app implements; `nil` means all of them.
  public var delegateMethods: Set<DelegateMethod>?
  /// The Access Wi-Fi Information entitlement (W1).
  public var wifiInfoEntitlement: Bool
  /// Whether the app has a widget extension declaring `NSWidgetWantsLocation` (WG1).
  public var widgetWantsLocation: Bool

  /// Creates options; omitted ones take their defaults.
  public init(
    name: String? = nil, bundleID: String? = nil, sdk: OSVersion? = nil, kind: AppKind = .app,
    delegateMethods: Set<DelegateMethod>? = nil, wifiInfoEntitlement: Bool = true,
    widgetWantsLocation: Bool = false
  ) {
    self.name = name
    self.bundleID = bundleID
    self.sdk = sdk
    self.kind = kind
    self.delegateMethods = delegateMethods
    self.wifiInfoEntitlement = wifiInfoEntitlement
    self.widgetWantsLocation = widgetWantsLocation
  }
}
