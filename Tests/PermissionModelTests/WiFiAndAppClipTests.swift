import Testing
@testable import PermissionModel

@Suite("Wi-Fi SSID and App Clips (W1, A1, A2, E3)")
struct WiFiAndAppClipTests {
  @Test("W1: the SSID needs a network, the entitlement (12+), authorization (13+) and full accuracy (14+)", arguments: [
    ("11.0", RequestOrigin.notDetermined, false, true, "Office-5G" as String?),
    ("12.0", .notDetermined, false, true, "Office-5G"),
    ("12.0", .notDetermined, false, false, nil),
    ("13.0", .notDetermined, false, true, nil),
    ("13.0", .whenInUseAlwaysUnused, false, true, "Office-5G"),
    ("14.0", .whenInUseAlwaysUnused, false, true, "Office-5G"),
    ("14.0", .whenInUseAlwaysUnused, true, true, nil),
    ("14.0", .whenInUseAlwaysUnused, false, false, nil),
    ("14.0", .denied, false, true, nil),
  ])
  func ssid(ios: String, origin: RequestOrigin, reduced: Bool, entitlement: Bool, expected: String?) throws {
    let scene = try Scene(
      ios: ios, plist: reduced ? Plists.reduced : Plists.full, options: AppOptions(wifiInfoEntitlement: entitlement),
      device: DeviceOptions(wifi: "Office-5G"))
    try scene.reach(origin)
    #expect(scene.app.fetchCurrentWiFiSSID() == expected)
  }

  @Test("W1: no network, no SSID")
  func noNetwork() throws {
    let scene = try Scene(ios: "11.0")
    #expect(scene.app.fetchCurrentWiFiSSID() == nil)
  }

  @Test("W1 with seed 000's flow: temporary full accuracy unlocks the SSID until it lapses (E2)")
  func temporaryAccuracyUnlocksSSID() throws {
    let scene = try Scene(ios: "14.0", device: DeviceOptions(wifi: "Office-5G"))
    try scene.manager.requestWhenInUseAuthorization()
    try scene.prompt?.setPrecise(false)
    try scene.tap("Allow While Using App")
    #expect(scene.app.fetchCurrentWiFiSSID() == nil)
    _ = try scene.manager.requestTemporaryFullAccuracyAuthorization(purposeKey: "WantsToGetWiFiSSID")
    try scene.tap("Allow Once")
    #expect(scene.app.fetchCurrentWiFiSSID() == "Office-5G")
    try scene.app.background()
    try scene.advance("11s")
    try scene.app.foreground()
    #expect(scene.app.fetchCurrentWiFiSSID() == nil)
  }

  @Test("A2: requestAlwaysAuthorization in an App Clip is a scenario error")
  func appClipAlways() throws {
    let scene = try Scene(ios: "14.0", options: AppOptions(kind: .appClip))
    #expect {
      try scene.manager.requestAlwaysAuthorization()
    } throws: { error in
      (error as? MisuseError) == MisuseError(.appClipAlways, "App Clips cannot request Always authorization")
    }
    #expect(scene.prompt == nil)
  }

  @Test("App Clips need iOS 14")
  func appClipBefore14() throws {
    let world = World()
    let phone = world.makeDevice(DeviceOptions(ios: OSVersion(13, 7)))
    #expect {
      try phone.install(Plists.full, options: AppOptions(kind: .appClip))
    } throws: { error in
      (error as? MisuseError)?.message == "App Clips need iOS 14.0; this device runs iOS 13.7"
    }
  }

  static let resets: [(date: String, hours: Double)] = [
    ("2026-01-05T09:00:00", 19), ("2026-01-05T01:00:00", 27), ("2026-01-05T23:59:00", 4 + 1.0 / 60),
  ]

  @Test("A1, E3: an App Clip's When-In-Use grant ends at 04:00 the next day", arguments: resets)
  func appClipReset(date: String, hours: Double) throws {
    let seconds = (hours * 3600).rounded()
    let scene = try Scene(
      ios: "14.0", options: AppOptions(kind: .appClip), device: DeviceOptions(date: try LocalDateTime(parsing: date)))
    try scene.manager.requestWhenInUseAuthorization()
    try scene.tap("Allow While Using Until Tomorrow")  // P14 (A3)
    try scene.advance("\(seconds - 1)s")
    #expect(scene.state == .whenInUse)
    try scene.advance("1s")
    #expect(scene.state == .notDetermined)
    #expect(scene.authorizationCallbacks.last?.status == .notDetermined)
    #expect(scene.phone.date.secondOfDay == 4 * 3600)
  }

  @Test("A1: a full app keeps its grant; an App Clip's timer stops when the grant ends early")
  func resetOnlyForAppClipGrants() throws {
    let app = try Scene(ios: "14.0")
    try app.reach(.whenInUseAlwaysUnused)
    try app.advance("3d")
    #expect(app.state == .whenInUse)
    let clip = try Scene(ios: "14.0", options: AppOptions(kind: .appClip))
    try clip.reach(.whenInUseAlwaysUnused)
    #expect(clip.world.pendingTimerCount == 1)
    try clip.settings.select("Never", for: clip.app)
    #expect(clip.world.pendingTimerCount == 0)
  }
}
