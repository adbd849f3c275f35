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

  /// The texts alerts show that hold a build setting an Xcode build would have expanded (K5): the app's
  /// names, then the usage descriptions and purpose texts, each with the first setting it holds.
  package var unexpandedBuildSettings: [(key: String, setting: String)] {
    let names = [(InfoPlistKey.bundleDisplayName.rawValue, infoPlist.bundleDisplayName), (InfoPlistKey.bundleName.rawValue, infoPlist.bundleName)]
    let usage = UsageDescriptionKey.allCases.map { ($0.rawValue, infoPlist.usageDescriptions[$0]) }
    let purposes = infoPlist.temporaryUsageDescriptions.sorted { $0.key < $1.key }.map { ($0.key, Optional($0.value)) }
    return (names + usage + purposes).compactMap { key, text in text.flatMap(BuildSetting.first(in:)).map { (key, $0) } }
  }
}
