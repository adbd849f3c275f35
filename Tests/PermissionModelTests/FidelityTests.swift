import Testing
@testable import PermissionModel

// BEHAVIOR.md version 2, §1–§13 (issue 13): the rules that were corrected or added. Each test names
// the rule it checks; `"\(alert.rule)"` is compared as text so the tests read the same before and after
// the ids they name existed.

@Suite("L1: in use in the background needs the indicator")
struct InUseIndicatorTests {
  /// An Always app (via Settings) with a running background session, as B1 lets it continue.
  static func backgroundAlwaysApp(plist: InfoPlist = Plists.reduced, indicator: Bool) throws -> Scene {
    let scene = try Scene(ios: "14.0", plist: plist)
    try scene.reach(.always)
    try scene.manager.setAllowsBackgroundLocationUpdates(true)
    try scene.manager.setShowsBackgroundLocationIndicator(indicator)
    return scene
  }

  @Test("L1, E2: an Always app whose background session shows no indicator keeps running but is not in use")
  func alwaysWithoutIndicatorIsNotInUse() throws {
    let scene = try Self.backgroundAlwaysApp(indicator: false)
    _ = try scene.manager.requestTemporaryFullAccuracyAuthorization(purposeKey: "WantsToGetWiFiSSID")
    try scene.tap("Allow Once")
    #expect(try scene.manager.accuracyAuthorization == .fullAccuracy)
    try scene.manager.startUpdatingLocation()
    try scene.app.background()
    try scene.advance("11s")
    // L1: still running and receiving locations (B1)…
    #expect(scene.app.state == .background)
    #expect(!scene.phone.backgroundLocationIndicator)
    // …but not in use: temporary full accuracy ended after the grace (E2).
    #expect(!scene.app.isInUse)
    #expect(try scene.manager.accuracyAuthorization == .reducedAccuracy)
  }

  @Test("L1: with showsBackgroundLocationIndicator the same app stays in use and keeps temporary full accuracy")
  func alwaysWithIndicatorStaysInUse() throws {
    let scene = try Self.backgroundAlwaysApp(indicator: true)
    _ = try scene.manager.requestTemporaryFullAccuracyAuthorization(purposeKey: "WantsToGetWiFiSSID")
    try scene.tap("Allow Once")
    try scene.manager.startUpdatingLocation()
    try scene.app.background()
    try scene.advance("11s")
    #expect(scene.phone.backgroundLocationIndicator)
    #expect(scene.app.isInUse)
    #expect(try scene.manager.accuracyAuthorization == .fullAccuracy)
  }

  @Test("L1, E12, R19: a provisional app whose background session shows no indicator gets the deferred prompt")
  func provisionalWithoutIndicatorGetsR19() throws {
    let scene = try Scene(ios: "14.0")
    try scene.reach(.provisionalAlways)
    try scene.manager.setAllowsBackgroundLocationUpdates(true)
    try scene.manager.startMonitoringSignificantLocationChanges()
    try scene.manager.startUpdatingLocation()
    try scene.app.background()
    try scene.advance("11s")
    #expect(scene.app.state == .background)
    #expect(!scene.app.isInUse)
    try scene.phone.setLocation(latitude: 31.30, longitude: 121.50)
    let prompt = try #require(scene.prompt)
    #expect("\(prompt.rule)" == "P8")
    #expect(prompt.kind == .alwaysUpgrade)
  }
}

@Suite("The linked SDK (§1, K1b, R1b)")
struct LinkedSDKTests {
  static func plist(_ keys: [UsageDescriptionKey]) -> InfoPlist {
    Plists.with(Plists.full) { plist in plist.usageDescriptions = plist.usageDescriptions.filter { keys.contains($0.key) } }
  }

  @Test("K1b: an app linked before 11 asks for Always with the old key and the device's Always alert", arguments: [
    ("11.0", "P6", ["Only While Using the App", "Always Allow", "Don’t Allow"]),
    ("12.4", "P6", ["Only While Using the App", "Always Allow", "Don’t Allow"]),
    ("13.0", "P7", ["Allow While Using App", "Allow Once", "Don’t Allow"]),
    ("14.0", "P7", ["Allow Once", "Allow While Using App", "Don’t Allow"]),
    ("18.0", "P7", ["Allow Once", "Allow While Using App", "Don’t Allow"]),
  ])
  func oldAlwaysKey(ios: String, alert: String, buttons: [String]) throws {
    let scene = try Scene(
      ios: ios, plist: Self.plist([.whenInUse, .always]), options: AppOptions(sdk: OSVersion(10, 3)))
    try scene.manager.requestAlwaysAuthorization()
    let prompt = try #require(scene.prompt, "K1b: no alert on iOS \(ios)")
    #expect("\(prompt.rule)" == alert)
    #expect(prompt.message == Plists.alwaysText)
    #expect(prompt.buttons == buttons)
    #expect(scene.app.console.isEmpty)
  }

  @Test("K1b: without the old key an app linked before 11 gets the iOS 8–10 console line, even with the new key")
  func oldRuleWithoutOldKey() throws {
    let scene = try Scene(
      ios: "14.0", plist: Self.plist([.whenInUse, .alwaysAndWhenInUse]), options: AppOptions(sdk: OSVersion(9)))
    try scene.manager.requestAlwaysAuthorization()
    #expect(scene.prompt == nil)
    #expect(scene.app.console == [Assumptions.alwaysKeyMissingLineBefore11])
  }

  @Test("K1b: an app linked against 11 with only the old key still gets the iOS 11 line")
  func newSDKNeedsNewKey() throws {
    let scene = try Scene(ios: "14.0", plist: Self.plist([.whenInUse, .always]), options: AppOptions(sdk: OSVersion(11)))
    try scene.manager.requestAlwaysAuthorization()
    #expect(scene.prompt == nil)
    #expect(scene.app.console.first?.contains("must contain both") == true)
  }

  @Test("K1b: P8 shows the AlwaysAndWhenInUse text when the app has it, else the old key's", arguments: [
    ([UsageDescriptionKey.whenInUse, .always], Plists.alwaysText),
    ([.whenInUse, .always, .alwaysAndWhenInUse], Plists.alwaysAndWhenInUseText),
  ])
  func upgradeText(keys: [UsageDescriptionKey], text: String) throws {
    let scene = try Scene(ios: "14.0", plist: Self.plist(keys), options: AppOptions(sdk: OSVersion(10)))
    try scene.reach(.whenInUseAlwaysUnused)
    try scene.manager.requestAlwaysAuthorization()
    let prompt = try #require(scene.prompt)
    #expect("\(prompt.rule)" == "P8")
    #expect(prompt.message == text)
    try scene.tap("Change to Always Allow")
    #expect(scene.state == .always)
  }

  @Test("K1b, R9, R19: provisional Always from the old key; the deferred P8 falls back on its text")
  func deferredUpgradeText() throws {
    let scene = try Scene(ios: "14.0", plist: Self.plist([.whenInUse, .always]), options: AppOptions(sdk: OSVersion(10)))
    try scene.manager.requestAlwaysAuthorization()
    try scene.tap("Allow While Using App")
    #expect(scene.state == .provisionalAlways)
    try scene.manager.startMonitoringSignificantLocationChanges()
    try scene.app.background()
    try scene.advance("1m")
    try scene.phone.setLocation(latitude: 31.30, longitude: 121.50)
    let prompt = try #require(scene.prompt)
    #expect(prompt.rule == .P8)
    #expect(prompt.message == Plists.alwaysText)
  }

  @Test("K1b, S1: an app linked before 11 lists Always with the old key on iOS 11+")
  func settingsListOldKey() throws {
    let old = try Scene(ios: "12.0", plist: Self.plist([.whenInUse, .always]), options: AppOptions(sdk: OSVersion(10)))
    #expect(old.settings.options(for: old.app) == ["Never", "While Using the App", "Always"])
    let new = try Scene(ios: "12.0", plist: Self.plist([.whenInUse, .always]))
    #expect(new.settings.options(for: new.app) == ["Never", "While Using the App"])
  }

  @Test("R1b: an app linked before 8 is asked for Always on its first use of location, without any key", arguments: [
    ("8.0", "P4", ["Don’t Allow", "Allow"], "Allow", AuthorizationState.always),
    ("10.3", "P4", ["Don’t Allow", "Allow"], "Allow", .always),
    ("11.0", "P6", ["Only While Using the App", "Always Allow", "Don’t Allow"], "Only While Using the App", .whenInUse),
    ("13.2", "P7", ["Allow While Using App", "Allow Once", "Don’t Allow"], "Allow While Using App", .provisionalAlways),
    ("14.0", "P7", ["Allow Once", "Allow While Using App", "Don’t Allow"], "Allow Once", .temporaryWhenInUse),
  ])
  func firstUseAsksForAlways(
    ios: String, alert: String, buttons: [String], tap: String, state: AuthorizationState
  ) throws {
    let scene = try Scene(ios: ios, plist: Self.plist([.location]), options: AppOptions(sdk: OSVersion(7, 1)))
    try scene.manager.startUpdatingLocation()
    let prompt = try #require(scene.prompt, "R1b: no alert on iOS \(ios)")
    #expect("\(prompt.rule)" == alert)
    #expect(prompt.message == "Finds you on the map.")
    #expect(prompt.buttons == buttons)
    try scene.tap(tap)
    #expect(scene.state == state)
    #expect(scene.app.authorization.alwaysRequested)
  }

  @Test("R1b: without NSLocationUsageDescription the alert has no message; an app linked against 8 is not asked")
  func firstUseWithoutMessage() throws {
    let old = try Scene(ios: "9.0", plist: Plists.bare, options: AppOptions(sdk: OSVersion(7)))
    try old.manager.startUpdatingLocation()
    #expect(old.prompt?.message == nil)
    #expect(old.prompt.map { "\($0.rule)" } == "P4")
    let linked8 = try Scene(ios: "9.0", plist: Plists.bare, options: AppOptions(sdk: OSVersion(8)))
    try linked8.manager.startUpdatingLocation()
    #expect(linked8.prompt == nil)
  }
}

@Suite("P7's button order, P9's title")
struct FirstPromptOrderTests {
  @Test("P7: Allow While Using App first on 13.x, Allow Once first from 14", arguments: [
    ("13.0", ["Allow While Using App", "Allow Once", "Don’t Allow"]),
    ("13.4", ["Allow While Using App", "Allow Once", "Don’t Allow"]),
    ("13.7", ["Allow While Using App", "Allow Once", "Don’t Allow"]),
    ("14.0", ["Allow Once", "Allow While Using App", "Don’t Allow"]),
    ("26.0", ["Allow Once", "Allow While Using App", "Don’t Allow"]),
  ])
  func order(ios: String, buttons: [String]) throws {
    for always in [false, true] {
      let scene = try Scene(ios: ios)
      if always { try scene.manager.requestAlwaysAuthorization() } else { try scene.manager.requestWhenInUseAuthorization() }
      #expect(scene.prompt?.buttons == buttons, "iOS \(ios), always \(always)")
    }
  }

  @Test("P7: explain lists the buttons in the version's order")
  func explainOrder() {
    let ios13 = RuleSet.forVersion(OSVersion(13)).explanation(keys: RuleLayerTests.fullKeys)
    #expect(ios13.contains("Allow While Using App → WIU, didChangeAuthorization · Allow Once → WIUt"))
    let ios14 = RuleSet.forVersion(OSVersion(14)).explanation(keys: RuleLayerTests.fullKeys)
    #expect(ios14.contains("Allow Once → WIUt, locationManagerDidChangeAuthorization · Allow While Using App → WIU"))
  }

  @Test("P9: the title is “Allow “%@” to use your precise location once?”")
  func p9Title() throws {
    let scene = try Scene(ios: "14.0", plist: Plists.reduced)
    try scene.reach(.whenInUseAlwaysUnused)
    _ = try scene.manager.requestTemporaryFullAccuracyAuthorization(purposeKey: "WantsToGetWiFiSSID")
    #expect(scene.prompt?.title == "Allow “Maps” to use your precise location once?")
  }
}

@Suite("S1 from 11: While Using the App with either key")
struct SettingsWhileUsingTests {
  static func plist(_ keys: [UsageDescriptionKey]) -> InfoPlist { LinkedSDKTests.plist(keys) }

  @Test("S1 (seed 004): the AlwaysAndWhenInUse key alone lists While Using the App from 11", arguments: [
    ("10.0", ["Never"]),
    ("11.0", ["Never", "While Using the App", "Always"]),
    ("12.0", ["Never", "While Using the App", "Always"]),
    ("13.0", ["Never", "Ask Next Time", "While Using the App", "Always"]),
    ("15.0", ["Never", "Ask Next Time Or When I Share", "While Using the App", "Always"]),
  ])
  func alwaysAndWhenInUseAlone(ios: String, expected: [String]) throws {
    let scene = try Scene(ios: ios, plist: Self.plist([.alwaysAndWhenInUse]))
    #expect(scene.settings.options(for: scene.app) == expected)
  }

  /// S1 and S1b written out from BEHAVIOR.md's words, to sweep every version, key set and SDK against.
  static func expectedOptions(ios: OSVersion, sdk: OSVersion, keys: Set<UsageDescriptionKey>) -> [String] {
    if ios < OSVersion(8) { return ["Never", "Always"] }
    var options = ["Never"]
    if ios >= OSVersion(15) {
      options.append("Ask Next Time Or When I Share")
    } else if ios >= OSVersion(13) {
      options.append("Ask Next Time")
    }
    // S1b: an app linked before 8 has the options of an app with both keys, whatever its keys.
    if sdk < OSVersion(8) { return options + ["While Using the App", "Always"] }
    let from11 = ios >= OSVersion(11)
    if keys.contains(.whenInUse) || (from11 && keys.contains(.alwaysAndWhenInUse)) {
      options.append("While Using the App")
    }
    let always =
      !from11 ? keys.contains(.always)
      : keys.contains(.alwaysAndWhenInUse) || (sdk < OSVersion(11) && keys.contains(.always))
    if always { options.append("Always") }
    return options
  }

  @Test("S1 sweep: every layer × every set of keys × linked SDK", arguments: Versions.layers + ["26.0"])
  func sweep(ios: String) throws {
    let version = try OSVersion(parsing: ios)
    let all: [UsageDescriptionKey] = [.whenInUse, .always, .alwaysAndWhenInUse]
    for mask in 0..<(1 << all.count) {
      let keys = all.enumerated().filter { mask & (1 << $0.offset) != 0 }.map(\.element)
      for sdk in [OSVersion(7), OSVersion(10), version] {
        let scene = try Scene(ios: ios, plist: Self.plist(keys), options: AppOptions(sdk: sdk))
        #expect(
          scene.settings.options(for: scene.app) == Self.expectedOptions(ios: version, sdk: sdk, keys: Set(keys)),
          "iOS \(ios), sdk \(sdk), keys \(keys.map(\.rawValue))")
      }
    }
  }
}

@Suite("D1: an alert withdrawn when authorization changes by another route")
struct WithdrawalTests {
  static let routes: [(String, @Sendable (Scene) throws -> Void)] = [
    ("Settings", { try $0.settings.select("Never", for: $0.app) }),
    ("Location Services off", { $0.settings.setLocationServices(false) }),
    ("restriction", { $0.settings.setRestricted(true, for: $0.app) }),
    ("Reset Location & Privacy", { $0.settings.resetLocationAndPrivacy() }),
    ("terminate", { try $0.app.terminate() }),
  ]

  @Test("D1: P8 is withdrawn unanswered by each route; a later tap is an error saying so", arguments: 0..<5)
  func withdrawnByEachRoute(route: Int) throws {
    let (name, change) = Self.routes[route]
    let scene = try Scene(ios: "14.0")
    try scene.reach(.whenInUseAlwaysUnused)
    try scene.manager.requestAlwaysAuthorization()
    let alert = try #require(scene.prompt)
    try change(scene)
    #expect(scene.prompt == nil, "\(name)")
    #expect(!alert.isShowing)
    #expect(scene.world.transcript.contains { $0.hasSuffix("alert#1 withdrawn (D1)") }, "\(name)")
    #expect(scene.state != .always, "\(name): the choice is never applied")
    #expect {
      try alert.tap("Change to Always Allow")
    } throws: { error in
      (error as? MisuseError)?.message.contains("was withdrawn") == true
    }
    #expect(scene.state != .always, "\(name)")
  }

  @Test("D1: the first prompt is withdrawn when Settings decides first")
  func firstPromptWithdrawn() throws {
    let scene = try Scene(ios: "14.0")
    try scene.manager.requestWhenInUseAuthorization()
    let alert = try #require(scene.prompt)
    try scene.settings.select("Never", for: scene.app)
    #expect(scene.prompt == nil)
    #expect(throws: MisuseError.self) { try alert.tap("Allow Once") }
    #expect(scene.state == .denied)
  }

  @Test("D1: an answered route that changes nothing leaves the alert showing")
  func noChangeNoWithdrawal() throws {
    let scene = try Scene(ios: "14.0")
    try scene.manager.requestWhenInUseAuthorization()
    scene.settings.setRestricted(false, for: scene.app)
    #expect(scene.prompt != nil)
  }

  @Test("D1: a withdrawn temporary-accuracy request completes with promptDeclined")
  func temporaryAccuracyWithdrawn() throws {
    let scene = try Scene(ios: "14.0", plist: Plists.reduced)
    try scene.reach(.whenInUseAlwaysUnused)
    let request = try scene.manager.requestTemporaryFullAccuracyAuthorization(purposeKey: "WantsToGetWiFiSSID")
    try scene.settings.select("Always", for: scene.app)
    #expect(scene.prompt == nil)
    #expect(request.done)
    #expect(request.error == .promptDeclined)
  }

  @Test("D1: a withdrawn Always request still counts as made")
  func withdrawnAlwaysRequestIsUsed() throws {
    let scene = try Scene(ios: "14.0")
    try scene.reach(.whenInUseAlwaysUnused)
    try scene.manager.requestAlwaysAuthorization()
    #expect(scene.prompt.map { "\($0.rule)" } == "P8")
    try scene.settings.select("Never", for: scene.app)
    #expect(scene.prompt == nil)
    try scene.settings.select("While Using the App", for: scene.app)
    try scene.manager.requestAlwaysAuthorization()
    #expect(scene.prompt == nil)
    #expect(scene.app.authorization.alwaysRequested)
  }
}

@Suite("D2: selecting the selected option changes nothing")
struct ReselectTests {
  @Test("D2: Ask Next Time under Allow Once keeps the temporary grant, with no callback")
  func askNextTimeUnderAllowOnce() throws {
    let scene = try Scene(ios: "14.0")
    try scene.reach(.temporaryWhenInUse)
    let callbacks = scene.app.callbacks.count
    try scene.settings.select("Ask Next Time", for: scene.app)
    #expect(scene.state == .temporaryWhenInUse)
    #expect(scene.app.callbacks.count == callbacks)
  }

  @Test("D2: While Using the App under provisional Always keeps it provisional, with no callback")
  func whileUsingUnderProvisional() throws {
    let scene = try Scene(ios: "14.0")
    try scene.reach(.provisionalAlways)
    let callbacks = scene.app.callbacks.count
    try scene.settings.select("While Using the App", for: scene.app)
    #expect(scene.state == .provisionalAlways)
    #expect(scene.app.callbacks.count == callbacks)
  }

  @Test("D2: the Precise switch shows the permanent setting; switching it on under temporary full accuracy makes it permanent")
  func preciseUnderTemporaryFullAccuracy() throws {
    let scene = try Scene(ios: "14.0", plist: Plists.reduced)
    try scene.reach(.whenInUseAlwaysUnused)
    _ = try scene.manager.requestTemporaryFullAccuracyAuthorization(purposeKey: "WantsToGetWiFiSSID")
    try scene.tap("Allow Once")
    #expect(scene.settings.precise(for: scene.app) == false)
    // Off is already selected: nothing changes, temporary full accuracy stays.
    try scene.settings.setPrecise(false, for: scene.app)
    #expect(try scene.manager.accuracyAuthorization == .fullAccuracy)
    try scene.settings.setPrecise(true, for: scene.app)
    try scene.app.background()
    try scene.advance("11s")
    try scene.app.foreground()
    #expect(try scene.manager.accuracyAuthorization == .fullAccuracy)
  }
}

@Suite("A3, P14: an App Clip's first prompt")
struct AppClipPromptTests {
  @Test("A3, P14: no Allow Once; Allow While Using Until Tomorrow grants the A1 grant", arguments: ["14.0", "17.2.1", "26.0"])
  func appClipFirstPrompt(ios: String) throws {
    let scene = try Scene(ios: ios, options: AppOptions(kind: .appClip))
    try scene.manager.requestWhenInUseAuthorization()
    let prompt = try #require(scene.prompt)
    #expect("\(prompt.rule)" == "P14")
    #expect(prompt.kind == .authorization)
    #expect(prompt.title == "Allow “Maps” to use your location?")
    #expect(prompt.message == Plists.whenInUseText)
    #expect(prompt.buttons == ["Allow While Using Until Tomorrow", "Don’t Allow"])
    #expect(prompt.precise == true)
    #expect(prompt.map == .precise)
    try prompt.setPrecise(false)
    try scene.tap("Allow While Using Until Tomorrow")
    #expect(scene.state == .whenInUse)
    #expect(try scene.manager.accuracyAuthorization == .reducedAccuracy)
    #expect(scene.world.transcript.contains { $0.contains("App Clip grant expires at") })
  }

  @Test("P14 with K3: no Precise switch, an approximate map")
  func appClipReduced() throws {
    let scene = try Scene(ios: "14.0", plist: Plists.reduced, options: AppOptions(kind: .appClip))
    try scene.manager.requestWhenInUseAuthorization()
    #expect(scene.prompt?.precise == nil)
    #expect(scene.prompt?.map == .approximate)
  }
}

@Suite("Versions (§1, N1)")
struct SupportedVersionTests {
  @Test("26.x is supported and follows the iOS 18 rules (N1)", arguments: ["26", "26.0", "26.1", "26.3.1"])
  func ios26(text: String) throws {
    let version = try OSVersion(parsing: text)
    let ios18 = RuleSet.forVersion(OSVersion(18)).explanation(keys: RuleLayerTests.fullKeys)
    let ios26 = RuleSet.forVersion(version).explanation(keys: RuleLayerTests.fullKeys)
    // The first line names the layers, the last what an upgrade into the newest one changes (UP4).
    #expect(ios26.split(separator: "\n").dropFirst().dropLast() == ios18.split(separator: "\n").dropFirst().dropLast())
    let scene = try Scene(ios: text)
    try scene.manager.requestWhenInUseAuthorization()
    #expect(scene.prompt?.buttons == ["Allow Once", "Allow While Using App", "Don’t Allow"])
  }

  @Test("19–25 are refused: iOS went from 18 to 26", arguments: ["19", "19.0", "20.1", "24.4.1", "25"])
  func noSuchVersion(text: String) {
    #expect {
      try OSVersion(parsing: text)
    } throws: { error in
      guard let misuse = error as? MisuseError else { return false }
      return misuse.kind == .unsupportedVersion && misuse.message.contains("iOS went from 18 to 26")
    }
  }

  @Test("a device gets iOS 26.0 when a scenario names none")
  func defaultVersion() {
    #expect(DeviceOptions().ios.description == "26.0")
  }
}
