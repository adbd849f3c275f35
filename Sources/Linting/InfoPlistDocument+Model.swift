import PermissionModel
import PlistLoader

extension InfoPlistDocument {
  /// An App Clip when the Info.plist has an `NSAppClip` key (A1, A2), else a full app.
  public var appKind: AppKind {
    values["NSAppClip"] == nil ? .app : .appClip
  }

  /// The name alert titles show for the app on a phone in `locale` (K5, Z0), when the Info.plist gives one.
  public func appName(locale: String) -> String? {
    let info = resolve(locale: locale).infoPlist
    return info.bundleDisplayName ?? info.bundleName
  }

  /// The usage descriptions the model counts as present: non-empty Strings (K1).
  public var presentUsageDescriptions: Set<UsageDescriptionKey> {
    Set(resolve(locale: developmentRegion ?? "en").infoPlist.usageDescriptions.keys)
  }
}
