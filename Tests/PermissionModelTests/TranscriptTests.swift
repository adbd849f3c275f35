import Testing
@testable import PermissionModel

@Suite("Transcript")
struct TranscriptTests {
  /// SCENARIO_API.md §1's example, step by step.
  @Test("SCENARIO_API's example reads as a transcript with virtual times")
  func scenarioExample() throws {
    let plist = Plists.with(Plists.full) {
      $0.bundleIdentifier = "com.example.WiFiFinder"
      $0.bundleDisplayName = "WiFi Finder"
    }
    let scene = try Scene(ios: "14.0", plist: plist, device: DeviceOptions(wifi: "Office-5G"))
    try scene.manager.requestWhenInUseAuthorization()
    try scene.prompt?.setPrecise(false)
    try scene.tap("Allow While Using App")
    _ = scene.app.fetchCurrentWiFiSSID()
    _ = try scene.manager.requestTemporaryFullAccuracyAuthorization(purposeKey: "WantsToGetWiFiSSID")
    try scene.tap("Allow Once")
    try scene.app.background()
    try scene.advance("11s")
    try scene.app.foreground()
    let expected = [
      "[+0.000s] phone: iOS 14.0, locale en, 2026-01-05T09:00:00, Location Services on, at 31.2304, 121.4737, Wi-Fi “Office-5G”",
      "[+0.000s] phone: install “WiFi Finder” (com.example.WiFiFinder), sdk 14.0",
      "[+0.000s] WiFi Finder: launch → foreground",
      "[+0.000s] WiFi Finder: manager#1 created",
      "[+0.000s] WiFi Finder: manager#1 ← locationManagerDidChangeAuthorization(notDetermined, fullAccuracy)",
      "[+0.000s] WiFi Finder: manager#1 requestWhenInUseAuthorization()",
      "[+0.000s] alert#1 P7 authorization: “Allow “WiFi Finder” to use your location?” — Shows nearby stops. [Allow Once] [Allow While Using App] [Don’t Allow], Precise on, map precise",
      "[+0.000s] alert#1 Precise off",
      "[+0.000s] alert#1 tap “Allow While Using App”",
      "[+0.000s] WiFi Finder: notDetermined → authorizedWhenInUse, reducedAccuracy (R6)",
      "[+0.000s] WiFi Finder: manager#1 ← locationManagerDidChangeAuthorization(authorizedWhenInUse, reducedAccuracy)",
      "[+0.000s] WiFi Finder: manager#1 requestTemporaryFullAccuracyAuthorization(\"WantsToGetWiFiSSID\")",
      "[+0.000s] alert#2 P9 temporaryFullAccuracy: “Allow “WiFi Finder” to use your precise location once?” — Your precise location will be used to get the current Wi-Fi SSID. [Allow Once] [Don’t Allow]",
      "[+0.000s] alert#2 tap “Allow Once”",
      "[+0.000s] WiFi Finder: reducedAccuracy → fullAccuracy (T1)",
      "[+0.000s] WiFi Finder: manager#1 ← locationManagerDidChangeAuthorization(authorizedWhenInUse, fullAccuracy)",
      "[+0.000s] WiFi Finder: manager#1 temporary full accuracy completion(error: nil) (C7)",
      "[+0.000s] WiFi Finder: background (in use for 10.000s more, L2)",
      "[+10.000s] WiFi Finder: grace period over (L2)",
      "[+10.000s] WiFi Finder: suspended: no longer in use (L2)",
      "[+10.000s] WiFi Finder: fullAccuracy → reducedAccuracy (E2)",
      "[+10.000s] WiFi Finder: manager#1 held until the app runs (C5): locationManagerDidChangeAuthorization(authorizedWhenInUse, reducedAccuracy)",
      "[+11.000s] clock +11.000s → 2026-01-05T09:00:11",
      "[+11.000s] WiFi Finder: foreground",
      "[+11.000s] WiFi Finder: manager#1 ← locationManagerDidChangeAuthorization(authorizedWhenInUse, reducedAccuracy) (held, C5)",
    ]
    #expect(scene.world.transcript == expected)
    #expect(scene.phone.transcript == expected)
  }

  @Test("a second device's lines name it")
  func secondDevice() throws {
    let world = World()
    _ = world.makeDevice()
    let second = world.makeDevice(DeviceOptions(ios: OSVersion(9, 3)))
    _ = try second.install(Plists.bare)
    #expect(second.transcript == [
      "[+0.000s] phone#2: iOS 9.3, locale en, 2026-01-05T09:00:00, Location Services on, at 31.2304, 121.4737",
      "[+0.000s] phone#2: install “Bare” (com.example.bare), sdk 9.3",
    ])
  }
}
