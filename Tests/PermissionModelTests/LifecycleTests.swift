import Testing
@testable import PermissionModel

@Suite("Lifecycle and in use (L1–L3, E1)")
struct LifecycleTests {
  @Test("lifecycle misuse is an error naming the app and its state")
  func lifecycleMisuse() throws {
    let scene = try Scene(ios: "14.0")
    #expect {
      try scene.app.launch()
    } throws: { error in
      (error as? MisuseError)?.message == "“Maps” is already running (foreground); launch() needs an app that is not running"
    }
    #expect(throws: MisuseError.self) { try scene.app.foreground() }
    try scene.app.terminate()
    #expect(throws: MisuseError.self) { try scene.app.terminate() }
    #expect(throws: MisuseError.self) { try scene.app.background() }
    #expect(throws: MisuseError.self) { try scene.app.foreground() }
    #expect(throws: MisuseError.self) { try scene.app.makeLocationManager() }
  }

  @Test("an app installed without a bundle id gets one from its name: ASCII letters and digits kept, anything else a hyphen")
  func derivedBundleID() {
    #expect(World.bundleID(derivedFrom: "Maps") == "com.example.Maps")
    #expect(World.bundleID(derivedFrom: "My App 2") == "com.example.My-App-2")
    #expect(World.bundleID(derivedFrom: "Café-Ωz_地图") == "com.example.Caf---z---")
    #expect(World.bundleID(derivedFrom: "") == "com.example.")
  }

  @Test("L2: leaving the foreground keeps the app in use for 10 s, then suspends it")
  func gracePeriod() throws {
    let scene = try Scene(ios: "14.0")
    try scene.app.background()
    try scene.advance("9.9s")
    #expect(scene.app.state == .background)
    #expect(scene.app.isInUse)
    try scene.advance("100ms")
    #expect(scene.app.state == .suspended)
    #expect(!scene.app.isInUse)
  }

  @Test("E1: Allow Once ends when the app stops being in use, and the callback waits for it (C5)", arguments: Versions.from13)
  func allowOnceExpires(ios: String) throws {
    let scene = try Scene(ios: ios)
    try scene.reach(.temporaryWhenInUse)
    try scene.app.background()
    try scene.advance("10s")
    #expect(scene.state == .notDetermined)
    #expect(scene.status == .notDetermined)
    #expect(scene.authorizationCallbacks.last?.status == .authorizedWhenInUse)
    try scene.app.foreground()
    #expect(scene.authorizationCallbacks.last?.status == .notDetermined)
  }

  @Test("L2: returning within the grace keeps every temporary grant")
  func returningKeepsGrants() throws {
    let scene = try TemporaryAccuracyTests.reducedScene("15.0")
    _ = try scene.manager.requestTemporaryFullAccuracyAuthorization(purposeKey: "WantsToGetWiFiSSID")
    try scene.tap("Allow Once")
    try scene.settings.select("Ask Next Time Or When I Share", for: scene.app)
    try scene.manager.requestWhenInUseAuthorization()
    try scene.prompt?.setPrecise(false)
    try scene.tap("Allow Once")
    try scene.app.background()
    try scene.advance("9s")
    try scene.app.foreground()
    try scene.advance("1h")
    #expect(scene.state == .temporaryWhenInUse)
  }

  @Test("E1: terminating ends Allow Once; the record survives the app's managers")
  func terminationEndsAllowOnce() throws {
    let scene = try Scene(ios: "13.0")
    try scene.reach(.temporaryWhenInUse)
    try scene.app.terminate()
    #expect(scene.state == .notDetermined)
    #expect(scene.app.state == .notRunning)
    #expect(!scene.manager.isAlive)
    #expect(scene.manager.authorizationStatus == .notDetermined)
  }

  @Test("L1: a background session with the capability keeps a WIUt app in use past the grace")
  func backgroundSessionKeepsInUse() throws {
    let scene = try Scene(ios: "14.0")
    try scene.reach(.temporaryWhenInUse)
    try scene.manager.setAllowsBackgroundLocationUpdates(true)
    try scene.manager.startUpdatingLocation()
    try scene.app.background()
    try scene.advance("10m")
    #expect(scene.app.state == .background)
    #expect(scene.app.isInUse)
    #expect(scene.state == .temporaryWhenInUse)
    try scene.manager.stopUpdatingLocation()
    #expect(scene.app.state == .suspended)
    #expect(scene.state == .notDetermined)
  }

  @Test("E1: Allow Once tapped after the app stopped being in use ends at once")
  func allowOnceAfterLeavingUse() throws {
    let scene = try Scene(ios: "14.0")
    try scene.manager.requestWhenInUseAuthorization()
    try scene.app.background()
    try scene.advance("10s")
    try scene.tap("Allow Once")
    #expect(scene.state == .notDetermined)
  }

  @Test("launching another app sends the foreground one to the background")
  func oneForegroundApp() throws {
    let scene = try Scene(ios: "14.0")
    let other = try scene.phone.install(Plists.bare)
    try other.launch()
    #expect(scene.app.state == .background)
    #expect(other.state == .foreground)
  }

  @Test("L3: lock sends the foreground app to the background; a locked device refuses launches")
  func lockAndUnlock() throws {
    let scene = try Scene(ios: "13.0")
    try scene.phone.lock()
    #expect(scene.app.state == .background)
    #expect(scene.phone.isLocked)
    #expect(throws: MisuseError.self) { try scene.app.foreground() }
    #expect(throws: MisuseError.self) { try scene.phone.lock() }
    try scene.phone.unlock()
    #expect(throws: MisuseError.self) { try scene.phone.unlock() }
    try scene.app.foreground()
    #expect(scene.app.state == .foreground)
  }
}
