import PermissionModel
import PlistLoader
import Testing

@Suite("The model's InfoPlist, typed and localized")
struct InfoPlistDocumentTests {
  // MARK: - From files

  @Test("the WiFiFinder app in its development region")
  func english() throws {
    let resolved = try Fixture.document("WiFiFinder/Info.plist").resolve(locale: "en-US")
    #expect(resolved.localization == "en")
    #expect(resolved.diagnostics.isEmpty)
    #expect(resolved.infoPlist == InfoPlist(
      bundleIdentifier: "com.example.wififinder",
      bundleDisplayName: "WiFi Finder",
      bundleName: "WiFiFinder",
      usageDescriptions: [
        .whenInUse: "Shows the Wi-Fi networks around you.",
        .alwaysAndWhenInUse: "Remembers networks in the background.",
      ],
      temporaryUsageDescriptions: [
        "WantsToGetWiFiSSID": "Your precise location will be used to get the current Wi-Fi SSID",
        "WantsToNavigate": "Precise location gives turn-by-turn directions.",
      ],
      backgroundModes: ["location", "fetch"],
      defaultAccuracyReduced: true
    ))
    #expect(resolved.infoPlist.hasLocationBackgroundMode)  // K6
  }

  @Test("K4, K5: zh-Hans texts come from the UTF-16 strings file; what it lacks comes from the Info.plist")
  func simplifiedChinese() throws {
    let info = try Fixture.document("WiFiFinder/Info.plist").resolve(locale: "zh-Hans-CN")
    #expect(info.localization == "zh-Hans")
    #expect(info.infoPlist.bundleDisplayName == "无线查找")
    #expect(info.infoPlist.usageDescriptions[.whenInUse] == "用于显示附近的 Wi-Fi 网络。")
    #expect(info.infoPlist.usageDescriptions[.alwaysAndWhenInUse]
      == "Your location is used in the background to remember networks.")
    #expect(info.infoPlist.temporaryUsageDescriptions["WantsToGetWiFiSSID"] == "您的精确位置将用于获取当前 Wi-Fi 名称")
    #expect(info.infoPlist.temporaryUsageDescriptions["WantsToNavigate"]
      == "Your precise location will be used to calculate a route and allow you to use turn-by-turn directions.")
  }

  @Test("K5: each locale picks its table", arguments: [
    ("zh-Hant-HK", "zh-Hant", "無線查找"),
    ("fr-CA", "fr", "WiFi Finder"),  // fr.lproj has no display name: the Info.plist's
    ("ja", "en", "WiFi Finder"),  // no ja.lproj: the development region's
    ("de", "en", "WiFi Finder"),  // de.lproj has no InfoPlist.strings
  ])
  func localeTables(locale: String, table: String, name: String) throws {
    let resolved = try Fixture.document("WiFiFinder/Info.binary.plist").resolve(locale: locale)
    #expect(resolved.localization == table)
    #expect(resolved.infoPlist.bundleDisplayName == name)
  }

  @Test("a folder path means the Info.plist inside it")
  func appFolder() throws {
    let document = try Fixture.document("WiFiFinder")
    #expect(document.path == "WiFiFinder/Info.plist")
    #expect(document.strings.locales == ["Base", "en", "fr", "zh-Hans", "zh-Hant"])
  }

  @Test("K5: a catalog's texts, with an .lproj file winning key by key")
  func catalog() throws {
    let document = try Fixture.document("Catalog/Info.plist")
    #expect(document.developmentRegion == nil)  // "$(DEVELOPMENT_LANGUAGE)" is not expanded
    let german = document.resolve(locale: "de-AT").infoPlist
    #expect(german.bundleDisplayName == "Katalog")
    #expect(german.usageDescriptions == [.whenInUse: "Katalog zeigt, wo Sie sind."])
    #expect(german.temporaryUsageDescriptions == ["WantsToGetWiFiSSID": "Aus der Datei"])  // K4
    #expect(document.resolve(locale: "ja").infoPlist.bundleDisplayName == "カタログ（iPhone）")
    let french = document.resolve(locale: "fr")
    #expect(french.localization == nil)
    #expect(french.infoPlist.usageDescriptions == [.whenInUse: "Catalog shows where you are."])
  }

  // MARK: - Inline

  @Test("an inline info table resolves without files, and inline strings localize it")
  func inline() {
    let document = InfoPlistDocument(values: [
      "CFBundleName": "Inline",
      "NSLocationWhenInUseUsageDescription": "Location shows nearby networks.",
      "NSLocationTemporaryUsageDescriptionDictionary": ["WantsToGetWiFiSSID": "Precise location reads the SSID."],
      "UIBackgroundModes": ["location"],
      "NSLocationDefaultAccuracyReduced": true,
    ]).withInlineStrings(["zh-Hans": ["WantsToGetWiFiSSID": "精确位置用于读取 Wi-Fi 名称"]])
    let info = document.resolve(locale: "zh-Hans").infoPlist
    #expect(document.path == nil)
    #expect(info.bundleName == "Inline")
    #expect(info.temporaryUsageDescriptions == ["WantsToGetWiFiSSID": "精确位置用于读取 Wi-Fi 名称"])  // K4
    #expect(info.usageDescriptions == [.whenInUse: "Location shows nearby networks."])  // K5 fallback
    #expect(info.hasLocationBackgroundMode)  // K6
    #expect(info.defaultAccuracyReduced)  // K3
  }

  @Test("inline strings win over the app's strings files")
  func inlineOverFiles() throws {
    let document = try Fixture.document("WiFiFinder/Info.plist")
      .withInlineStrings(["zh-Hans": ["WantsToGetWiFiSSID": "来自场景"]])
    let info = document.resolve(locale: "zh-Hans").infoPlist
    #expect(info.temporaryUsageDescriptions["WantsToGetWiFiSSID"] == "来自场景")
    #expect(info.bundleDisplayName == "无线查找")  // still from the file
  }

  @Test("a localized name applies even when the Info.plist has none")
  func localizedNameWithoutPlistValue() {
    let document = InfoPlistDocument(values: [:]).withInlineStrings(["en": ["CFBundleDisplayName": "Shown"]])
    #expect(document.resolve(locale: "en").infoPlist.bundleDisplayName == "Shown")
    #expect(document.resolve(locale: "de").infoPlist.bundleDisplayName == nil)
  }

  @Test("K1: a usage description only in a strings file does not make the key present")
  func translationWithoutKey() {
    let document = InfoPlistDocument(values: [:])
      .withInlineStrings(["en": ["NSLocationWhenInUseUsageDescription": "Only translated"]])
    #expect(document.resolve(locale: "en").infoPlist.usageDescriptions.isEmpty)
  }
}
