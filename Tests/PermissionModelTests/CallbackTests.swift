import Testing
@testable import PermissionModel

@Suite("Callbacks (C1–C7)")
struct CallbackTests {
  @Test("C1: every manager hears of a change, in creation order, at the instant of the change")
  func everyManagerInOrder() throws {
    let scene = try Scene(ios: "14.0")
    let second = try scene.app.makeLocationManager()
    try scene.advance("2s")
    try scene.manager.requestWhenInUseAuthorization()
    try scene.tap("Allow While Using App")
    let changes = scene.app.callbacks.suffix(2)
    #expect(changes.map(\.manager) == [1, 2])
    #expect(changes.allSatisfy { $0.status == .authorizedWhenInUse && $0.at.seconds == 2 })
    #expect(second.authorizationStatus == .authorizedWhenInUse)
  }

  @Test("C2: creating a manager reports the current status (and accuracy from 14)", arguments: Versions.layers)
  func creationCallback(ios: String) throws {
    let scene = try Scene(ios: ios)
    let first = try #require(scene.app.callbacks.first)
    #expect(scene.app.callbacks.count == 1)
    #expect(first.status == .notDetermined)
    #expect(first.manager == 1)
    let hasAccuracy = scene.version >= OSVersion(14)
    #expect(first.method == (hasAccuracy ? .locationManagerDidChangeAuthorization : .didChangeAuthorization))
    #expect(first.accuracy == (hasAccuracy ? .fullAccuracy : nil))
  }

  @Test("C3: a no-op request and a status-preserving answer deliver nothing")
  func onlyChangesAreReported() throws {
    let scene = try Scene(ios: "14.0")
    try scene.reach(.whenInUseAlwaysUnused)
    let count = scene.app.callbacks.count
    try scene.manager.requestWhenInUseAuthorization()  // R17
    try scene.manager.requestAlwaysAuthorization()
    try scene.tap("Keep Only While Using")  // R12
    try scene.manager.requestAlwaysAuthorization()  // R14
    #expect(scene.app.callbacks.count == count)
  }

  @Test("C4: below 14 didChangeAuthorization; from 14 the new method when implemented", arguments: [
    ("13.0", nil as Set<DelegateMethod>?, DelegateMethod.didChangeAuthorization as DelegateMethod?),
    ("13.0", Set([DelegateMethod.locationManagerDidChangeAuthorization]), nil),
    ("14.0", nil, .locationManagerDidChangeAuthorization),
    ("14.0", Set([DelegateMethod.didChangeAuthorization]), .didChangeAuthorization),
    ("14.0", Set([DelegateMethod.didUpdateLocations]), nil),
  ])
  func whichMethod(ios: String, implements: Set<DelegateMethod>?, expected: DelegateMethod?) throws {
    let scene = try Scene(ios: ios, options: AppOptions(delegateMethods: implements))
    try scene.manager.requestWhenInUseAuthorization()
    try scene.tap("Allow While Using App")
    let methods = scene.app.callbacks.map(\.method)
    #expect(methods == (expected.map { [$0, $0] } ?? []))
  }

  @Test("C4 (assumed): on 14+ the old method alone does not hear accuracy-only changes")
  func oldMethodIgnoresAccuracy() throws {
    let scene = try Scene(ios: "14.0", options: AppOptions(delegateMethods: [.didChangeAuthorization]))
    try scene.reach(.whenInUseAlwaysUnused)
    let count = scene.app.callbacks.count
    try scene.settings.setPrecise(false, for: scene.app)
    #expect(scene.app.callbacks.count == count)
    #expect(try scene.manager.accuracyAuthorization == .reducedAccuracy)
    #expect(scene.app.callbacks.first?.accuracy == nil)
  }

  @Test("C5: a suspended app's callbacks are held and delivered in order when it runs again")
  func heldWhileSuspended() throws {
    let scene = try Scene(ios: "14.0")
    try scene.app.background()
    try scene.advance("20s")
    #expect(scene.app.state == .suspended)
    try scene.settings.select("While Using the App", for: scene.app)
    try scene.advance("1m")
    try scene.settings.select("Never", for: scene.app)
    #expect(scene.app.callbacks.count == 1)
    try scene.advance("1m")
    try scene.app.foreground()
    let delivered = scene.app.callbacks.dropFirst()
    #expect(delivered.map(\.status) == [.authorizedWhenInUse, .denied])
    #expect(delivered.allSatisfy { $0.at.seconds == 140 })
  }

  @Test("C5: a terminated app's managers are gone; relaunching learns the status through C2")
  func terminatedThenRelaunched() throws {
    let scene = try Scene(ios: "13.0")
    try scene.app.terminate()
    try scene.settings.select("While Using the App", for: scene.app)
    #expect(scene.app.callbacks.count == 1)
    #expect(throws: MisuseError.self) { try scene.manager.startUpdatingLocation() }
    try scene.app.launch()
    let manager = try scene.app.makeLocationManager()
    #expect(manager.index == 1)
    #expect(scene.app.callbacks.last?.status == .authorizedWhenInUse)
    #expect(scene.app.callbacks.count == 2)
  }

  @Test("C6: starting a service under DEN or RES fails with denied", arguments: [
    RequestOrigin.denied, .restricted,
  ])
  func deniedServices(origin: RequestOrigin) throws {
    let scene = try Scene(ios: "12.0")
    try scene.reach(origin)
    let count = scene.app.callbacks.count
    try scene.manager.startUpdatingLocation()
    try scene.manager.requestLocation()
    try scene.manager.startMonitoringSignificantLocationChanges()
    let failures = scene.app.callbacks[count...]
    #expect(failures.map(\.method) == [.didFailWithError, .didFailWithError, .didFailWithError])
    #expect(failures.allSatisfy { $0.error == .denied })
  }

  @Test("C6 (assumed): requestLocation under ND fails with locationUnknown after 10 s")
  func requestLocationTimesOut() throws {
    let scene = try Scene(ios: "9.0")
    try scene.manager.requestLocation()
    try scene.advance("9.999s")
    #expect(scene.app.callbacks.count == 1)
    try scene.advance("1ms")
    let failure = try #require(scene.app.callbacks.last)
    #expect(failure.method == .didFailWithError)
    #expect(failure.error == .locationUnknown)
    #expect(failure.at.seconds == 10)
  }

  @Test("C6: requestLocation when authorized delivers one location at once")
  func requestLocationDelivers() throws {
    let scene = try Scene(ios: "14.0")
    try scene.reach(.whenInUseAlwaysUnused)
    try scene.manager.requestLocation()
    let update = try #require(scene.app.callbacks.last)
    #expect(update.method == .didUpdateLocations)
    #expect(update.locations == [Location(latitude: 31.2304, longitude: 121.4737, horizontalAccuracy: 5)])
    #expect(scene.manager.location == update.locations?.first)
  }

  @Test("C7: the temporary-accuracy completion runs when the alert is answered, not before")
  func completionTiming() throws {
    let scene = try TemporaryAccuracyTests.reducedScene()
    let request = try scene.manager.requestTemporaryFullAccuracyAuthorization(purposeKey: "WantsToGetWiFiSSID")
    try scene.advance("30s")
    #expect(!request.done)
    try scene.tap("Allow Once")
    #expect(request.done)
  }
}
