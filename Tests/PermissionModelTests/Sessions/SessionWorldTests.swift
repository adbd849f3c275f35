import Testing
@testable import PermissionModel

/// The iOS 15+ objects driven through the world: prompts, grants, deliveries and diagnostics (§14–§21).
@Suite("iOS 15+ objects in the world (§14–§18, §20)")
struct SessionWorldTests {
  static func liveUpdates(_ scene: Scene) -> [Callback] { scene.app.callbacks.filter { $0.method == .liveUpdate } }

  // MARK: The location button

  @Test("LB1, LB5: the first tap shows P12; Allow grants Allow Once that ends back at DEN for a denied app")
  func buttonApproval() throws {
    let scene = try Scene(ios: "15.0")
    try scene.reach(.denied)
    let button = try scene.app.locationButton()
    try button.tap()
    #expect(scene.prompt?.rule == .P12 && scene.prompt?.kind == .locationButton)
    try scene.tap("Allow")
    #expect(scene.state == .temporaryWhenInUse)
    try scene.app.terminate()
    #expect(scene.state == .denied)  // LB5
  }

  @Test("LB2, LB4: once approved, a tap grants at once with a callback and delivers no location")
  func buttonApproved() throws {
    let scene = try Scene(ios: "17.0")
    let button = try scene.app.locationButton()
    try button.tap()
    try scene.tap("Allow")
    try scene.app.terminate()
    try scene.app.launch()
    let manager = try scene.app.makeLocationManager()
    try button.tap()
    #expect(scene.prompt == nil)  // LB2: no alert
    #expect(manager.authorizationStatus == .authorizedWhenInUse)
    #expect(scene.app.callbacks.contains { $0.method == .locationManagerDidChangeAuthorization && $0.status == .authorizedWhenInUse })
    #expect(!scene.app.callbacks.contains { $0.method == .didUpdateLocations })  // LB4
  }

  @Test("LB6: with Location Services off a tap shows P10; before 15 there is no button")
  func buttonServicesOff() throws {
    let scene = try Scene(ios: "15.0")
    scene.settings.setLocationServices(false)
    try scene.app.locationButton().tap()
    #expect(scene.prompt?.rule == .P10)
    let old = try Scene(ios: "14.0")
    #expect(throws: MisuseError.self) { try old.app.locationButton() }
  }

  // MARK: Service sessions and diagnostics

  @Test("SS2, DG6: a whenInUse session shows P7 and reports authorizationRequestInProgress while it shows")
  func sessionPrompt() throws {
    let scene = try Scene(ios: "18.0")
    let session = try scene.app.serviceSession(.whenInUse)
    #expect(scene.prompt?.rule == .P7)
    #expect(session.diagnostics.contains(.authorizationRequestInProgress))
    try scene.tap("Allow While Using App")
    #expect(session.diagnostics.isEmpty)
  }

  @Test("SS4, DG1, DG2: a denied app's session prompts nothing; Location Services off adds authorizationDeniedGlobally")
  func sessionDenied() throws {
    let scene = try Scene(ios: "18.0")
    try scene.reach(.denied)
    let session = try scene.app.serviceSession(.whenInUse)
    #expect(scene.prompt == nil)
    #expect(session.diagnostics == .authorizationDenied)
    scene.settings.setLocationServices(false)
    #expect(session.diagnostics == [.authorizationDenied, .authorizationDeniedGlobally])
  }

  @Test("SS8: a held session whose Allow Once lapsed asks again the next time the app is in the foreground")
  func sessionAsksAgain() throws {
    let scene = try Scene(ios: "18.0")
    let session = try scene.app.serviceSession(.whenInUse)
    try scene.tap("Allow Once")
    try scene.app.background()
    try scene.advance("11s")
    #expect(scene.state == .notDetermined)  // E1
    #expect(session.diagnostics.contains(.insufficientlyInUse))
    try scene.app.foreground()
    #expect(scene.prompt?.rule == .P7)
  }

  @Test("XS1, DG5, DG9: with the explicit-session key a stream reports serviceSessionRequired until a session is held")
  func explicitKey() throws {
    let plist = Plists.with(Plists.full) { $0.requiresExplicitServiceSession = true }
    let scene = try Scene(ios: "18.0", plist: plist)
    let stream = try scene.app.liveUpdates()
    #expect(scene.prompt == nil)  // XS1: no implicit session
    #expect(stream.diagnostics == [.serviceSessionRequired, .locationUnavailable])
    _ = try scene.app.serviceSession(.whenInUse)
    try scene.tap("Allow While Using App")
    #expect(stream.diagnostics.isEmpty)
    #expect(Self.liveUpdates(scene).last?.liveUpdate?.location != nil)
  }

  // MARK: Live updates, background activity, widgets

  @Test("LU4, BA2, BA3: a background activity session keeps a While-Using stream flowing under the indicator until invalidated")
  func backgroundActivity() throws {
    let scene = try Scene(ios: "17.0")
    try scene.reach(.whenInUseAlwaysUnused)
    let stream = try scene.app.liveUpdates(.fitness)
    let session = try scene.app.backgroundActivitySession()
    #expect(session.isActive)
    try scene.app.background()
    try scene.advance("1m")
    try scene.phone.setLocation(latitude: 31.3, longitude: 121.5)
    #expect(Self.liveUpdates(scene).last?.liveUpdate?.location?.latitude == 31.3)
    #expect(scene.phone.backgroundLocationIndicator)
    session.invalidate()
    #expect(scene.app.state == .suspended)  // L2: nothing keeps it in use any more
    try scene.phone.setLocation(latitude: 31.4, longitude: 121.5)
    #expect(Self.liveUpdates(scene).last?.liveUpdate?.location?.latitude == 31.3)
    #expect(stream.isActive)
  }

  @Test("WG1, S4: adding a widget shows P13 to a When-In-Use app; Allow renames its Settings choice")
  func widgets() throws {
    let scene = try Scene(ios: "16.0", options: AppOptions(widgetWantsLocation: true))
    try scene.reach(.whenInUseAlwaysUnused)
    try scene.app.addWidget()
    #expect(scene.prompt?.rule == .P13 && scene.prompt?.kind == .widgets)
    try scene.tap("Allow")
    #expect(scene.app.isAuthorizedForWidgetUpdates)
    #expect(scene.settings.selection(for: scene.app) == "While Using the App or Widgets")
  }

  @Test("N1: iOS 26 keeps iOS 18's sessions and diagnostics")
  func ios26() throws {
    let scene = try Scene(ios: "26.0")
    let session = try scene.app.serviceSession(.whenInUse)
    #expect(scene.prompt?.rule == .P7)
    #expect(session.diagnostics.contains(.authorizationRequestInProgress))
  }
}
