import PlistLoader
import Testing

@Suite("What lint learns about an app")
struct InfoPlistInventoryTests {
  @Test("the type of every key the model reads")
  func keyTypes() throws {
    let inventory = try Fixture.document("WrongTypes/Info.plist").inventory()
    let kinds = Dictionary(uniqueKeysWithValues: inventory.keyTypes.map { ($0.key, $0.kind) })
    #expect(inventory.keyTypes.count == 12)
    #expect(kinds["NSLocationDefaultAccuracyReduced"] == .string)  // K3
    #expect(kinds["UIBackgroundModes"] == .string)  // K6
    #expect(kinds["NSLocationAlwaysAndWhenInUseUsageDescription"] == .boolean)  // K1
    #expect(kinds["NSLocationTemporaryUsageDescriptionDictionary"] == .dictionary)  // K4
    #expect(kinds["CFBundleIdentifier"] == .some(nil))
    #expect(inventory.diagnostics.count == 7)
  }

  @Test("the folders, and what each strings table translates (K1, K4, K5)")
  func translations() throws {
    let inventory = try Fixture.document("WiFiFinder/Info.plist").inventory()
    #expect(inventory.path == "WiFiFinder/Info.plist")
    #expect(inventory.localizationFolders == ["Base", "de", "en", "fr", "zh-Hans", "zh-Hant"])
    #expect(inventory.translatableKeys == [
      "CFBundleDisplayName", "CFBundleName",
      "NSLocationWhenInUseUsageDescription", "NSLocationAlwaysAndWhenInUseUsageDescription",
      "WantsToGetWiFiSSID", "WantsToNavigate",
    ])
    let byLocale = Dictionary(uniqueKeysWithValues: inventory.localizations.map { ($0.locale, $0) })
    #expect(byLocale.keys.sorted() == ["Base", "en", "fr", "zh-Hans", "zh-Hant"])
    let chinese = try #require(byLocale["zh-Hans"])
    #expect(chinese.origin == .stringsFile(path: "WiFiFinder/zh-Hans.lproj/InfoPlist.strings"))
    #expect(chinese.translatedKeys
      == ["CFBundleDisplayName", "NSLocationWhenInUseUsageDescription", "WantsToGetWiFiSSID"])
    #expect(chinese.missingKeys == ["CFBundleName", "NSLocationAlwaysAndWhenInUseUsageDescription", "WantsToNavigate"])
    let french = try #require(byLocale["fr"])
    #expect(french.missingKeys.contains("WantsToNavigate"))
    #expect(french.otherKeys == ["NSCameraUsageDescription"])
  }

  @Test("catalog languages and stale catalog keys")
  func catalog() throws {
    let inventory = try Fixture.document("Catalog/Info.plist").inventory()
    #expect(inventory.catalogLanguages == ["de", "en", "ja"])
    #expect(inventory.staleCatalogKeys == ["NSLocationAlwaysUsageDescription"])
    #expect(inventory.localizationFolders == ["de"])
    let german = inventory.localizations.filter { $0.locale == "de" }.map(\.origin)
    #expect(german == [
      .stringsFile(path: "Catalog/de.lproj/InfoPlist.strings"), .stringCatalog(path: "Catalog/InfoPlist.xcstrings"),
    ])
    let japanese = try #require(inventory.localizations.first { $0.locale == "ja" })
    #expect(japanese.missingKeys == ["WantsToGetWiFiSSID"])
    #expect(inventory.diagnostics.isEmpty)
  }
}
