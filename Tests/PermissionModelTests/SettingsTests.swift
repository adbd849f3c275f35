import Testing
@testable import PermissionModel

@Suite("Settings and system switches (S1–S3, E4–E8, P10)")
struct SettingsTests {
  static func plist(_ keys: [UsageDescriptionKey]) -> InfoPlist {
    Plists.with(Plists.full) { plist in plist.usageDescriptions = plist.usageDescriptions.filter { keys.contains($0.key) } }
  }

  @Test("S1: the options by version and keys", arguments: [
    ("7.0", [UsageDescriptionKey](), ["Never", "Always"]),
    ("8.0", [.whenInUse], ["Never", "While Using the App"]),
    ("9.0", [.always], ["Never", "Always"]),
    ("10.3", [.whenInUse, .always], ["Never", "While Using the App", "Always"]),
    ("11.0", [.whenInUse, .always], ["Never", "While Using the App"]),
    ("12.0", [.whenInUse, .alwaysAndWhenInUse], ["Never", "While Using the App", "Always"]),
    ("12.0", [.alwaysAndWhenInUse], ["Never", "While Using the App", "Always"]),  // S1: either key from 11 (seed 004)
    ("13.0", [.whenInUse, .alwaysAndWhenInUse], ["Never", "Ask Next Time", "While Using the App", "Always"]),
    ("14.8", [.whenInUse], ["Never", "Ask Next Time", "While Using the App"]),
    ("15.0", [.whenInUse, .alwaysAndWhenInUse], ["Never", "Ask Next Time Or When I Share", "While Using the App", "Always"]),
    ("18.0", [], ["Never", "Ask Next Time Or When I Share"]),
  ])
  func options(ios: String, keys: [UsageDescriptionKey], expected: [String]) throws {
    let scene = try Scene(ios: ios, plist: Self.plist(keys))
    #expect(scene.settings.options(for: scene.app) == expected)
    #expect(scene.phone.rules.settingsLabels(keys: Set(keys)) == expected)
  }

  @Test("S2: the selected label follows the state", arguments: [
    (RequestOrigin.denied, "Never"), (.notDetermined, "Ask Next Time"), (.temporaryWhenInUse, "Ask Next Time"),
    (.whenInUseAlwaysUnused, "While Using the App"), (.provisionalAlways, "While Using the App"), (.always, "Always"),
  ])
  func selection(origin: RequestOrigin, label: String) throws {
    let scene = try Scene(ios: "14.0")
    try scene.reach(origin)
    #expect(scene.settings.selection(for: scene.app) == label)
  }

  @Test("S2: before 13 nothing is selected while ND")
  func noSelectionBefore13() throws {
    let scene = try Scene(ios: "12.0")
    #expect(scene.settings.selection(for: scene.app) == nil)
  }

  @Test("S3: the Precise switch exists from 14 and starts off with K3")
  func preciseSwitch() throws {
    let ios13 = try Scene(ios: "13.0")
    #expect(ios13.settings.precise(for: ios13.app) == nil)
    #expect {
      try ios13.settings.setPrecise(false, for: ios13.app)
    } throws: { error in
      (error as? MisuseError)?.message == "The Precise Location switch needs iOS 14.0; this device runs iOS 13.0"
    }
    let reduced = try Scene(ios: "14.0", plist: Plists.reduced)
    #expect(reduced.settings.precise(for: reduced.app) == false)
    try reduced.settings.setPrecise(true, for: reduced.app)
    #expect(try reduced.manager.accuracyAuthorization == .fullAccuracy)
    #expect(reduced.app.callbacks.last?.accuracy == .fullAccuracy)
  }

  @Test("E6: Settings changes are permanent grants, reported only when the status or accuracy changes", arguments: [
    (RequestOrigin.temporaryWhenInUse, "While Using the App", AuthorizationState.whenInUse, false),
    (.provisionalAlways, "Always", .always, false),
    (.whenInUseAlwaysUnused, "Always", .always, true),
    (.always, "Never", .denied, true),
    (.denied, "Ask Next Time", .notDetermined, true),
  ])
  func settingsChanges(origin: RequestOrigin, label: String, state: AuthorizationState, callback: Bool) throws {
    let scene = try Scene(ios: "13.0")
    try scene.reach(origin)
    let count = scene.app.callbacks.count
    try scene.settings.select(label, for: scene.app)
    #expect(scene.state == state)
    #expect((scene.app.callbacks.count > count) == callback)
  }

  @Test("E6: a label the screen does not list is a misuse listing the options")
  func unknownOption() throws {
    let scene = try Scene(ios: "12.0", plist: Self.plist([.whenInUse]))
    #expect {
      try scene.settings.select("Always", for: scene.app)
    } throws: { error in
      (error as? MisuseError)?.message
        == "“Always” is not an option for “Maps” in Settings; the options are: “Never”, “While Using the App”"
    }
  }

  @Test("E4, E5: Location Services off makes every app DEN; on restores each one", arguments: ["8.0", "14.0"])
  func locationServicesSwitch(ios: String) throws {
    let scene = try Scene(ios: ios)
    try scene.reach(.always)
    let other = try scene.phone.install(Plists.full, options: AppOptions(bundleID: "com.example.other"))
    try other.launch()
    let otherManager = try other.makeLocationManager()
    scene.settings.setLocationServices(false)
    #expect(scene.status == .denied)
    #expect(otherManager.authorizationStatus == .denied)
    #expect(scene.app.authorization.statusToRestore == .authorizedAlways)
    #expect(scene.settings.selection(for: scene.app) == "Always")
    scene.settings.setLocationServices(true)
    #expect(scene.status == .authorizedAlways)
    #expect(otherManager.authorizationStatus == .notDetermined)
    #expect(other.callbacks.map(\.status) == [.notDetermined, .denied, .notDetermined])
  }

  @Test("E7: Reset Location & Privacy returns every app to ND with its Always request unused")
  func reset() throws {
    let scene = try Scene(ios: "14.0")
    try scene.reach(.whenInUseAlwaysUsed)
    scene.settings.resetLocationAndPrivacy()
    #expect(scene.state == .notDetermined)
    #expect(!scene.app.authorization.alwaysRequested)
    try scene.settings.select("While Using the App", for: scene.app)
    try scene.manager.requestAlwaysAuthorization()
    #expect(scene.prompt?.rule == .P8)
  }

  @Test("E8: a restriction shows RES, locks Settings, and lifting it restores the status")
  func restriction() throws {
    let scene = try Scene(ios: "11.0")
    try scene.reach(.whenInUseAlwaysUnused)
    scene.settings.setRestricted(true, for: scene.app)
    #expect(scene.status == .restricted)
    #expect(throws: MisuseError.self) { try scene.settings.select("Never", for: scene.app) }
    try scene.manager.requestAlwaysAuthorization()
    #expect(scene.prompt == nil)
    scene.settings.setRestricted(false, for: scene.app)
    #expect(scene.status == .authorizedWhenInUse)
    #expect(scene.authorizationCallbacks.map(\.status) == [.notDetermined, .authorizedWhenInUse, .restricted, .authorizedWhenInUse])
  }

  @Test("P10: with Location Services off a request shows P10, at most twice counting answered ones; status stays DEN")
  func locationServicesAlert() throws {
    let scene = try Scene(ios: "14.0", device: DeviceOptions(locationServicesEnabled: false))
    #expect(scene.status == .denied)
    try scene.manager.requestWhenInUseAuthorization()
    #expect(scene.prompt?.rule == .P10)
    try scene.tap("Cancel")
    try scene.manager.startUpdatingLocation()
    #expect(scene.prompt?.rule == .P10)
    #expect(scene.app.callbacks.last?.error == .denied)
    try scene.tap("Settings")
    try scene.manager.requestAlwaysAuthorization()
    #expect(scene.prompt == nil)
    #expect(scene.status == .denied)
    #expect(scene.app.authorization.locationServicesAlertsAnswered == 2)
  }

  @Test("P10: an alert dismissed without an answer does not count")
  func unansweredDoesNotCount() throws {
    let scene = try Scene(ios: "14.0", device: DeviceOptions(locationServicesEnabled: false))
    try scene.manager.requestWhenInUseAuthorization()
    try scene.app.terminate()
    #expect(scene.prompt == nil)
    #expect(scene.app.authorization.locationServicesAlertsAnswered == 0)
  }
}
