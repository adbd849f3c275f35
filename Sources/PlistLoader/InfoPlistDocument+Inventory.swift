import PermissionModel

extension InfoPlistDocument {
  /// The keys the model reads, in the order ``InfoPlistInventory/keyTypes`` lists them.
  static let inventoriedKeys: [String] =
    [InfoPlistKey.bundleIdentifier, .bundleDisplayName, .bundleName, .developmentRegion].map(\.rawValue)
    + UsageDescriptionKey.allCases.map(\.rawValue)
    + [InfoPlistKey.temporaryUsageDescriptionDictionary, .defaultAccuracyReduced, .backgroundModes, .requireExplicitServiceSession].map(\.rawValue)

  /// The facts `permsim lint` reports: key types, localizations present, and which alert texts each translates.
  public func inventory() -> InfoPlistInventory {
    var translatable: [String] = []
    if checked.bundleDisplayName != nil { translatable.append(InfoPlistKey.bundleDisplayName.rawValue) }
    if checked.bundleName != nil { translatable.append(InfoPlistKey.bundleName.rawValue) }
    translatable += UsageDescriptionKey.allCases.filter { checked.usageDescriptions[$0] != nil }.map(\.rawValue)  // K1
    translatable += checked.purposeDescriptions.keys.sorted()  // K4

    let localizations = strings.tables.map { table in
      InfoPlistInventory.Localization(
        locale: table.locale,
        origin: table.origin,
        translatedKeys: translatable.filter { table.entries[$0] != nil },
        missingKeys: translatable.filter { table.entries[$0] == nil },
        otherKeys: table.entries.keys.filter { !translatable.contains($0) }.sorted()
      )
    }
    let catalogLanguages = strings.tables.compactMap { table -> String? in
      if case .stringCatalog = table.origin, !table.entries.isEmpty { table.locale } else { nil }
    }
    return InfoPlistInventory(
      path: path,
      keyTypes: Self.inventoriedKeys.map { InfoPlistInventory.KeyType(key: $0, kind: values[$0]?.kind) },
      translatableKeys: translatable,
      localizationFolders: localizationFolders,
      catalogLanguages: catalogLanguages.sorted(),
      staleCatalogKeys: staleCatalogKeys,
      localizations: localizations,
      diagnostics: checked.diagnostics
    )
  }
}
