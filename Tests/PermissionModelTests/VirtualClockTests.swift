import Testing
@testable import PermissionModel

@Suite("Virtual clock, durations and wall-clock time")
struct VirtualClockTests {
  @Test("durations parse as seconds or with ms, s, m, h, d", arguments: [
    ("250ms", Int64(250_000_000)), ("10s", 10_000_000_000), ("5m", 300_000_000_000),
    ("2h", 7_200_000_000_000), ("3d", 259_200_000_000_000), ("1.5s", 1_500_000_000), ("12", 12_000_000_000),
    ("0", 0),
  ])
  func parsesDurations(text: String, nanoseconds: Int64) throws {
    #expect(try VirtualDuration(parsing: text).nanoseconds == nanoseconds)
  }

  @Test("a malformed or negative duration is an error", arguments: ["", "s", "10 s", "10x", "-5s", "nan", "ten seconds", "1e300d"])
  func rejectsDurations(text: String) {
    #expect(throws: MisuseError.self) { try VirtualDuration(parsing: text) }
  }

  @Test("timers fire in due order, and in scheduling order at the same instant")
  func timersFireInOrder() {
    var queue = TimerQueue()
    let at = { (seconds: Double) in VirtualInstant.start + .seconds(seconds) }
    queue.schedule(.gracePeriodEnded(app: AppID(3)), at: at(30))
    queue.schedule(.gracePeriodEnded(app: AppID(1)), at: at(10))
    queue.schedule(.gracePeriodEnded(app: AppID(99)), at: at(15))
    queue.schedule(.gracePeriodEnded(app: AppID(2)), at: at(20))
    queue.schedule(.gracePeriodEnded(app: AppID(21)), at: at(20))
    queue.cancel(.gracePeriodEnded(app: AppID(99)))  // a timer is identified by its event
    var fired: [Int] = []
    while let entry = queue.popDue(notAfter: at(25)) {
      if case .gracePeriodEnded(let app) = entry.event { fired.append(app.rawValue) }
    }
    #expect(fired == [1, 2, 21])
    #expect(queue.count == 1)
  }

  @Test("advancing fires the grace timer at its own instant (L2)")
  func advanceFiresTimersAtTheirInstant() throws {
    let scene = try Scene(ios: "13.0")
    try scene.app.background()
    try scene.advance("1h")
    let suspended = try #require(scene.world.transcriptEntries.first { $0.text.contains("suspended") })
    #expect(suspended.at == VirtualInstant.start + .seconds(10))
    #expect(scene.world.clock.now.seconds == 3600)
  }

  @Test("a year with pending timers advances at once and leaves the clock a year later")
  func yearAdvancesInstantly() throws {
    let world = World()
    let phone = world.makeDevice()
    var apps: [App] = []
    for index in 0..<50 {
      let app = try phone.install(Plists.full, options: AppOptions(bundleID: "com.example.app\(index)"))
      try app.launch()
      apps.append(app)
    }
    for app in apps.dropLast() { #expect(app.state == .background) }
    #expect(world.pendingTimerCount == 49)
    try world.clock.advance(by: "365d")
    #expect(world.pendingTimerCount == 0)
    #expect(world.clock.now.seconds == 365 * 86_400)
    #expect(world.clock.date.description == "2027-01-05T09:00:00")
    #expect(apps.dropLast().allSatisfy { $0.state == .suspended })
  }

  @Test("the clock refuses to run past 250 years instead of overflowing")
  func clockLimit() throws {
    let world = World()
    try world.clock.advance(by: "73000d")
    #expect(throws: MisuseError.self) { try world.clock.advance(by: "20000d") }
    #expect(throws: MisuseError.self) { try world.clock.advance(by: VirtualDuration.seconds(-1)) }
    #expect(VirtualDuration.seconds(1e300).nanoseconds == 9_000_000_000_000_000_000)
    #expect(world.clock.now.seconds == 73_000 * 86_400)
  }

  @Test("advance(toWallClock:) moves to the next time the wall clock shows that time", arguments: [
    ("04:00", 19 * 3600.0, "2026-01-06T04:00:00"),
    ("09:30", 1800.0, "2026-01-05T09:30:00"),
    ("09:00", 86_400.0, "2026-01-06T09:00:00"),
    ("09:00:01", 1.0, "2026-01-05T09:00:01"),
  ])
  func advancesToWallClock(time: String, seconds: Double, date: String) throws {
    let world = World()
    _ = world.makeDevice()
    try world.clock.advance(toWallClock: time)
    #expect(world.clock.now.seconds == seconds)
    #expect(world.clock.date.description == date)
  }

  @Test("advance(toWallClock:) lands on the exact second even from a fractional instant")
  func advancesFromFraction() throws {
    let world = World()
    _ = world.makeDevice()
    try world.clock.advance(by: "250ms")
    try world.clock.advance(toWallClock: "09:00:05")
    #expect(world.clock.now.sinceStart.nanoseconds == 5_000_000_000)
  }

  @Test("a malformed wall-clock time is an error", arguments: ["4:00", "24:00", "04:60", "04", "04:00:60", "ab:cd", "-1:00", "+1:00"])
  func rejectsWallClock(text: String) {
    let world = World()
    #expect(throws: MisuseError.self) { try world.clock.advance(toWallClock: text) }
  }

  @Test("dates parse, print and roll over months, leap days and years")
  func calendarArithmetic() throws {
    let start = try LocalDateTime(parsing: "2024-02-28T23:59:59")
    #expect(start.adding(seconds: 1).description == "2024-02-29T00:00:00")
    #expect(start.adding(seconds: 86_401).description == "2024-03-01T00:00:00")
    #expect(try LocalDateTime(parsing: "2023-12-31T23:00").adding(seconds: 3600).description == "2024-01-01T00:00:00")
    #expect(try LocalDateTime(parsing: "1900-03-01T00:00:00").adding(seconds: -1).description == "1900-02-28T23:59:59")
    #expect(try LocalDateTime(parsing: "1969-12-31T12:00:00").secondsSinceEpoch == -43_200)
    #expect(try LocalDateTime(parsing: "2000-02-29T10:00:00").next(secondOfDay: 4 * 3600).description == "2000-03-01T04:00:00")
    #expect(LocalDateTime.defaultStart.description == "2026-01-05T09:00:00")
  }

  @Test("an impossible or malformed date is an error", arguments: [
    "2023-02-29T00:00:00", "2026-13-01T00:00:00", "2026-01-05 09:00:00", "2026-1-5T09:00:00", "tomorrow",
  ])
  func rejectsDates(text: String) {
    #expect(throws: MisuseError.self) { try LocalDateTime(parsing: text) }
  }
}
