import Testing
@testable import PermissionModel

@Suite("Info.plist keys (K1–K6)")
struct KeyTests {
  static let whenInUseLine =
    "This app has attempted to access privacy-sensitive data without a usage description. The app's Info.plist must contain an “NSLocationWhenInUseUsageDescription” key with a string value explaining to the user how the app uses this data"
  static let alwaysLine =
    "This app has attempted to access privacy-sensitive data without a usage description. The app's Info.plist must contain both “NSLocationAlwaysAndWhenInUseUsageDescription” and “NSLocationWhenInUseUsageDescription” keys with string values explaining to the user how the app uses this data"
  static let oldAlwaysLine =
    "This app has attempted to access privacy-sensitive data without a usage description. The app's Info.plist must contain an “NSLocationAlwaysUsageDescription” key with a string value explaining to the user how the app uses this data"

  /// Which keys a request needs on which version, and the K2 line without them.
  @Test("K1, K2: a request without its key logs one line and changes nothing", arguments: [
    ("8.0", AuthorizationCall.requestWhenInUseAuthorization, [UsageDescriptionKey.always, .alwaysAndWhenInUse], whenInUseLine),
    ("10.3", .requestAlwaysAuthorization, [.whenInUse, .alwaysAndWhenInUse], oldAlwaysLine),
    ("11.0", .requestAlwaysAuthorization, [.whenInUse, .always], alwaysLine),
    ("11.0", .requestAlwaysAuthorization, [.alwaysAndWhenInUse], alwaysLine),
    ("13.0", .requestWhenInUseAuthorization, [.alwaysAndWhenInUse], whenInUseLine),
    ("14.0", .requestAlwaysAuthorization, [.whenInUse], alwaysLine),
    ("18.0", .requestWhenInUseAuthorization, [], whenInUseLine),
  ])
  func missingKey(ios: String, call: AuthorizationCall, keys: [UsageDescriptionKey], line: String) throws {
    let plist = Plists.with(Plists.full) { plist in
      plist.usageDescriptions = plist.usageDescriptions.filter { keys.contains($0.key) }
    }
    let scene = try Scene(ios: ios, plist: plist)
    try perform(call, on: scene.manager)
    #expect(scene.prompt == nil)
    #expect(scene.state == .notDetermined)
    #expect(scene.app.callbacks.count == 1)
    #expect(scene.app.console == [line])
    #expect(scene.app.crash == nil)
  }

  @Test("K1: an empty usage description counts as missing")
  func emptyDescriptionIsMissing() throws {
    let plist = Plists.with(Plists.full) { $0.usageDescriptions[.whenInUse] = "" }
    let scene = try Scene(ios: "14.0", plist: plist)
    try scene.manager.requestWhenInUseAuthorization()
    #expect(scene.prompt == nil)
    #expect(scene.app.console == [Self.whenInUseLine])
  }

  @Test("K1: iOS 7 needs no key; the keys present satisfy every request on later versions", arguments: Versions.layers)
  func presentKeysSatisfy(ios: String) throws {
    let scene = try Scene(ios: ios, plist: ios == "7.0" ? Plists.bare : Plists.full)
    try perform(ios == "7.0" ? .firstUseOfLocation : .requestAlwaysAuthorization, on: scene.manager)
    #expect(scene.prompt != nil)
    #expect(scene.app.console.isEmpty)
  }

  @Test("K3: NSLocationDefaultAccuracyReduced starts reduced on 14+ and means nothing before")
  func defaultAccuracyReduced() throws {
    let ios14 = try Scene(ios: "14.0", plist: Plists.reduced)
    #expect(try ios14.manager.accuracyAuthorization == .reducedAccuracy)
    #expect(ios14.app.callbacks.first?.accuracy == .reducedAccuracy)
    #expect(ios14.settings.precise(for: ios14.app) == false)
    let ios13 = try Scene(ios: "13.0", plist: Plists.reduced)
    try ios13.manager.requestWhenInUseAuthorization()
    #expect(ios13.prompt?.precise == nil && ios13.prompt?.map == nil)
    #expect(ios13.app.callbacks.first?.accuracy == nil)
  }

  @Test("K4, K5: alert texts come from the (already localized) Info.plist values; the system's title is zh-Hans (Z0)")
  func localizedTexts() throws {
    let plist = Plists.with(Plists.full) {
      $0.bundleDisplayName = "地图"
      $0.usageDescriptions[.whenInUse] = "显示附近的车站。"
      $0.temporaryUsageDescriptions["WantsToGetWiFiSSID"] = "您的精确位置将用于获取当前 Wi-Fi 名称。"
    }
    let scene = try Scene(ios: "14.0", plist: plist, device: DeviceOptions(locale: "zh-Hans"))
    try scene.manager.requestWhenInUseAuthorization()
    #expect(scene.prompt?.title == "允许“地图”使用您的位置？")
    #expect(scene.prompt?.message == "显示附近的车站。")
    try scene.prompt?.setPrecise(false)
    try scene.tap("Allow While Using App")
    _ = try scene.manager.requestTemporaryFullAccuracyAuthorization(purposeKey: "WantsToGetWiFiSSID")
    #expect(scene.prompt?.message == "您的精确位置将用于获取当前 Wi-Fi 名称。")
    #expect(scene.phone.locale == "zh-Hans")
  }

  @Test("K6: UIBackgroundModes location is the background capability (B1, B2)")
  func backgroundCapability() throws {
    let with = try Scene(ios: "9.0")
    try with.manager.setAllowsBackgroundLocationUpdates(true)
    #expect(with.app.crash == nil)
    let without = try Scene(ios: "9.0", plist: Plists.noBackgroundMode)
    #expect(throws: AppCrash.self) { try without.manager.setAllowsBackgroundLocationUpdates(true) }
  }

  @Test("the app's name and bundle id default from the Info.plist, then from the name")
  func namesAndBundleIDs() throws {
    let world = World()
    let phone = world.makeDevice()
    #expect(try phone.install(Plists.full).name == "Maps")
    #expect(try phone.install(Plists.bare).name == "Bare")
    let nameless = try phone.install(InfoPlist())
    #expect(nameless.name == "App")
    #expect(nameless.bundleID == "com.example.App")
    #expect(try phone.install(InfoPlist(), options: AppOptions(name: "Bus Times")).bundleID == "com.example.Bus-Times")
    #expect(throws: MisuseError.self) { try phone.install(Plists.full) }
    #expect(try phone.install(Plists.full, options: AppOptions(bundleID: "com.example.other")).linkedSDK == phone.ios)
  }
}
