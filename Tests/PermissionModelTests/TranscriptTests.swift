import Testing
@testable import PermissionModel

@Suite("Transcript")
struct TranscriptTests {
  /// SCENARIO_API.md §1's example, step by step.
  @Test("SCENARIO_API's example reads as a transcript with virtual times")
  func scenarioExample() throws {
    let plist = Plists.with(Plists.full) {
      $0.bundleIdentifier = "com.example.WiFiFinder"
      $0.bundleDisplayName = "WiFi Finder"
    }
    let scene = try Scene(ios: "14.0", plist: plist, device: DeviceOptions(wifi: "Office-5G"))
    try scene.manager.requestWhenInUseAuthorization()
    try scene.prompt?.setPrecise(false)
    try scene.tap("Allow While Using App")
    _ = scene.app.fetchCurrentWiFiSSID()
    _ = try scene.manager.requestTemporaryFullAccuracyAuthorization(purposeKey: "WantsToGetWiFiSSID")
    try scene.tap("Allow Once")
    try scene.app.background()
    try scene.advance("11s")
    try scene.app.foreground()
    let expected = [
      "[+0.000s] phone: iOS 14.0, locale en, 2026-01-05T09:00:00, Location Services on, at 31.2304, 121.4737, Wi-Fi “Office-5G”",
      "[+0.000s] phone: install “WiFi Finder” (com.example.WiFiFinder), sdk 14.0",
      "[+0.000s] WiFi Finder: launch → foreground",
      "[+0.000s] WiFi Finder: manager#1 created",
      "[+0.000s] WiFi Finder: manager#1 ← locationManagerDidChangeAuthorization(notDetermined, fullAccuracy)",
      "[+0.000s] WiFi Finder: manager#1 requestWhenInUseAuthorization()",
      "[+0.000s] alert#1 P7 authorization: “Allow “WiFi Finder” to use your location?” — Shows nearby stops. [Allow Once] [Allow While Using App] [Don’t Allow], Precise on, map precise",
      "[+0.000s] alert#1 Precise off",
      "[+0.000s] alert#1 tap “Allow While Using App”",
      "[+0.000s] WiFi Finder: notDetermined → authorizedWhenInUse, reducedAccuracy (R6)",
      "[+0.000s] WiFi Finder: manager#1 ← locationManagerDidChangeAuthorization(authorizedWhenInUse, reducedAccuracy)",
      "[+0.000s] WiFi Finder: manager#1 requestTemporaryFullAccuracyAuthorization(\"WantsToGetWiFiSSID\")",
      "[+0.000s] alert#2 P9 temporaryFullAccuracy: “Allow “WiFi Finder” to use your precise location once?” — Your precise location will be used to get the current Wi-Fi SSID. [Allow Once] [Don’t Allow]",
      "[+0.000s] alert#2 tap “Allow Once”",
      "[+0.000s] WiFi Finder: reducedAccuracy → fullAccuracy (T1)",
      "[+0.000s] WiFi Finder: manager#1 ← locationManagerDidChangeAuthorization(authorizedWhenInUse, fullAccuracy)",
      "[+0.000s] WiFi Finder: manager#1 temporary full accuracy completion(error: nil) (C7)",
      "[+0.000s] WiFi Finder: background (in use for 10.000s more, L2)",
      "[+10.000s] WiFi Finder: grace period over (L2)",
      "[+10.000s] WiFi Finder: suspended: no longer in use (L2)",
      "[+10.000s] WiFi Finder: fullAccuracy → reducedAccuracy (E2)",
      "[+10.000s] WiFi Finder: manager#1 held until the app runs (C5): locationManagerDidChangeAuthorization(authorizedWhenInUse, reducedAccuracy)",
      "[+11.000s] clock +11.000s → 2026-01-05T09:00:11",
      "[+11.000s] WiFi Finder: foreground",
      "[+11.000s] WiFi Finder: manager#1 ← locationManagerDidChangeAuthorization(authorizedWhenInUse, reducedAccuracy) (held, C5)",
    ]
    #expect(scene.world.transcript == expected)
    #expect(scene.phone.transcript == expected)
  }

  @Test("a second device's lines name it")
  func secondDevice() throws {
    let world = World()
    _ = world.makeDevice()
    let second = world.makeDevice(DeviceOptions(ios: OSVersion(9, 3)))
    _ = try second.install(Plists.bare)
    #expect(second.transcript == [
      "[+0.000s] phone#2: iOS 9.3, locale en, 2026-01-05T09:00:00, Location Services on, at 31.2304, 121.4737",
      "[+0.000s] phone#2: install “Bare” (com.example.bare), sdk 9.3",
    ])
  }

  @Test("callbacks, moves, clock steps, new devices and alerts are typed entries; narration is a note; all render as before")
  func typedEntries() throws {
    let scene = try Scene(ios: "14.0", plist: Plists.full)
    try scene.manager.requestWhenInUseAuthorization()
    try scene.tap("Allow While Using App")
    try scene.manager.startUpdatingLocation()
    try scene.phone.setLocation(latitude: 31.25, longitude: 121.5)
    try scene.advance("1s")
    let entries = scene.world.transcriptEntries
    let delivered = entries.compactMap { entry -> Callback? in
      if case .delivered(let callback) = entry.event { callback } else { nil }
    }
    #expect(delivered.map(\.method) == [
      .locationManagerDidChangeAuthorization, .locationManagerDidChangeAuthorization, .didUpdateLocations,
    ])
    let callbackEntry = try #require(entries.first { if case .delivered = $0.event { true } else { false } })
    #expect(callbackEntry.subject == .manager(app: "Maps", number: 1))
    #expect(callbackEntry.text == "Maps: manager#1 ← locationManagerDidChangeAuthorization(notDetermined, fullAccuracy)")
    let moved = try #require(entries.first { if case .moved = $0.event { true } else { false } })
    #expect(moved.event == .moved(device: "phone", to: Coordinate(latitude: 31.25, longitude: 121.5)))
    #expect(moved.device == 1)
    #expect(moved.text == "phone: location 31.25, 121.5")
    let clock = try #require(entries.last)
    guard case .clockAdvanced(let step, _) = clock.event else {
      Issue.record("the last entry is \(clock.event), not the clock step")
      return
    }
    #expect(step == .seconds(1))
    #expect(clock.device == nil)
    #expect(clock.description == "[+1.000s] clock +1.000s → 2026-01-05T09:00:01")
    #expect(entries.contains { $0.event == .note("notDetermined → authorizedWhenInUse, fullAccuracy (R6)") })
    // A passed case's transcript is never read, so a device's and an alert's lines are written only when read.
    let made = try #require(entries.first { if case .deviceMade = $0.event { true } else { false } })
    #expect(made.text == "phone: iOS 14.0, locale en, 2026-01-05T09:00:00, Location Services on, at 31.2304, 121.4737")
    let shown = try #require(entries.first { if case .alertShown = $0.event { true } else { false } })
    #expect(shown.text.hasPrefix("alert#1 P7 authorization: “Allow “Maps” to use your location?” — "))
    #expect(shown.text.hasSuffix("[Allow Once] [Allow While Using App] [Don’t Allow], Precise on, map precise"))
    // Their estimates count at least what they render to, so the transcript's limit holds.
    for entry in [made, shown] { #expect(entry.cost >= entry.text.utf8.count + 64) }
  }

  @Test("a line longer than the limit is cut, whole scalars, with an ellipsis, prefix included")
  func longLineIsCut() throws {
    let scene = try Scene(ios: "14.0", plist: Plists.full)
    let limit = World.TranscriptLimit.lineBytes
    scene.world.note(String(repeating: "é", count: limit))
    let entry = try #require(scene.world.transcriptEntries.last)
    #expect(entry.text.utf8.count <= limit + "…".utf8.count)
    #expect(entry.text.hasSuffix("é…"))
    // The note keeps no more than a line's worth: the transcript stays bounded.
    guard case .note(let kept) = entry.event else {
      Issue.record("a print is a note")
      return
    }
    #expect(kept.utf8.count <= limit + "…".utf8.count)
  }

  @Test("the transcript fills at its byte limit, typed entries counted by an estimate, and says so once")
  func transcriptFills() throws {
    let world = World()
    let phone = world.makeDevice()
    var moves = 0
    while !world.isTranscriptFull {
      try phone.setLocation(latitude: 10 + Double(moves % 1000) * 0.001, longitude: 20)
      moves += 1
    }
    let entries = world.transcriptEntries
    #expect(entries.last?.event == .note("the transcript is full (8 MiB): nothing later is kept"))
    #expect(entries.dropLast().allSatisfy { $0.cost <= 256 })
    #expect(moves * 256 >= World.TranscriptLimit.totalBytes)
    try phone.setLocation(latitude: 1, longitude: 1)
    #expect(world.transcriptEntries.count == entries.count)
  }
}
