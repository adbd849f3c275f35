import Testing
@testable import PermissionModel

@Suite("Locations, pauses, monitoring and system prompts (U1–U4, E12, R19, R21)")
struct LocationTests {
  /// R19: an AAp app monitoring significant changes, out of use, moves: the deferred P8 shows.
  static func deferredPrompt(ios: String) throws -> (Scene, Alert) {
    let scene = try Scene(ios: ios)
    try scene.reach(.provisionalAlways)
    try scene.manager.startMonitoringSignificantLocationChanges()
    try scene.app.background()
    try scene.advance("1m")
    try scene.phone.setLocation(latitude: 31.30, longitude: 121.50)
    let alert = try #require(scene.prompt)
    #expect(alert.rule == .P8)
    return (scene, alert)
  }

  static func updates(_ scene: Scene, from index: Int = 0) -> [Location] {
    scene.app.callbacks.dropFirst(index).filter { $0.method == .didUpdateLocations }.compactMap(\.locations?.first)
  }

  @Test("U1: an updating manager gets each move while authorized and in use, nothing under ND", arguments: Versions.requests)
  func updatesWhileInUse(ios: String) throws {
    let scene = try Scene(ios: ios)
    try scene.manager.startUpdatingLocation()
    try scene.phone.setLocation(latitude: 31.3, longitude: 121.5)
    #expect(Self.updates(scene).isEmpty)
    try scene.reach(.whenInUseAlwaysUnused)
    try scene.phone.setLocation(latitude: 31.4, longitude: 121.6)
    try scene.phone.setLocation(latitude: 31.5, longitude: 121.7)
    #expect(Self.updates(scene).count == 2)
    #expect(scene.manager.location?.latitude == 31.5)
  }

  @Test("U1: a suspended app without a background session gets nothing")
  func suspendedGetsNothing() throws {
    let scene = try Scene(ios: "14.0")
    try scene.reach(.whenInUseAlwaysUnused)
    try scene.manager.startUpdatingLocation()
    try scene.app.background()
    try scene.phone.setLocation(latitude: 31.3, longitude: 121.5)
    #expect(Self.updates(scene).count == 1)
    try scene.advance("11s")
    try scene.phone.setLocation(latitude: 31.4, longitude: 121.6)
    #expect(Self.updates(scene).count == 1)
  }

  @Test("U2: reduced accuracy snaps to 0.05°, reports 5000 m and delivers at most once per 15 min")
  func reducedAccuracy() throws {
    let scene = try TemporaryAccuracyTests.reducedScene()
    try scene.manager.startUpdatingLocation()
    try scene.phone.setLocation(latitude: 31.2304, longitude: 121.4737)
    try scene.advance("14m")
    try scene.phone.setLocation(latitude: 31.3, longitude: 121.5)
    try scene.advance("1m")
    try scene.phone.setLocation(latitude: 31.2771, longitude: -0.0249)
    #expect(
      Self.updates(scene) == [
        Location(latitude: 31.25, longitude: 121.45, horizontalAccuracy: 5000),
        Location(latitude: 31.3, longitude: -0.0, horizontalAccuracy: 5000),
      ])
  }

  @Test("U2: full accuracy is exact with 5 m")
  func fullAccuracy() throws {
    let scene = try Scene(ios: "14.0")
    try scene.reach(.always)
    try scene.manager.startUpdatingLocation()
    try scene.phone.setLocation(latitude: 48.8584, longitude: 2.2945)
    #expect(Self.updates(scene) == [Location(latitude: 48.8584, longitude: 2.2945, horizontalAccuracy: 5)])
  }

  @Test("U3: a background session paused after 15 min still gets didPause; a WIU app gets nothing until foreground")
  func automaticPause() throws {
    let scene = try Scene(ios: "14.0")
    try scene.reach(.whenInUseAlwaysUnused)
    try scene.manager.setAllowsBackgroundLocationUpdates(true)
    try scene.manager.startUpdatingLocation()
    try scene.app.background()
    try scene.advance("10m")
    try scene.phone.setLocation(latitude: 31.3, longitude: 121.5)
    try scene.advance("14m")
    #expect(!scene.manager.isPaused)
    try scene.advance("1m")
    #expect(scene.manager.isPaused)
    let pause = try #require(scene.app.callbacks.last)
    #expect(pause.method == .locationManagerDidPauseLocationUpdates)
    #expect(pause.at.seconds == 25 * 60)
    #expect(scene.app.state == .suspended)
    try scene.manager.startUpdatingLocation()
    try scene.phone.setLocation(latitude: 31.4, longitude: 121.6)
    #expect(Self.updates(scene).count == 1)
    try scene.app.foreground()
    #expect(scene.app.callbacks.last?.method == .locationManagerDidResumeLocationUpdates)
    try scene.phone.setLocation(latitude: 31.5, longitude: 121.7)
    #expect(Self.updates(scene).count == 2)
  }

  @Test("U3: no pause with pausesLocationUpdatesAutomatically off, nor in the foreground")
  func noPause() throws {
    let scene = try Scene(ios: "12.0")
    try scene.reach(.always)
    try scene.manager.startUpdatingLocation()
    try scene.advance("1h")
    #expect(!scene.manager.isPaused)
    try scene.manager.setAllowsBackgroundLocationUpdates(true)
    try scene.manager.setPausesLocationUpdatesAutomatically(false)
    try scene.app.background()
    try scene.advance("1d")
    #expect(!scene.manager.isPaused)
    #expect(scene.app.state == .background)
  }

  @Test("U4: iOS 8–12 need Always for monitoring; When-In-Use fails", arguments: ["8.0", "12.4"])
  func monitoringNeedsAlwaysBefore13(ios: String) throws {
    let scene = try Scene(ios: ios)
    try scene.reach(.whenInUseAlwaysUnused)
    let count = scene.app.callbacks.count
    let region = try CircularRegion(identifier: "home", latitude: 31.23, longitude: 121.47, radius: 200)
    try scene.manager.startMonitoring(region)
    try scene.manager.startMonitoringSignificantLocationChanges()
    let failures = scene.app.callbacks[count...]
    #expect(failures.map(\.method) == [.monitoringDidFailFor, .didFailWithError])
    #expect(failures.map(\.error) == [.regionMonitoringDenied, Assumptions.significantChangesWithoutAlwaysError])
    #expect(failures.first?.region == region)
  }

  @Test("U4: from 13 When-In-Use may monitor while in use; reduced accuracy cannot monitor regions")
  func monitoringFrom13() throws {
    let scene = try Scene(ios: "13.0")
    try scene.reach(.whenInUseAlwaysUnused)
    let region = try CircularRegion(identifier: "office", latitude: 31.30, longitude: 121.50, radius: 500)
    try scene.manager.startMonitoring(region)
    try scene.phone.setLocation(latitude: 31.30, longitude: 121.50)
    #expect(scene.app.callbacks.last?.method == .didEnterRegion)
    #expect(scene.app.callbacks.last?.region?.identifier == "office")

    let reduced = try TemporaryAccuracyTests.reducedScene()
    try reduced.manager.startMonitoring(region)
    #expect(reduced.app.callbacks.last?.method == .monitoringDidFailFor)
    #expect(reduced.app.callbacks.last?.error == Assumptions.reducedAccuracyRegionError)
  }

  @Test("E12: an Always app that is not running is launched into the background for a region event")
  func alwaysAppIsLaunched() throws {
    let scene = try Scene(ios: "12.0")
    try scene.reach(.always)
    let region = try CircularRegion(identifier: "gym", latitude: 31.30, longitude: 121.50, radius: 300)
    try scene.manager.startMonitoring(region)
    try scene.app.terminate()
    try scene.phone.setLocation(latitude: 31.30, longitude: 121.50)
    #expect(scene.app.state == .background)
    let manager = try scene.app.makeLocationManager()
    #expect(manager.index == 1)
    #expect(scene.app.callbacks.suffix(2).map(\.method) == [.didChangeAuthorization, .didEnterRegion])
    try scene.advance("11s")
    #expect(scene.app.state == .suspended)
    try scene.phone.setLocation(latitude: 31.0, longitude: 121.0)
    #expect(scene.app.state == .background)
    #expect(scene.app.callbacks.last?.method == .didExitRegion)
  }

  @Test("E12: significant changes reach a suspended Always app but not a When-In-Use one", arguments: [
    (RequestOrigin.always, true), (.whenInUseAlwaysUnused, false),
  ])
  func significantChanges(origin: RequestOrigin, delivered: Bool) throws {
    let scene = try Scene(ios: "14.0")
    try scene.reach(origin)
    try scene.manager.startMonitoringSignificantLocationChanges()
    try scene.app.background()
    try scene.advance("1m")
    try scene.phone.setLocation(latitude: 31.2340, longitude: 121.4737)
    let count = scene.app.callbacks.count
    try scene.phone.setLocation(latitude: 31.2400, longitude: 121.4737)
    #expect((scene.app.callbacks.count > count) == delivered)
    #expect(scene.app.state == (delivered ? .background : .suspended))
  }

  @Test("R19: AAp's Always-only event raises the deferred P8; Change to Always Allow delivers it without a callback")
  func deferredUpgradeAllows() throws {
    let (scene, alert) = try Self.deferredPrompt(ios: "13.0")
    #expect(alert.kind == .alwaysUpgrade)
    let count = scene.app.callbacks.count
    try alert.tap("Change to Always Allow")
    #expect(scene.state == .always)
    let delivered = scene.app.callbacks[count...].map(\.method)
    #expect(delivered == [.didUpdateLocations])
    #expect(scene.settings.selection(for: scene.app) == "Always")
  }

  @Test("R19: Keep Only While Using makes it WIU with a callback and drops the event; a locked phone waits for unlock (L3)")
  func deferredUpgradeKeeps() throws {
    let scene = try Scene(ios: "14.0")
    try scene.reach(.provisionalAlways)
    let region = try CircularRegion(identifier: "home", latitude: 31.30, longitude: 121.50, radius: 100)
    try scene.manager.startMonitoring(region)
    try scene.phone.lock()
    try scene.advance("1m")
    try scene.phone.setLocation(latitude: 31.30, longitude: 121.50)
    #expect(scene.prompt == nil)
    try scene.phone.unlock()
    try scene.tap("Keep Only While Using")
    #expect(scene.state == .whenInUse)
    try scene.app.foreground()
    #expect(scene.app.callbacks.map(\.method).filter { $0 == .didEnterRegion }.isEmpty)
    #expect(scene.authorizationCallbacks.last?.status == .authorizedWhenInUse)
  }

  @Test("R19: the deferred prompt shows for an app that is not running; allowing launches it for the held event (E12)")
  func deferredPromptForATerminatedApp() throws {
    let scene = try Scene(ios: "14.0")
    try scene.reach(.provisionalAlways)
    try scene.manager.startMonitoringSignificantLocationChanges()
    try scene.app.terminate()
    try scene.phone.setLocation(latitude: 31.30, longitude: 121.50)
    #expect(scene.prompt?.rule == .P8)
    try scene.tap("Change to Always Allow")
    #expect(scene.app.state == .background)
    _ = try scene.app.makeLocationManager()
    #expect(scene.app.callbacks.last?.method == .didUpdateLocations)
  }

  @Test("R19, D1: terminating the app withdraws its showing deferred prompt and drops the held event")
  func deferredPromptWithdrawnAtTermination() throws {
    let (scene, alert) = try Self.deferredPrompt(ios: "14.0")
    try scene.app.terminate()
    #expect(scene.prompt == nil)
    #expect(scene.state == .provisionalAlways)
    #expect(throws: MisuseError.self) { try alert.tap("Change to Always Allow") }
  }

  @Test("R21: the reminder shows at the next unlock; Change to Only While Using → WIU with a callback")
  func reminderDowngrades() throws {
    let scene = try Scene(ios: "14.0")
    try raiseReminder(scene)
    #expect(scene.prompt?.rule == .P11)
    try scene.tap("Change to Only While Using")
    #expect(scene.state == .whenInUse)
    #expect(scene.authorizationCallbacks.last?.status == .authorizedWhenInUse)
  }

  @Test("R21: Always Allow keeps AA with no callback; nothing before the third day or before iOS 13")
  func reminderKeeps() throws {
    let scene = try Scene(ios: "13.0")
    try raiseReminder(scene)
    let count = scene.app.callbacks.count
    try scene.tap("Always Allow")
    #expect(scene.state == .always)
    #expect(scene.app.callbacks.count == count)

    let old = try Scene(ios: "12.0")
    try raiseReminder(old)
    #expect(old.prompt == nil)
  }

  @Test("R21: background locations on only two days raise nothing")
  func twoDaysAreNotEnough() throws {
    let scene = try Scene(ios: "14.0")
    try scene.reach(.always)
    try scene.manager.setAllowsBackgroundLocationUpdates(true)
    try scene.manager.setPausesLocationUpdatesAutomatically(false)
    try scene.manager.startUpdatingLocation()
    try scene.app.background()
    for hour in 0..<30 {
      try scene.phone.setLocation(latitude: 31.0 + Double(hour) / 100, longitude: 121.0)
      try scene.advance("1h")
    }
    try scene.phone.lock()
    try scene.phone.unlock()
    #expect(scene.prompt == nil)
  }
}
