import Foundation
import PlistLoader
import Testing

@Suite("InfoPlist.xcstrings")
struct StringCatalogTests {
  @Test("each language gets its string units, whatever their state")
  func languages() throws {
    let catalog = try StringCatalog(data: Fixture.data("Catalog/InfoPlist.xcstrings"), path: "InfoPlist.xcstrings")
    #expect(catalog.sourceLanguage == "en")
    #expect(catalog.languages["en"] == ["CFBundleDisplayName": "Catalog"])
    #expect(catalog.languages["de"] == [
      "CFBundleDisplayName": "Katalog",
      "NSLocationWhenInUseUsageDescription": "Katalog zeigt, wo Sie sind.",
      "WantsToGetWiFiSSID": "Aus dem Katalog",
      "NSLocationAlwaysUsageDescription": "Veraltet",
    ])
  }

  @Test("variations give the iPhone form of a device variation and the other form of a plural")
  func variations() throws {
    let catalog = try StringCatalog(data: Fixture.data("Catalog/InfoPlist.xcstrings"), path: "InfoPlist.xcstrings")
    #expect(catalog.languages["ja"] == [
      "CFBundleDisplayName": "カタログ（iPhone）",
      "NSLocationWhenInUseUsageDescription": "カタログは現在地を表示します。",
    ])
  }

  @Test("stale entries still count and are listed")
  func staleEntries() throws {
    let catalog = try StringCatalog(data: Fixture.data("Catalog/InfoPlist.xcstrings"), path: "InfoPlist.xcstrings")
    #expect(catalog.staleKeys == ["NSLocationAlwaysUsageDescription"])
    #expect(catalog.languages["de"]?["NSLocationAlwaysUsageDescription"] == "Veraltet")
  }

  @Test("a language with neither a string unit nor a known variation contributes nothing")
  func unknownShape() throws {
    let json = #"{"strings":{"A":{"localizations":{"de":{"substitutions":{}},"fr":{"variations":{"width":{}}}}}}}"#
    let catalog = try StringCatalog(data: Data(json.utf8), path: "x.xcstrings")
    #expect(catalog.languages.isEmpty)
    #expect(catalog.sourceLanguage == nil)
  }
}
