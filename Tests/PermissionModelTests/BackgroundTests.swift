import Testing
@testable import PermissionModel

/// One cell of seed 003's iOS 11 table, with B3's indicator rule for Always (the seed's own update).
struct Seed003Row: Sendable, CustomTestStringConvertible {
  enum Grant: String, Sendable { case always, whenInUse, none, denied }

  let grant: Grant
  let allowsBackground: Bool
  let capability: Bool
  let showsIndicator: Bool
  let foreground: Bool
  let background: Bool
  let indicator: Bool
  let crash: Bool

  var testDescription: String {
    "\(grant) · allowsBackground \(allowsBackground) · capability \(capability)\(showsIndicator ? " · shows indicator" : "")"
  }
}

@Suite("Background sessions and the indicator (B1–B3)")
struct BackgroundTests {
  static let seed003: [Seed003Row] = {
    typealias Row = Seed003Row
    var rows: [Row] = []
    for grant in [Row.Grant.always, .whenInUse] {
      rows += [
        Row(grant: grant, allowsBackground: false, capability: false, showsIndicator: false, foreground: true, background: false, indicator: false, crash: false),
        Row(grant: grant, allowsBackground: true, capability: false, showsIndicator: false, foreground: false, background: false, indicator: false, crash: true),
        Row(grant: grant, allowsBackground: false, capability: true, showsIndicator: false, foreground: true, background: false, indicator: false, crash: false),
        Row(grant: grant, allowsBackground: true, capability: true, showsIndicator: false, foreground: true, background: true, indicator: grant == .whenInUse, crash: false),
      ]
    }
    rows.append(Row(grant: .always, allowsBackground: true, capability: true, showsIndicator: true, foreground: true, background: true, indicator: true, crash: false))
    for grant in [Row.Grant.none, .denied] {
      rows += [
        Row(grant: grant, allowsBackground: false, capability: false, showsIndicator: false, foreground: false, background: false, indicator: false, crash: false),
        Row(grant: grant, allowsBackground: false, capability: true, showsIndicator: false, foreground: false, background: false, indicator: false, crash: false),
        Row(grant: grant, allowsBackground: true, capability: false, showsIndicator: false, foreground: false, background: false, indicator: false, crash: true),
        Row(grant: grant, allowsBackground: true, capability: true, showsIndicator: false, foreground: false, background: false, indicator: false, crash: false),
      ]
    }
    return rows
  }()

  @Test("seed 003: iOS 11 request × allowsBackgroundLocationUpdates × capability (B1–B3)", arguments: seed003)
  func seed003Table(_ row: Seed003Row) throws {
    let scene = try Scene(ios: "11.0", plist: row.capability ? Plists.full : Plists.noBackgroundMode)
    switch row.grant {
    case .always:
      try scene.manager.requestAlwaysAuthorization()
      try scene.tap("Always Allow")
    case .whenInUse:
      try scene.manager.requestWhenInUseAuthorization()
      try scene.tap("Allow")
    case .denied:
      try scene.manager.requestWhenInUseAuthorization()
      try scene.tap("Don’t Allow")
    case .none:
      break
    }
    try scene.manager.setShowsBackgroundLocationIndicator(row.showsIndicator)
    var crashed = false
    do {
      try scene.manager.setAllowsBackgroundLocationUpdates(row.allowsBackground)
    } catch is AppCrash {
      crashed = true
    }
    #expect(crashed == row.crash)
    guard !crashed else {
      #expect(scene.app.state == .notRunning)
      return
    }
    try scene.manager.startUpdatingLocation()
    try scene.phone.setLocation(latitude: 31.3, longitude: 121.5)
    let foreground = scene.app.callbacks.contains { $0.method == .didUpdateLocations }
    try scene.app.background()
    try scene.advance("30s")
    let count = scene.app.callbacks.count
    try scene.phone.setLocation(latitude: 31.4, longitude: 121.6)
    let background = scene.app.callbacks.count > count
    #expect(foreground == row.foreground)
    #expect(background == row.background)
    #expect(scene.phone.backgroundLocationIndicator == row.indicator)
  }

  @Test("B2: the setter crashes without K6, whatever the authorization, and ends the app", arguments: ["9.0", "11.0", "14.0", "16.0"])
  func crashDetails(ios: String) throws {
    let scene = try Scene(ios: ios, plist: Plists.noBackgroundMode)
    try scene.advance("3s")
    #expect {
      try scene.manager.setAllowsBackgroundLocationUpdates(true)
    } throws: { error in
      guard let crash = error as? AppCrash else { return false }
      return crash.exception == "NSInternalInconsistencyException"
        && crash.reason == "Invalid parameter not satisfying: !stayUp || CLClientIsBackgroundable(internal->fClient)"
        && crash.at.seconds == 3
    }
    #expect(scene.app.crash?.exception == "NSInternalInconsistencyException")
    #expect(scene.app.state == .notRunning)
    #expect(!scene.manager.isAlive)
    #expect(scene.world.transcript.contains { $0.contains("CRASH NSInternalInconsistencyException") })
    #expect(throws: MisuseError.self) { try scene.manager.setAllowsBackgroundLocationUpdates(false) }
  }

  @Test("B2: setting false without K6 does not crash")
  func settingFalseIsSafe() throws {
    let scene = try Scene(ios: "14.0", plist: Plists.noBackgroundMode)
    try scene.manager.setAllowsBackgroundLocationUpdates(false)
    #expect(scene.app.crash == nil)
    #expect(try scene.manager.allowsBackgroundLocationUpdates == false)
  }

  @Test("B1: iOS 8 continues in the background with K6 alone and shows the bar for When-In-Use")
  func ios8NeedsOnlyTheCapability() throws {
    let scene = try Scene(ios: "8.4")
    try scene.reach(.whenInUseAlwaysUnused)
    try scene.manager.startUpdatingLocation()
    try scene.app.background()
    try scene.advance("1m")
    #expect(scene.app.state == .background)
    #expect(scene.phone.backgroundLocationIndicator)
  }

  @Test("B1: on iOS 9+ an app linked before SDK 9 behaves as if the property were true")
  func oldSDKAssumesTrue() throws {
    let old = try Scene(ios: "10.0", options: AppOptions(sdk: OSVersion(8, 4)))
    try old.reach(.whenInUseAlwaysUnused)
    try old.manager.startUpdatingLocation()
    try old.app.background()
    try old.advance("1m")
    #expect(old.app.state == .background)
    let new = try Scene(ios: "10.0")
    #expect(try new.manager.allowsBackgroundLocationUpdates == false)
    try new.reach(.whenInUseAlwaysUnused)
    try new.manager.startUpdatingLocation()
    try new.app.background()
    try new.advance("1m")
    #expect(new.app.state == .suspended)
  }

  @Test("B3: Always never shows the indicator before 11; from 11 only with showsBackgroundLocationIndicator", arguments: [
    ("9.0", false, false), ("10.3", false, false), ("11.0", false, false), ("11.0", true, true), ("13.0", true, true),
    ("17.0", false, false),
  ])
  func alwaysIndicator(ios: String, shows: Bool, expected: Bool) throws {
    let scene = try Scene(ios: ios)
    try scene.reach(.always)
    if shows { try scene.manager.setShowsBackgroundLocationIndicator(true) }
    try scene.manager.setAllowsBackgroundLocationUpdates(true)
    try scene.manager.startUpdatingLocation()
    #expect(!scene.phone.backgroundLocationIndicator)
    try scene.app.background()
    #expect(scene.phone.backgroundLocationIndicator == expected)
  }

  @Test("B3: When-In-Use and Allow Once always show it in the background", arguments: [
    RequestOrigin.whenInUseAlwaysUnused, .temporaryWhenInUse,
  ])
  func whenInUseIndicator(origin: RequestOrigin) throws {
    let scene = try Scene(ios: "15.0")
    try scene.reach(origin)
    try scene.manager.setAllowsBackgroundLocationUpdates(true)
    try scene.manager.setPausesLocationUpdatesAutomatically(false)
    try scene.manager.startUpdatingLocation()
    try scene.app.background()
    try scene.advance("1h")
    #expect(scene.phone.backgroundLocationIndicator)
    try scene.manager.stopUpdatingLocation()
    #expect(!scene.phone.backgroundLocationIndicator)
  }
}
