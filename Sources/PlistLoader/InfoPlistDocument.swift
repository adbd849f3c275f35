import PermissionModel

/// An app's Info.plist and its localized strings: what `phone:install` reads, before a locale is chosen.
///
/// Build one from a file with ``init(contentsOf:relativeTo:access:)`` or from the inline `info` table with
/// ``init(values:strings:path:localizationFolders:staleCatalogKeys:keyLines:)``; both are plain values, so a runner
/// may load a file once and share the document between cases. ``resolve(locale:)`` then gives the model's
/// ``InfoPlist`` for a device.
public struct InfoPlistDocument: Sendable, Hashable {
  /// The Info.plist file relative to the scenario root, or nil for an inline `info` table.
  public let path: String?
  /// The Info.plist's top-level keys, untyped.
  public let values: [String: PlistValue]
  /// The localized strings: `.lproj` files, the String Catalog and the inline `strings`.
  public private(set) var strings: LocalizedStrings
  /// The name of every `<name>.lproj` folder beside the Info.plist, sorted, whether or not it has an InfoPlist.strings.
  public let localizationFolders: [String]
  /// The keys `InfoPlist.xcstrings` marks stale, sorted.
  public let staleCatalogKeys: [String]
  /// The line each top-level key of the Info.plist file is written on, for messages that point at it;
  /// empty for an inline table or a binary plist.
  package let keyLines: [String: Int]
  let checked: CheckedInfoPlist

  /// Wraps Info.plist values already in memory, such as the inline `info` table, without any Foundation round trip.
  public init(
    values: [String: PlistValue],
    strings: LocalizedStrings = LocalizedStrings(),
    path: String? = nil,
    localizationFolders: [String] = [],
    staleCatalogKeys: [String] = [],
    keyLines: [String: Int] = [:]
  ) {
    self.path = path
    self.values = values
    self.strings = strings
    self.localizationFolders = localizationFolders
    self.staleCatalogKeys = staleCatalogKeys
    self.keyLines = keyLines
    checked = CheckedInfoPlist(values)
  }

  /// This document with the inline `strings` of `phone:install`, which win over files key by key.
  public func withInlineStrings(_ inline: [String: [String: String]]) -> InfoPlistDocument {
    var document = self
    document.strings = strings.replacingInline(with: inline)
    return document
  }

  /// The values left out or ignored because of their type (K1, K3, K4, K6); the same for every locale.
  public var diagnostics: [PlistDiagnostic] { checked.diagnostics }

  /// `CFBundleDevelopmentRegion`, when it is a String and not an unexpanded build setting.
  public var developmentRegion: String? { checked.developmentRegion }

  // MARK: - Resolving

  /// The model's view of the Info.plist on a device whose language is `locale`.
  ///
  /// The strings table is the first of ``LocalizedStrings/fallbackChain(for:developmentRegion:)`` that
  /// exists. Usage descriptions (K1) and purpose texts (K4) are present as the Info.plist declares them and
  /// read from that table when it has their key (K5). The names come from the table too, even when the
  /// Info.plist lacks them, as `CFBundleGetValueForInfoDictionaryKey` reads localized keys first.
  public func resolve(locale: String) -> ResolvedInfoPlist {
    let table = strings.table(for: locale, developmentRegion: checked.developmentRegion)
    let localized = table?.entries ?? [:]
    // K5
    var usageDescriptions = checked.usageDescriptions
    for key in usageDescriptions.keys {
      if let translation = localized[key.rawValue] { usageDescriptions[key] = translation }
    }
    // K4
    var purposeDescriptions = checked.purposeDescriptions
    for purposeKey in purposeDescriptions.keys {
      if let translation = localized[purposeKey] { purposeDescriptions[purposeKey] = translation }
    }
    let info = InfoPlist(
      bundleIdentifier: checked.bundleIdentifier,
      bundleDisplayName: localized[InfoPlistKey.bundleDisplayName.rawValue] ?? checked.bundleDisplayName,
      bundleName: localized[InfoPlistKey.bundleName.rawValue] ?? checked.bundleName,
      usageDescriptions: usageDescriptions,
      temporaryUsageDescriptions: purposeDescriptions,
      backgroundModes: checked.backgroundModes,  // K6
      defaultAccuracyReduced: checked.defaultAccuracyReduced,  // K3
      requiresExplicitServiceSession: checked.requiresExplicitServiceSession  // XS1
    )
    return ResolvedInfoPlist(infoPlist: info, localization: table?.locale, diagnostics: checked.diagnostics)
  }
}
