import Testing
@testable import PermissionModel

/// One alert of BEHAVIOR.md §4, with how to raise it and exactly what it shows.
struct AlertCase: Sendable, CustomTestStringConvertible {
  let id: RuleID
  let ios: String
  let kind: AlertKind
  let title: String
  let message: String?
  let buttons: [String]
  let precise: Bool?
  let map: AlertMap?
  let plist: InfoPlist
  let raise: @Sendable (Scene) throws -> Void

  var testDescription: String { "\(id) on iOS \(ios)" }

  init(
    _ id: RuleID, ios: String, _ kind: AlertKind, _ title: String, _ message: String?, _ buttons: [String],
    precise: Bool? = nil, map: AlertMap? = nil, plist: InfoPlist = Plists.full,
    raise: @escaping @Sendable (Scene) throws -> Void
  ) {
    self.id = id
    self.ios = ios
    self.kind = kind
    self.title = title
    self.message = message
    self.buttons = buttons
    self.precise = precise
    self.map = map
    self.plist = plist
    self.raise = raise
  }
}

@Suite("Alerts (P1–P11)")
struct AlertTests {
  static let cases: [AlertCase] = [
    AlertCase(
      .P1, ios: "7.0", .authorization, "“Maps” Would Like to Use Your Current Location", "Finds you on the map.",
      ["Don’t Allow", "OK"]
    ) { try $0.manager.startUpdatingLocation() },
    AlertCase(
      .P1, ios: "7.1", .authorization, "“Maps” Would Like to Use Your Current Location", nil, ["Don’t Allow", "OK"],
      plist: Plists.with(Plists.full) { $0.usageDescriptions[.location] = nil }
    ) { try $0.manager.startMonitoringSignificantLocationChanges() },
    AlertCase(
      .P2, ios: "8.0", .authorization, "Allow “Maps” to access your location while you use the app?",
      Plists.whenInUseText, ["Don’t Allow", "Allow"]
    ) { try $0.manager.requestWhenInUseAuthorization() },
    AlertCase(
      .P3, ios: "11.0", .authorization, "Allow “Maps” to access your location while you are using the app?",
      Plists.whenInUseText, ["Don’t Allow", "Allow"]
    ) { try $0.manager.requestWhenInUseAuthorization() },
    AlertCase(
      .P4, ios: "9.3", .authorization, "Allow “Maps” to access your location even when you are not using the app?",
      Plists.alwaysText, ["Don’t Allow", "Allow"]
    ) { try $0.manager.requestAlwaysAuthorization() },
    AlertCase(
      .P5, ios: "10.0", .alwaysUpgrade,
      "Allow “Maps” to also access your location even when you are not using the app?", Plists.alwaysText,
      ["Cancel", "Allow"]
    ) { scene in
      try scene.reach(.whenInUseAlwaysUnused)
      try scene.manager.requestAlwaysAuthorization()
    },
    AlertCase(
      .P6, ios: "12.0", .authorization, "Allow “Maps” to access your location?", Plists.alwaysAndWhenInUseText,
      ["Only While Using the App", "Always Allow", "Don’t Allow"]
    ) { try $0.manager.requestAlwaysAuthorization() },
    AlertCase(
      .P7, ios: "13.0", .authorization, "Allow “Maps” to use your location?", Plists.whenInUseText,
      ["Allow While Using App", "Allow Once", "Don’t Allow"]  // P7: the 13.x order
    ) { try $0.manager.requestAlwaysAuthorization() },
    AlertCase(
      .P7, ios: "14.0", .authorization, "Allow “Maps” to use your location?", Plists.whenInUseText,
      ["Allow Once", "Allow While Using App", "Don’t Allow"], precise: true, map: .precise
    ) { try $0.manager.requestWhenInUseAuthorization() },
    AlertCase(
      .P7, ios: "17.2.1", .authorization, "Allow “Maps” to use your location?", Plists.whenInUseText,
      ["Allow Once", "Allow While Using App", "Don’t Allow"], precise: nil, map: .approximate, plist: Plists.reduced
    ) { try $0.manager.requestWhenInUseAuthorization() },
    AlertCase(
      .P8, ios: "13.4", .alwaysUpgrade,
      "Allow “Maps” to also use your location even when you are not using the app?", Plists.alwaysAndWhenInUseText,
      ["Keep Only While Using", "Change to Always Allow"]
    ) { scene in
      try scene.reach(.whenInUseAlwaysUnused)
      try scene.manager.requestAlwaysAuthorization()
    },
    AlertCase(
      .P9, ios: "14.0", .temporaryFullAccuracy, "Allow “Maps” to use your precise location once?", Plists.purposeText,
      ["Allow Once", "Don’t Allow"]
    ) { scene in
      try scene.settings.setPrecise(false, for: scene.app)
      try scene.reach(.whenInUseAlwaysUnused)
      _ = try scene.manager.requestTemporaryFullAccuracyAuthorization(purposeKey: "WantsToGetWiFiSSID")
    },
    AlertCase(
      .P10, ios: "8.0", .locationServicesOff, "Turn On Location Services to Allow “Maps” to Determine Your Location",
      nil, ["Settings", "Cancel"]
    ) { scene in
      scene.settings.setLocationServices(false)
      try scene.manager.requestWhenInUseAuthorization()
    },
    AlertCase(
      .P10, ios: "7.0", .locationServicesOff, "Turn On Location Services to Allow “Maps” to Determine Your Location",
      nil, ["Settings", "Cancel"]
    ) { scene in
      scene.settings.setLocationServices(false)
      try scene.manager.startUpdatingLocation()
    },
    AlertCase(
      .P11, ios: "14.0", .backgroundReminder,
      "“Maps” has been using your location in the background over the past 3 days. Do you want to continue to allow background location use?",
      nil, ["Change to Only While Using", "Always Allow"]
    ) { scene in try raiseReminder(scene) },
  ]

  @Test("each alert shows BEHAVIOR.md's title, message and buttons", arguments: cases)
  func alertTexts(_ row: AlertCase) throws {
    let scene = try Scene(ios: row.ios, plist: row.plist)
    try row.raise(scene)
    let alert = try #require(scene.prompt)
    #expect(alert.rule == row.id)
    #expect(alert.kind == row.kind)
    #expect(alert.title == row.title)
    #expect(alert.message == row.message)
    #expect(alert.buttons == row.buttons)
    #expect(alert.precise == row.precise)
    #expect(alert.map == row.map)
    #expect(alert.isShowing)
    #expect(alert.buttons.allSatisfy { !$0.contains("'") })
  }

  @Test("straight and curly apostrophes match when tapping")
  func apostrophesMatch() throws {
    let scene = try Scene(ios: "14.0")
    try scene.manager.requestWhenInUseAuthorization()
    try scene.tap("Don't Allow")
    #expect(scene.state == .denied)
    #expect(scene.phone.transcript.contains { $0.hasSuffix("alert#1 tap “Don’t Allow”") })
  }

  @Test("a label that is not on the alert is a misuse listing the labels that are")
  func unknownLabel() throws {
    let scene = try Scene(ios: "13.0")
    try scene.manager.requestWhenInUseAuthorization()
    #expect {
      try scene.tap("Allow")
    } throws: { error in
      (error as? MisuseError)?.message
        == "“Allow” is not a button of alert#1 (“Allow “Maps” to use your location?”); its buttons are: “Allow While Using App”, “Allow Once”, “Don’t Allow”"  // P7 on 13.x
    }
    #expect(scene.prompt != nil)
  }

  @Test("an answered alert can no longer be tapped; its handle keeps its texts")
  func answeredAlert() throws {
    let scene = try Scene(ios: "14.0")
    try scene.manager.requestWhenInUseAuthorization()
    let alert = try #require(scene.prompt)
    try alert.tap("Allow Once")
    #expect(!alert.isShowing)
    #expect(alert.tappedButton == "Allow Once")
    #expect(alert.title == "Allow “Maps” to use your location?")
    #expect(throws: MisuseError.self) { try alert.tap("Allow Once") }
    #expect(throws: MisuseError.self) { try alert.setPrecise(false) }
  }

  @Test("the Precise switch sets the grant's accuracy on iOS 14+ (P7)", arguments: [true, false])
  func preciseSwitch(on: Bool) throws {
    let scene = try Scene(ios: "14.0")
    try scene.manager.requestWhenInUseAuthorization()
    let alert = try #require(scene.prompt)
    try alert.setPrecise(on)
    #expect(alert.map == (on ? .precise : .approximate))
    try alert.tap("Allow While Using App")
    #expect(try scene.manager.accuracyAuthorization == (on ? .fullAccuracy : .reducedAccuracy))
  }

  @Test("K3: P7 without a switch grants reduced accuracy")
  func reducedDefaultGrantsReduced() throws {
    let scene = try Scene(ios: "14.0", plist: Plists.reduced)
    try scene.manager.requestWhenInUseAuthorization()
    #expect(throws: MisuseError.self) { try scene.prompt?.setPrecise(true) }
    try scene.tap("Allow Once")
    #expect(try scene.manager.accuracyAuthorization == .reducedAccuracy)
  }

  @Test("flipping a switch on an alert without one is a misuse", arguments: ["13.0", "13.4"])
  func noSwitch(ios: String) throws {
    let scene = try Scene(ios: ios)
    try scene.reach(.whenInUseAlwaysUnused)
    try scene.manager.requestWhenInUseAuthorization()
    try scene.settings.select("Ask Next Time", for: scene.app)
    try scene.manager.requestWhenInUseAuthorization()
    let alert = try #require(scene.prompt)
    #expect {
      try alert.setPrecise(false)
    } throws: { error in
      (error as? MisuseError)?.message == "alert#1 (P7, “Allow “Maps” to use your location?”) has no Precise switch"
    }
  }

  @Test("alert numbers count up per device and stay with their alert")
  func sequenceNumbers() throws {
    let scene = try Scene(ios: "14.0")
    try scene.manager.requestWhenInUseAuthorization()
    #expect(scene.phone.promptNumber == 1)
    try scene.tap("Allow While Using App")
    #expect(scene.phone.promptNumber == nil)
    try scene.manager.requestAlwaysAuthorization()
    #expect(scene.phone.promptNumber == 2)
    #expect(scene.prompt?.number == 2)
  }
}

/// R21: an Always app receiving background locations on three separate days (`movesPerDay` a day, an
/// hour apart, for P11's count from 17), then an unlock.
func raiseReminder(_ scene: Scene, movesPerDay: Int = 1) throws {
  try scene.reach(.always)
  try scene.manager.setAllowsBackgroundLocationUpdates(true)
  try scene.manager.setPausesLocationUpdatesAutomatically(false)
  try scene.manager.startUpdatingLocation()
  try scene.app.background()
  for day in 0..<3 {
    for move in 0..<movesPerDay {
      try scene.phone.setLocation(latitude: 31.0 + Double(day) / 10, longitude: 121.0 + Double(move) / 10)
      if move + 1 < movesPerDay { try scene.advance("1h") }
    }
    try scene.advance("1d")
  }
  try scene.phone.lock()
  try scene.phone.unlock()
}
