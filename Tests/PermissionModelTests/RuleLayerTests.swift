import Testing
@testable import PermissionModel

@Suite("Rule layers and the explain/lint queries")
struct RuleLayerTests {
  static let fullKeys = Set(UsageDescriptionKey.allCases)

  @Test("layers are ordered, each introduces its members once, and the base comes first")
  func layersAreOrdered() {
    let since = RuleLayer.all.map(\.since)
    #expect(since == since.sorted())
    #expect(Set(since).count == since.count)
    #expect(since.first == OSVersion.oldestSupported)
    let introduced = RuleLayer.all.flatMap(\.members)
    #expect(introduced.count == Set(introduced).count)
    #expect(Set(introduced) == Set(ManagerMember.allCases))
  }

  @Test("every origin × call that exists on a version has a request row", arguments: Versions.layers)
  func everyPairHasARow(ios: String) throws {
    let rules = RuleSet.forVersion(try OSVersion(parsing: ios))
    for origin in rules.origins {
      for call in rules.calls {
        #expect(rules.rule(for: call, from: origin) != nil, "iOS \(ios): \(origin) + \(call)")
      }
    }
  }

  @Test("each prompt row lists exactly its alert's buttons, in order", arguments: Versions.layers)
  func choicesMatchButtons(ios: String) throws {
    let rules = RuleSet.forVersion(try OSVersion(parsing: ios))
    for origin in rules.origins {
      for call in rules.calls {
        guard let rule = rules.rule(for: call, from: origin), let alert = rule.alert else { continue }
        #expect(rule.choices.map(\.button) == alert.buttons, "\(rule)")
      }
    }
    for prompt in rules.systemPrompts {
      #expect(prompt.choices.map(\.button) == prompt.alert.buttons, "\(prompt)")
    }
  }

  @Test("members by version (availability is data)", arguments: [
    (ManagerMember.requestWhenInUseAuthorization, "8.0"), (.requestAlwaysAuthorization, "8.0"),
    (.allowsBackgroundLocationUpdates, "9.0"), (.requestLocation, "9.0"), (.showsBackgroundLocationIndicator, "11.0"),
    (.accuracyAuthorization, "14.0"), (.requestTemporaryFullAccuracyAuthorization, "14.0"),
    (.startUpdatingLocation, "7.0"), (.pausesLocationUpdatesAutomatically, "7.0"),
  ])
  func membersByVersion(member: ManagerMember, since: String) {
    #expect(member.introducedIn.description == since)
  }

  @Test("a member used before its version is a misuse naming the version it needs")
  func memberBeforeItsVersion() throws {
    let scene = try Scene(ios: "8.4")
    #expect {
      try scene.manager.requestLocation()
    } throws: { error in
      (error as? MisuseError)?.message == "requestLocation needs iOS 9.0; this device runs iOS 8.4"
    }
    #expect(throws: MisuseError.self) { try scene.manager.accuracyAuthorization }
    #expect(throws: MisuseError.self) { try scene.manager.setShowsBackgroundLocationIndicator(true) }
    #expect(throws: MisuseError.self) {
      try scene.manager.requestTemporaryFullAccuracyAuthorization(purposeKey: "WantsToGetWiFiSSID")
    }
    let ios7 = try Scene(ios: "7.1")
    #expect(throws: MisuseError.self) { try ios7.manager.requestWhenInUseAuthorization() }
    #expect(throws: MisuseError.self) { try ios7.manager.allowsBackgroundLocationUpdates }
  }

  @Test("explain's edges are what the running model does", arguments: Versions.layers)
  func explainMatchesTheModel(ios: String) throws {
    let rules = RuleSet.forVersion(try OSVersion(parsing: ios))
    let edges = rules.requestEdges(keys: Self.fullKeys)
    #expect(edges.count == rules.origins.count * rules.calls.count)
    for edge in edges {
      let outcomes = edge.results.isEmpty ? [nil] : edge.results.map { Optional($0) }
      for expected in outcomes {
        let scene = try Scene(ios: ios)
        try scene.reach(edge.origin)
        let before = scene.app.callbacks.count
        let wasRequested = scene.app.authorization.alwaysRequested
        try perform(edge.call, on: scene.manager)
        #expect(scene.prompt?.rule == edge.alert?.id, "\(edge)")
        if let button = expected?.button { try scene.tap(button) }
        let state = expected?.state ?? edge.origin.state
        #expect(scene.state == state, "\(edge)")
        #expect(scene.app.authorization.alwaysRequested == (expected.map { $0.alwaysRequested || wasRequested } ?? wasRequested))
        let callbacks = scene.app.callbacks[before...].filter(\.method.isAuthorizationCallback).map(\.method)
        #expect(callbacks == (expected?.callback).map { [$0] } ?? [], "\(edge)")
      }
    }
  }

  @Test("lint: missing keys make requests silent no-ops (K1, K2)")
  func lintListsSilentRequests() throws {
    let ios11 = RuleSet.forVersion(OSVersion(11))
    let onlyWhenInUse = ios11.silentRequests(keys: [.whenInUse])
    let fromNotDetermined = onlyWhenInUse.filter { $0.origin == .notDetermined }
    #expect(fromNotDetermined.map(\.call) == [.requestAlwaysAuthorization])
    #expect(fromNotDetermined.first?.rule == .K2)
    #expect(fromNotDetermined.first?.consoleLine?.contains("must contain both “NSLocationAlwaysAndWhenInUseUsageDescription”") == true)

    let ios10 = RuleSet.forVersion(OSVersion(10))
    let oldKeysOnly = ios10.silentRequests(keys: [.always]).filter { $0.origin == .notDetermined }
    #expect(oldKeysOnly.map(\.call) == [.requestWhenInUseAuthorization])

    let full = RuleSet.forVersion(OSVersion(14)).silentRequests(keys: Self.fullKeys)
    #expect(Set(full.map(\.rule)) == [.R14, .R15, .R16, .R17])
    #expect(!full.contains { $0.origin == .notDetermined })
  }

  @Test("A2 appears as a scenario error in an App Clip's graph")
  func appClipEdges() {
    let rules = RuleSet.forVersion(OSVersion(14))
    let edge = rules.edge(for: .requestAlwaysAuthorization, from: .notDetermined, keys: Self.fullKeys, kind: .appClip)
    #expect(edge?.rule == .A2)
    #expect(edge?.scenarioError == "App Clips cannot request Always authorization")
    #expect(rules.edge(for: .requestWhenInUseAuthorization, from: .provisionalAlways, keys: [], kind: .app)?.rule == .K2)
    #expect(RuleSet.forVersion(OSVersion(12)).edge(for: .requestAlwaysAuthorization, from: .provisionalAlways, keys: Self.fullKeys) == nil)
  }

  @Test("the explanation renders states, edges, system prompts and Settings")
  func explanationText() {
    let text = RuleSet.forVersion(OSVersion(13, 4)).explanation(keys: Self.fullKeys)
    #expect(text.contains("States: ND, AA, DEN, RES, WIU, WIUt, AAp"))
    #expect(
      text.contains(
        "WIU (Always unused) + requestAlwaysAuthorization: P8 “Allow “%@” to also use your location even when you are not using the app?”: Keep Only While Using → WIU, no callback · Change to Always Allow → AA, didChangeAuthorization (R12)"
      ))
    #expect(text.contains("R19 AAp → P8: Keep Only While Using → WIU · Change to Always Allow → AA"))
    #expect(text.contains("Settings: Never · Ask Next Time · While Using the App · Always"))
  }
}

@Suite("Names")
struct NameTests {
  @Test("member and delegate-method names resolve, and typos get a suggestion")
  func names() throws {
    #expect(try ManagerMember(named: "requestLocation") == .requestLocation)
    #expect {
      try ManagerMember(named: "requestWhenInUseAuthorisation")
    } throws: { error in
      (error as? MisuseError)?.message
        == "CLLocationManager has no member requestWhenInUseAuthorisation (did you mean requestWhenInUseAuthorization?)"
    }
    #expect {
      try ManagerMember(named: "frobnicate")
    } throws: { error in
      (error as? MisuseError)?.message == "CLLocationManager has no member frobnicate"
    }
    #expect(try DelegateMethod(named: "didUpdateLocations") == .didUpdateLocations)
    #expect {
      try DelegateMethod(named: "didChangeAuthorizationStatus")
    } throws: { error in
      (error as? MisuseError)?.message.hasPrefix(
        "unknown delegate method \"didChangeAuthorizationStatus\" (did you mean didChangeAuthorization?); valid names: locationManagerDidChangeAuthorization, didChangeAuthorization,"
      ) == true
    }
  }
}
