import Testing
@testable import PermissionModel

/// Every (version layer × state × request × answer) combination, in the circumstances that change a
/// request's fate (foreground or background, Location Services on or off, keys present or not),
/// checked against the invariants that must hold whatever the rules say.
@Suite("Sweep: invariants over every layer, state, request and answer")
struct SweepTests {
  enum Call: CaseIterable {
    case whenInUse, always, startUpdating, requestLocation, temporaryAccuracy
  }

  struct Circumstances: CustomStringConvertible {
    let plist: InfoPlist
    let background: Bool
    let locationServices: Bool

    var description: String {
      "\(plist.bundleName ?? plist.bundleDisplayName ?? "?") \(background ? "background" : "foreground") LS \(locationServices)"
    }
  }

  static let circumstances: [Circumstances] = [Plists.full, Plists.bare, Plists.reduced].flatMap { plist in
    [false, true].flatMap { background in
      [true, false].map { Circumstances(plist: plist, background: background, locationServices: $0) }
    }
  }

  @Test("no trap, one alert at most, callbacks only on change (C3), states valid for the version", arguments: Versions.layers)
  func sweep(ios: String) throws {
    let version = try OSVersion(parsing: ios)
    let rules = RuleSet.forVersion(version)
    var runs = 0
    for circumstances in Self.circumstances {
      for origin in RequestOrigin.allCases {
        for call in Call.allCases {
          for answer in 0..<4 {
            guard let scene = try? Scene(ios: ios, plist: circumstances.plist), (try? scene.reach(origin)) != nil
            else { continue }
            if !circumstances.locationServices { scene.settings.setLocationServices(false) }
            if circumstances.background { try scene.app.background() }
            do {
              try make(call, scene)
            } catch let misuse as MisuseError {
              #expect(misuse.kind == .unavailable, "\(misuse)")
              continue
            }
            if let alert = scene.prompt {
              let number = scene.phone.promptNumber
              try? scene.manager.requestAlwaysAuthorization()
              #expect(scene.phone.promptNumber == number, "§2: a second alert replaced the first")
              if answer == 3, alert.precise != nil { try alert.setPrecise(false) }
              try alert.tap(alert.buttons[answer % alert.buttons.count])
            }
            try scene.advance("1d")
            if scene.app.state != .foreground, scene.app.state != .notRunning { try scene.app.foreground() }
            try checkInvariants(scene, rules: rules, context: "\(ios) \(origin) \(call) #\(answer) \(circumstances)")
            runs += 1
          }
        }
      }
    }
    #expect(runs > 100)
  }

  private func make(_ call: Call, _ scene: Scene) throws {
    switch call {
    case .whenInUse: try scene.manager.requestWhenInUseAuthorization()
    case .always: try scene.manager.requestAlwaysAuthorization()
    case .startUpdating: try scene.manager.startUpdatingLocation()
    case .requestLocation: try scene.manager.requestLocation()
    case .temporaryAccuracy:
      _ = try scene.manager.requestTemporaryFullAccuracyAuthorization(purposeKey: "WantsToGetWiFiSSID")
    }
  }

  private func checkInvariants(_ scene: Scene, rules: RuleSet, context: String) throws {
    let validStatuses = Set(rules.states.map(\.status))
    let hasAccuracy = scene.version >= OSVersion(14)
    #expect(rules.states.contains(scene.state), "\(context): state \(scene.state)")
    #expect(!(scene.version < OSVersion(13) && [.temporaryWhenInUse, .provisionalAlways].contains(scene.state)), "\(context)")
    #expect(validStatuses.contains(scene.status), "\(context): status \(scene.status)")
    #expect((scene.app.authorization.accuracy != nil) == hasAccuracy, "\(context): accuracy")
    var previous: [Int: Callback] = [:]
    for callback in scene.app.callbacks where callback.method.isAuthorizationCallback {
      #expect(callback.status.map(validStatuses.contains) == true, "\(context): \(callback)")
      #expect((callback.accuracy != nil) == (callback.method == .locationManagerDidChangeAuthorization), "\(context)")
      if let manager = callback.manager, let last = previous[manager], last.method == callback.method {
        let changed =
          callback.method == .didChangeAuthorization
          ? last.status != callback.status : (last.status, last.accuracy) != (callback.status, callback.accuracy)
        #expect(changed, "\(context): C3 — \(last) then \(callback)")
      }
      if let manager = callback.manager { previous[manager] = callback }
    }
    #expect(!scene.world.transcript.contains { $0.contains("no rule for") }, "\(context): a gap in the rules")
  }
}
