import Testing
@testable import PermissionModel

// BEHAVIOR.md version 3 (issue 39): the rules field reports corrected — B2's reason from 17, P11's
// counts from 17, E6b, S1b, and P5/P8's kind. Each test names the rule it checks.

@Suite("B2 from 17: the crash reason ends with _CFMZEnabled()")
struct CrashReasonTests {
  static let before17 = "Invalid parameter not satisfying: !stayUp || CLClientIsBackgroundable(internal->fClient)"
  static let from17 = before17 + " || _CFMZEnabled()"

  @Test(
    "B2: the reason of the setter's assertion, by version",
    arguments: [("9.0", before17), ("16.7", before17), ("17.0", from17), ("18.0", from17), ("26.0", from17)])
  func reason(ios: String, expected: String) throws {
    let scene = try Scene(ios: ios, plist: Plists.noBackgroundMode)
    #expect {
      try scene.manager.setAllowsBackgroundLocationUpdates(true)
    } throws: { error in
      (error as? AppCrash)?.reason == expected
    }
    #expect(scene.app.crash?.reason == expected)
  }
}

@Suite("P11 from 17: the reminder counts the background uses and the days")
struct ReminderCountTests {
  /// A phone in `locale` on `ios` whose Always app raised the reminder (R21), `movesPerDay` uses a day.
  static func reminder(ios: String, movesPerDay: Int = 1, locale: String = "en") throws -> Scene {
    var device = DeviceOptions()
    device.locale = locale
    let scene = try Scene(ios: ios, device: device)
    try raiseReminder(scene, movesPerDay: movesPerDay)
    return scene
  }

  @Test("P11 on 13–16: the 3-day wording, without counts")
  func before17() throws {
    let scene = try Self.reminder(ios: "16.0", movesPerDay: 2)
    #expect(
      scene.prompt?.title
        == "“Maps” has been using your location in the background over the past 3 days. Do you want to continue to allow background location use?"
    )
  }

  @Test("P11 from 17: N background uses over the past D days (R21 counts since Always was granted)")
  func from17() throws {
    let scene = try Self.reminder(ios: "17.0", movesPerDay: 2)
    #expect(
      scene.prompt?.title
        == "“Maps” has used your location 6 times in the background over the past 3 days. Do you want to continue to allow background location use?"
    )
    #expect(scene.prompt?.rule == .P11)
  }

  @Test("P11 from 17 in zh-Hans: the numbers in the language's order (assumed wording)")
  func chinese() throws {
    let scene = try Self.reminder(ios: "18.0", locale: "zh-Hans")
    #expect(scene.prompt?.title == "“Maps”在过去3天中在后台使用了你的位置3次。你要继续允许后台位置使用吗？")
  }

  @Test("P11, R21: answering the reminder starts the count over")
  func countStartsOver() throws {
    let scene = try Self.reminder(ios: "17.0", movesPerDay: 2)
    try scene.tap("Always Allow")
    for day in 0..<3 {
      try scene.phone.setLocation(latitude: 32.0 + Double(day) / 10, longitude: 121.0)
      try scene.advance("1d")
    }
    try scene.phone.lock()
    try scene.phone.unlock()
    #expect(scene.prompt?.title.contains("has used your location 3 times in the background over the past 3 days") == true)
  }
}

@Suite("E6b: Ask Next Time reads fullAccuracy while notDetermined")
struct AskNextTimeAccuracyTests {
  @Test("E6b: after Ask Next Time on 14+, accuracy is full whatever the Precise switch", arguments: Versions.from14)
  func fullWhileNotDetermined(ios: String) throws {
    let scene = try Scene(ios: ios)
    try scene.reach(.whenInUseAlwaysUnused)
    try scene.settings.setPrecise(false, for: scene.app)
    #expect(try scene.manager.accuracyAuthorization == .reducedAccuracy)
    try scene.settings.select(scene.settings.options(for: scene.app)[1], for: scene.app)  // Ask Next Time…
    #expect(scene.status == .notDetermined)
    #expect(try scene.manager.accuracyAuthorization == .fullAccuracy)
    #expect(scene.settings.precise(for: scene.app) == false)  // the switch keeps its own setting
    #expect(scene.authorizationCallbacks.last?.accuracy == .fullAccuracy)
  }

  @Test("E6b: the next grant reads the Precise switch again")
  func nextGrantReadsTheSwitch() throws {
    let scene = try Scene(ios: "14.0", plist: Plists.reduced)
    try scene.reach(.whenInUseAlwaysUnused)
    try scene.settings.select("Ask Next Time", for: scene.app)
    #expect(try scene.manager.accuracyAuthorization == .fullAccuracy)
    try scene.settings.select("While Using the App", for: scene.app)
    #expect(try scene.manager.accuracyAuthorization == .reducedAccuracy)
  }

  @Test("E6b: a fresh notDetermined app with K3 still reads reduced (only the Settings choice gives full)")
  func freshAppUnchanged() throws {
    let scene = try Scene(ios: "14.0", plist: Plists.reduced)
    #expect(try scene.manager.accuracyAuthorization == .reducedAccuracy)
  }
}

@Suite("S1b: an app linked before 8 has the Settings options of an app with both keys")
struct OldSDKSettingsTests {
  /// An app linked against the iOS 7 SDK with only `NSLocationUsageDescription` (R1b).
  static let legacy = InfoPlist(
    bundleIdentifier: "com.example.legacy", bundleDisplayName: "Legacy", usageDescriptions: [.location: "Finds you."])

  @Test("S1b: While Using the App and Always are listed", arguments: ["8.0", "11.0", "12.0", "13.0", "14.0", "15.0", "26.0"])
  func options(ios: String) throws {
    var options = AppOptions()
    options.sdk = OSVersion(7)
    let scene = try Scene(ios: ios, plist: Self.legacy, options: options)
    let listed = scene.settings.options(for: scene.app)
    #expect(listed.contains("While Using the App"))
    #expect(listed.contains("Always"))
  }

  @Test("S1b, S2: on 13+ the provisional Always of R1b selects a listed option (it read nil before)")
  func selectionIsListed() throws {
    var options = AppOptions()
    options.sdk = OSVersion(7)
    let scene = try Scene(ios: "14.0", plist: Self.legacy, options: options)
    try scene.manager.startUpdatingLocation()  // R1b: first use asks for Always with P7
    try scene.tap("Allow While Using App")
    #expect(scene.state == .provisionalAlways)
    #expect(scene.settings.selection(for: scene.app) == "While Using the App")
    #expect(scene.settings.options(for: scene.app).contains(scene.settings.selection(for: scene.app) ?? "none"))
  }
}

@Suite("P5, P8: the Always upgrade alerts are of kind alwaysUpgrade")
struct AlwaysUpgradeKindTests {
  @Test("P5 (8–10) and P8 (13.4+) from When-In-Use: kind alwaysUpgrade", arguments: ["8.0", "10.3", "13.4", "26.0"])
  func kind(ios: String) throws {
    let scene = try Scene(ios: ios)
    try scene.reach(.whenInUseAlwaysUnused)
    try scene.manager.requestAlwaysAuthorization()
    #expect(scene.prompt?.kind == .alwaysUpgrade)
    #expect(scene.prompt.map { [.P5, .P8].contains($0.rule) } == true)
  }
}
