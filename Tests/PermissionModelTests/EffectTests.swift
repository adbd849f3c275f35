import Testing
@testable import PermissionModel

/// The effects a world applied, in order, as its observer saw them.
final class EffectRecorder {
  var effects: [Effect] = []

  init(_ world: World) {
    world.effectObserver = { [unowned self] in self.effects.append($0) }
  }

  /// Forgets what was recorded so far.
  func reset() { effects = [] }

  var delivered: [Callback] {
    effects.compactMap { if case .deliver(let callback, _) = $0 { callback } else { nil } }
  }

  var held: [Callback] {
    effects.compactMap { if case .hold(let callback, _) = $0 { callback } else { nil } }
  }

  var shownAlerts: [RuleID] {
    effects.compactMap { if case .showAlert(let alert) = $0 { alert.template.id } else { nil } }
  }

  var scheduled: [TimerEvent] {
    effects.compactMap { if case .schedule(let event, _) = $0 { event } else { nil } }
  }

  var lines: [String] {
    effects.compactMap { if case .log(_, let text) = $0 { text } else { nil } }
  }
}

@Suite("Effects and the derive loop: operations return effects, one apply performs them (C3, C5, L2, E1)")
struct EffectTests {
  @Test("P7 and C3: a request shows P7; tapping Allow Once changes the record and derives one callback")
  func allowOnce() throws {
    let scene = try Scene(ios: "14.0")
    let recorder = EffectRecorder(scene.world)
    try scene.manager.requestWhenInUseAuthorization()
    #expect(recorder.shownAlerts == [.P7])
    recorder.reset()
    try scene.tap("Allow Once")
    #expect(scene.state == .temporaryWhenInUse)
    #expect(recorder.lines.contains("notDetermined → \(AuthorizationState.temporaryWhenInUse), fullAccuracy (R6)"))
    #expect(recorder.delivered.map(\.method) == [.locationManagerDidChangeAuthorization])
    #expect(recorder.delivered.first?.status == .authorizedWhenInUse)
    #expect(recorder.delivered.first?.accuracy == .fullAccuracy)
  }

  @Test("L2, E1, C5: past the grace period the app is suspended, Allow Once ends and the callback is held")
  func graceThenSuspension() throws {
    let scene = try Scene(ios: "14.0")
    try scene.manager.requestWhenInUseAuthorization()
    try scene.tap("Allow Once")
    let recorder = EffectRecorder(scene.world)
    try scene.app.background()
    #expect(recorder.scheduled == [.gracePeriodEnded(app: scene.app.id)])
    recorder.reset()
    try scene.world.clock.advance(by: Assumptions.inUseGracePeriod + VirtualDuration(nanoseconds: 1))
    #expect(scene.app.state == .suspended)
    #expect(recorder.lines.contains("suspended: no longer in use (L2)"))
    #expect(scene.state == .notDetermined)
    #expect(recorder.lines.contains("\(AuthorizationState.temporaryWhenInUse) → notDetermined, fullAccuracy (E1)"))
    #expect(recorder.delivered.isEmpty)
    #expect(recorder.held.map(\.status) == [.notDetermined])  // C3 derived after E1, held by C5
    recorder.reset()
    try scene.app.foreground()
    guard case .releaseHeld(let app) = recorder.effects.first(where: { if case .releaseHeld = $0 { true } else { false } })
    else {
      Issue.record("foreground released nothing: \(recorder.effects)")
      return
    }
    #expect(app == scene.app.id)
    #expect(scene.app.callbacks.last?.status == .notDetermined)
  }

  @Test("C3: a change that reports the same status and accuracy derives no callback")
  func noChangeNoCallback() throws {
    let scene = try Scene(ios: "14.0")
    try scene.reach(.whenInUseAlwaysUnused)
    let recorder = EffectRecorder(scene.world)
    try scene.settings.select("While Using the App", for: scene.app)  // D2: already selected
    #expect(recorder.delivered.isEmpty)
    #expect(recorder.effects.count == 1)  // the Settings line only
  }

  @Test("D1: Settings changing the record under a P7 withdraws it through one effect")
  func withdraw() throws {
    let scene = try Scene(ios: "14.0")
    try scene.manager.requestWhenInUseAuthorization()
    let recorder = EffectRecorder(scene.world)
    try scene.settings.select("Never", for: scene.app)
    #expect(recorder.effects.contains { if case .withdrawAlert = $0 { true } else { false } })
    #expect(scene.phone.prompt == nil)
    #expect(recorder.delivered.map(\.status) == [.denied])
  }

  @Test("Typed ids: each handle reaches its record through the world's subscript for its kind")
  func typedIDs() throws {
    let scene = try Scene(ios: "14.0")
    #expect(scene.world[scene.app.id].info.name == scene.app.name)
    #expect(scene.world[scene.manager.id].app == scene.app.id)
    #expect(scene.world[scene.phone.id].apps == [scene.app.id])
  }
}
