import Testing
@testable import PermissionModel

// BEHAVIOR.md §22 (issue 39): `phone:upgrade(version)` installs a newer iOS on a phone that holds apps.

@Suite("Upgrading iOS in place (UP1–UP5)")
struct UpgradeTests {
  @Test("UP1: the phone restarts: running apps end, the alert showing is withdrawn, the clock stays, the phone is unlocked")
  func restart() throws {
    let scene = try Scene(ios: "13.3")
    try scene.advance("5s")
    try scene.manager.requestWhenInUseAuthorization()
    let alert = try #require(scene.prompt)
    try scene.phone.lock()
    try scene.phone.upgrade(to: OSVersion(13, 4))
    #expect(scene.phone.ios == OSVersion(13, 4))
    #expect(scene.app.state == .notRunning)
    #expect(!scene.manager.isAlive)
    #expect(scene.prompt == nil)
    #expect(throws: MisuseError.self) { try alert.tap("Allow While Using App") }  // withdrawn (D1)
    #expect(!scene.phone.isLocked)
    #expect(scene.world.clock.now.seconds == 5)
    #expect(scene.world.transcript.contains { $0.hasSuffix("phone: upgrade iOS 13.3 → 13.4 (UP1)") })
  }

  @Test(
    "UP1: a version that is not newer is an error that says so",
    arguments: [("14.0", "is the version this phone runs"), ("13.4", "is older than iOS 14.0")])
  func notNewer(target: String, problem: String) throws {
    let scene = try Scene(ios: "14.0")
    #expect {
      try scene.phone.upgrade(to: try OSVersion(parsing: target))
    } throws: { error in
      guard let misuse = error as? MisuseError else { return false }
      return misuse.message.contains(problem) && misuse.message.contains("an upgrade installs a newer iOS")
    }
    #expect(scene.phone.ios == OSVersion(14))
    #expect(scene.app.state == .foreground)
  }

  @Test("UP2: grants, the used Always request and Settings choices are kept")
  func grantsKept() throws {
    let scene = try Scene(ios: "13.4")
    try scene.reach(.whenInUseAlwaysUsed)
    try scene.phone.upgrade(to: OSVersion(17))
    #expect(scene.state == .whenInUse)
    #expect(scene.app.authorization.alwaysRequested)
    #expect(scene.settings.selection(for: scene.app) == "While Using the App")
  }

  @Test("UP2: Allow Once ends with the restart (E1)")
  func allowOnceEnds() throws {
    let scene = try Scene(ios: "14.0")
    try scene.reach(.temporaryWhenInUse)
    try scene.phone.upgrade(to: OSVersion(15))
    #expect(scene.state == .notDetermined)
  }

  @Test("UP2: temporary full accuracy ends with the restart (E2); the Precise switch stays off")
  func temporaryAccuracyEnds() throws {
    let scene = try Scene(ios: "14.0", plist: Plists.reduced)
    try scene.reach(.whenInUseAlwaysUnused)
    _ = try scene.manager.requestTemporaryFullAccuracyAuthorization(purposeKey: "WantsToGetWiFiSSID")
    try scene.tap("Allow Once")
    #expect(try scene.manager.accuracyAuthorization == .fullAccuracy)
    try scene.phone.upgrade(to: OSVersion(15))
    #expect(scene.app.authorization.accuracy == .reducedAccuracy)
    #expect(scene.settings.precise(for: scene.app) == false)
  }

  @Test("UP3: crossing 14.0, an authorized app gets the Precise switch on, even with K3", arguments: ["12.0", "13.0", "13.7"])
  func preciseOnForAuthorized(from: String) throws {
    let scene = try Scene(ios: from, plist: Plists.reduced)
    try scene.reach(.whenInUseAlwaysUnused)
    try scene.phone.upgrade(to: OSVersion(14))
    #expect(scene.app.authorization.accuracy == .fullAccuracy)
    #expect(scene.settings.precise(for: scene.app) == true)
    #expect(scene.world.transcript.contains { $0.contains("fullAccuracy (UP3)") })
  }

  @Test("UP3: crossing 14.0, an app still notDetermined gets the 14 default (K3 decides)")
  func defaultForUndetermined() throws {
    let reduced = try Scene(ios: "13.0", plist: Plists.reduced)
    try reduced.phone.upgrade(to: OSVersion(14))
    #expect(reduced.app.authorization.accuracy == .reducedAccuracy)
    let full = try Scene(ios: "13.0")
    try full.phone.upgrade(to: OSVersion(26))
    #expect(full.app.authorization.accuracy == .fullAccuracy)
  }

  @Test("UP3: an upgrade that does not cross 14.0 leaves the Precise switch alone")
  func notCrossing() throws {
    let scene = try Scene(ios: "14.0")
    try scene.reach(.whenInUseAlwaysUnused)
    try scene.settings.setPrecise(false, for: scene.app)
    try scene.phone.upgrade(to: OSVersion(18))
    #expect(scene.app.authorization.accuracy == .reducedAccuracy)
  }

  @Test("UP4: the rules read the new version: 13.3 → 13.4 turns R11's silent upgrade into R12's P8")
  func rulesReadTheNewVersion() throws {
    let scene = try Scene(ios: "13.3")
    try scene.reach(.whenInUseAlwaysUnused)
    try scene.phone.upgrade(to: OSVersion(13, 4))
    try scene.app.launch()
    let manager = try scene.app.makeLocationManager()
    try manager.requestAlwaysAuthorization()
    #expect(scene.prompt?.rule == .P8)
  }

  @Test("UP4: labels follow the new version; the linked SDK stays")
  func labelsAndSDK() throws {
    let scene = try Scene(ios: "14.0")
    #expect(scene.settings.options(for: scene.app).contains("Ask Next Time"))
    try scene.phone.upgrade(to: OSVersion(15))
    #expect(scene.settings.options(for: scene.app).contains("Ask Next Time Or When I Share"))
    #expect(scene.app.linkedSDK == OSVersion(14))
  }

  @Test("UP4, K1b: an app linked against 10 keeps the old Always key rule on 11")
  func oldSDKKeepsItsRules() throws {
    let plist = Plists.with(Plists.full) { $0.usageDescriptions[.alwaysAndWhenInUse] = nil }
    let scene = try Scene(ios: "10.0", plist: plist)
    try scene.phone.upgrade(to: OSVersion(11))
    try scene.app.launch()
    let manager = try scene.app.makeLocationManager()
    try manager.requestAlwaysAuthorization()
    #expect(scene.prompt?.rule == .P6)  // K1b: NSLocationAlwaysUsageDescription alone is enough
  }

  @Test("UP5: the delegate hears the new accuracy at the next launch (C2)")
  func nextLaunch() throws {
    let scene = try Scene(ios: "13.0", plist: Plists.reduced)
    try scene.reach(.whenInUseAlwaysUnused)
    try scene.phone.upgrade(to: OSVersion(14))
    try scene.app.launch()
    _ = try scene.app.makeLocationManager()
    let last = try #require(scene.app.callbacks.last)
    #expect(last.method == .locationManagerDidChangeAuthorization)
    #expect(last.status == .authorizedWhenInUse)
    #expect(last.accuracy == .fullAccuracy)
  }

  @Test("UP1, R21: a reminder the restart interrupted shows again when the phone is back")
  func reminderShowsAgain() throws {
    let scene = try Scene(ios: "16.0")
    try raiseReminder(scene)
    #expect(scene.prompt?.rule == .P11)
    try scene.phone.upgrade(to: OSVersion(17))
    #expect(scene.prompt?.rule == .P11)
    #expect(scene.prompt?.title.contains("has used your location 3 times") == true)
  }
}
