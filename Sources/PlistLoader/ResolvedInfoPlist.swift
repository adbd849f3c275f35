import PermissionModel

/// An Info.plist as the model sees it on a device with one locale, with what was wrong with its keys.
public struct ResolvedInfoPlist: Sendable, Equatable {
  /// The typed keys, with alert texts and names localized (K4, K5).
  public var infoPlist: InfoPlist
  /// The language whose strings table was used, or nil when the Info.plist values are shown as they are.
  public var localization: String?
  /// The values left out or ignored because of their type (K1, K3, K4, K6), in key order.
  public var diagnostics: [PlistDiagnostic]

  /// Wraps a resolved Info.plist.
  public init(infoPlist: InfoPlist, localization: String?, diagnostics: [PlistDiagnostic]) {
    self.infoPlist = infoPlist
    self.localization = localization
    self.diagnostics = diagnostics
  }
}
