import Testing
@testable import PermissionModel

@Suite("Temporary full accuracy (T1–T5, C7, E2)")
struct TemporaryAccuracyTests {
  /// An app with reduced accuracy and When-In-Use, in the foreground.
  static func reducedScene(_ ios: String = "14.0", plist: InfoPlist = Plists.full) throws -> Scene {
    let scene = try Scene(ios: ios, plist: plist)
    try scene.manager.requestWhenInUseAuthorization()
    try scene.prompt?.setPrecise(false)
    try scene.tap("Allow While Using App")
    return scene
  }

  @Test("T1, C7: Allow Once grants temporary full accuracy with a callback; the completion gets nil", arguments: Versions.from14)
  func allowOnce(ios: String) throws {
    let scene = try Self.reducedScene(ios)
    let before = scene.app.callbacks.count
    let request = try scene.manager.requestTemporaryFullAccuracyAuthorization(purposeKey: "WantsToGetWiFiSSID")
    #expect(!request.done)
    #expect(scene.prompt?.rule == .P9)
    try scene.tap("Allow Once")
    #expect(request.done)
    #expect(request.error == nil)
    #expect(try scene.manager.accuracyAuthorization == .fullAccuracy)
    #expect(scene.app.authorization.isFullAccuracyTemporary)
    let callbacks = Array(scene.app.callbacks[before...])
    #expect(callbacks.map(\.method) == [.locationManagerDidChangeAuthorization])
    #expect(callbacks.first?.accuracy == .fullAccuracy)
    #expect(callbacks.first?.status == .authorizedWhenInUse)
  }

  @Test("T1, C7: Don’t Allow changes nothing and still completes with nil")
  func dontAllow() throws {
    let scene = try Self.reducedScene()
    let before = scene.app.callbacks.count
    let request = try scene.manager.requestTemporaryFullAccuracyAuthorization(purposeKey: "WantsToGetWiFiSSID")
    try scene.tap("Don't Allow")
    #expect(request.done && request.error == nil)
    #expect(try scene.manager.accuracyAuthorization == .reducedAccuracy)
    #expect(scene.app.callbacks.count == before)
  }

  @Test("T1: every authorized state may ask", arguments: [RequestOrigin.temporaryWhenInUse, .always, .provisionalAlways])
  func authorizedStates(origin: RequestOrigin) throws {
    let scene = try Scene(ios: "15.0", plist: Plists.reduced)
    try scene.reach(origin)
    _ = try scene.manager.requestTemporaryFullAccuracyAuthorization(purposeKey: "WantsToGetWiFiSSID")
    #expect(scene.prompt?.rule == .P9)
  }

  @Test("T2–T5: no alert; the completion runs at once with promptDeclined (C7)", arguments: [
    RuleID.T2, .T3, .T4, .T5,
  ])
  func declined(rule: RuleID) throws {
    let scene: Scene
    var key = "WantsToGetWiFiSSID"
    switch rule {
    case .T2:
      scene = try Scene(ios: "14.0")
      try scene.reach(.whenInUseAlwaysUnused)
    case .T3:
      scene = try Self.reducedScene()
      try scene.app.background()
    case .T4:
      scene = try Self.reducedScene()
      key = "NotInTheDictionary"
    default:
      scene = try Scene(ios: "14.0", plist: Plists.reduced)
    }
    let before = scene.app.callbacks.count
    let request = try scene.manager.requestTemporaryFullAccuracyAuthorization(purposeKey: key)
    #expect(scene.prompt == nil)
    #expect(request.done)
    #expect(request.error == .promptDeclined)
    #expect(scene.app.callbacks.count == before)
    #expect(scene.world.transcript.contains { $0.hasSuffix("no alert (\(rule))") })
  }

  @Test("T5 (assumed): ND, DEN and RES all decline", arguments: [RequestOrigin.notDetermined, .denied, .restricted])
  func unauthorizedDecline(origin: RequestOrigin) throws {
    let scene = try Scene(ios: "14.0", plist: Plists.reduced)
    try scene.reach(origin)
    let request = try scene.manager.requestTemporaryFullAccuracyAuthorization(purposeKey: "WantsToGetWiFiSSID")
    #expect(request.error == .promptDeclined)
  }

  /// Seed 000: foreground → background for under ~10 s keeps temporary precise; over ~10 s loses it;
  /// a continuous background session keeps it.
  @Test("seed 000, E2: background 9 s keeps it, 11 s loses it, a background session keeps it", arguments: [
    ("9s", false, AccuracyAuthorization.fullAccuracy),
    ("11s", false, .reducedAccuracy),
    ("11s", true, .fullAccuracy),
    ("2h", true, .fullAccuracy),
  ])
  func seed000Expiry(away: String, backgroundSession: Bool, expected: AccuracyAuthorization) throws {
    let scene = try Self.reducedScene()
    _ = try scene.manager.requestTemporaryFullAccuracyAuthorization(purposeKey: "WantsToGetWiFiSSID")
    try scene.tap("Allow Once")
    if backgroundSession {
      try scene.manager.setAllowsBackgroundLocationUpdates(true)
      try scene.manager.setPausesLocationUpdatesAutomatically(false)
      try scene.manager.startUpdatingLocation()
    }
    try scene.app.background()
    try scene.advance(away)
    try scene.app.foreground()
    #expect(try scene.manager.accuracyAuthorization == expected)
    let last = try #require(scene.authorizationCallbacks.last)
    #expect(last.accuracy == expected)
  }

  @Test("E2: losing temporary accuracy while suspended reaches the app when it runs again (C5)")
  func expiryCallbackIsHeld() throws {
    let scene = try Self.reducedScene()
    _ = try scene.manager.requestTemporaryFullAccuracyAuthorization(purposeKey: "WantsToGetWiFiSSID")
    try scene.tap("Allow Once")
    try scene.app.background()
    try scene.advance("30s")
    #expect(scene.app.state == .suspended)
    let count = scene.app.callbacks.count
    try scene.advance("5m")
    try scene.app.foreground()
    let resumed = scene.app.callbacks[count...]
    #expect(resumed.map(\.accuracy) == [.reducedAccuracy])
    #expect(resumed.first?.at.seconds == 330)
  }
}
