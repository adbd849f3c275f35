// In-process benchmarks of the permission model, printed as figures (run in release: Scripts/bench-model).
import PermissionModel

// MARK: - Measuring

/// Runs `body` `iterations` times per sample and returns the per-iteration durations of each sample, in µs.
func measure(samples: Int, iterations: Int, _ body: () throws -> Void) rethrows -> [Double] {
  let clock = ContinuousClock()
  var results: [Double] = []
  for _ in 0..<samples {
    let start = clock.now
    for _ in 0..<iterations { try body() }
    let elapsed = start.duration(to: clock.now)
    let (seconds, attoseconds) = elapsed.components
    results.append((Double(seconds) * 1e6 + Double(attoseconds) / 1e12) / Double(iterations))
  }
  return results.sorted()
}

func report(_ name: String, _ microseconds: [Double]) {
  let median = microseconds[microseconds.count / 2]
  let best = microseconds[0]
  let shown = { (value: Double) in String(Int((value * 100).rounded())).paddedCents }
  print("\(name): median \(shown(median)) µs, best \(shown(best)) µs (\(microseconds.count) samples)")
}

extension String {
  /// "1234" (hundredths) → "12.34".
  var paddedCents: String {
    let digits = count < 3 ? String(repeating: "0", count: 3 - count) + self : self
    return "\(digits.dropLast(2)).\(digits.suffix(2))"
  }
}

// MARK: - Scenarios

let plist = InfoPlist(
  bundleIdentifier: "com.example.maps", bundleDisplayName: "Maps",
  usageDescriptions: [.whenInUse: "Shows nearby stops.", .alwaysAndWhenInUse: "Tracks your trips."],
  temporaryUsageDescriptions: ["WantsToGetWiFiSSID": "Your precise location gets the Wi-Fi SSID."],
  backgroundModes: ["location"])

/// A world whose device holds many apps with every kind of pending timer.
func worldWithPendingTimers() throws -> World {
  let world = World()
  let phone = world.makeDevice(DeviceOptions(ios: OSVersion(14)))
  for index in 0..<40 {
    let kind: AppKind = index % 4 == 0 ? .appClip : .app
    let app = try phone.install(plist, options: AppOptions(bundleID: "com.example.app\(index)", kind: kind))
    try app.launch()
    let manager = try app.makeLocationManager()
    try manager.requestLocation()  // C6 timeout under ND
    try manager.requestWhenInUseAuthorization()
    // App Clip reset timer (A1); P14 names its While-Using button differently (A3).
    try phone.prompt?.tap(kind == .appClip ? Assumptions.appClipWhileUsingButton : "Allow While Using App")
    try manager.setAllowsBackgroundLocationUpdates(true)
    try manager.startUpdatingLocation()
    try app.background()  // grace timer (L2), then a pause timer (U3)
  }
  return world
}

/// A typical scenario case's model work: device, app, manager, request, answer, callbacks, clock.
func typicalCase() throws -> Int {
  let world = World()
  let phone = world.makeDevice(DeviceOptions(ios: OSVersion(14), wifi: "Office-5G"))
  let app = try phone.install(plist)
  try app.launch()
  let manager = try app.makeLocationManager()
  try manager.requestWhenInUseAuthorization()
  guard let alert = phone.prompt else { return 0 }
  try alert.setPrecise(false)
  try alert.tap("Allow While Using App")
  let request = try manager.requestTemporaryFullAccuracyAuthorization(purposeKey: "WantsToGetWiFiSSID")
  try phone.prompt?.tap("Allow Once")
  try manager.startUpdatingLocation()
  try phone.setLocation(latitude: 31.25, longitude: 121.45)
  _ = app.fetchCurrentWiFiSSID()
  try app.background()
  try world.clock.advance(by: "11s")
  try app.foreground()
  return app.callbacks.count + (request.done ? 1 : 0)
}

/// The iOS versions the realistic cases take in turn (Benchmarks/generate.lua's VERSIONS).
let benchVersions = [OSVersion(14), OSVersion(14, 5), OSVersion(15), OSVersion(16), OSVersion(17)]

/// The model's own work in the realistic benchmark case (Benchmarks/realistic_case.lua), with no Lua:
/// device, app, manager, two requests, the alert's answer and a clock advance, on the bench's versions.
/// What is left of a realistic case's cost when the runtime, the bridge and the isolation cost nothing.
func realisticModelCase(index: Int) throws -> Int {
  let world = World()
  let phone = world.makeDevice(DeviceOptions(ios: benchVersions[index % benchVersions.count], wifi: "Office-5G"))
  let app = try phone.install(
    InfoPlist(
      bundleIdentifier: "com.example.bench", bundleDisplayName: "Bench \(index)",
      usageDescriptions: [.whenInUse: "Shows nearby stops.", .alwaysAndWhenInUse: "Tracks your trips."],
      backgroundModes: ["location"]))
  try app.launch()
  let manager = try app.makeLocationManager()
  try manager.requestWhenInUseAuthorization()
  try phone.prompt?.tap("Allow While Using App")
  try manager.requestAlwaysAuthorization()
  try world.clock.advance(by: "30s")
  return app.callbacks.count
}

/// Issue 14's figure: an iOS 17 app iterating live updates while the device moves `moves` times.
func liveStreamCase(moves: Int) throws -> Int {
  let world = World()
  let phone = world.makeDevice(DeviceOptions(ios: OSVersion(17)))
  let app = try phone.install(plist)
  try app.launch()
  let manager = try app.makeLocationManager()
  try manager.requestWhenInUseAuthorization()
  try phone.prompt?.tap("Allow While Using App")
  let stream = try app.liveUpdates(.fitness)
  for step in 0..<moves {
    try phone.setLocation(latitude: 31.2 + Double(step) * 0.0001, longitude: 121.4)
  }
  stream.stop()
  return app.callbacks.count { $0.method == .liveUpdate }
}

// MARK: - Main

/// Issue 14's figure: a case with a 1,000-update live stream stays under 1 ms of model time.
func streamFigure() throws {
  var updates = 0
  let stream = try measure(samples: 15, iterations: 20) { updates = try liveStreamCase(moves: 1000) }
  report("live-update stream (\(updates) liveUpdate callbacks) on iOS 17", stream)
  let median = stream[stream.count / 2]
  print("  goal < 1000 µs: \(median < 1000 ? "met" : "missed")")
}

/// Every figure, then the engine's (or, with `--probe`, the engine memory probe).
func allFigures() throws {
  var pending = 0
  var advanceYear: [Double] = []
  for _ in 0..<30 {
    let world = try worldWithPendingTimers()
    pending = world.pendingTimerCount
    advanceYear += try measure(samples: 1, iterations: 1) { try world.clock.advance(by: .days(365)) }
  }
  report("advance 365 days with \(pending) pending timers", advanceYear.sorted())

  var callbacks = 0
  let typical = try measure(samples: 25, iterations: 2000) { callbacks = try typicalCase() }
  report("typical case (\(callbacks) callbacks): world + device + app + manager + request + answer + clock", typical)

  var index = 0
  let realistic = try measure(samples: 25, iterations: 2000) {
    callbacks = try realisticModelCase(index: index)
    index += 1
  }
  report("the realistic bench case's model work, no Lua (\(callbacks) callbacks)", realistic)

  let transcript = try measure(samples: 25, iterations: 2000) {
    let world = World()
    let phone = world.makeDevice()
    let app = try phone.install(plist)
    try app.launch()
    _ = try app.makeLocationManager()
    _ = world.transcript
  }
  report("minimal case with the transcript rendered", transcript)

  try streamFigure()

  if CommandLine.arguments.contains("--probe") { try engineMemoryProbe() } else { try sessionBenchmarks() }
}

do {
  // `--stream`: issue 14's figure alone (Scripts/bench-model --stream).
  // `--profile-case N`: N whole realistic cases on one engine and nothing else, to run under a profiler;
  // `--profile-model N`: N realistic cases' model work alone (realisticModelCase), likewise.
  // `--run-files DIR`: every file of DIR collected and its cases run on one engine, as a worker runs them,
  // with a budget of 5,000 M instructions (Scripts/bench counts it under callgrind, where a smaller
  // budget's watch would trip and run each case again, counted).
  if let flag = CommandLine.arguments.firstIndex(of: "--run-files"), flag + 1 < CommandLine.arguments.count {
    try runFiles(in: CommandLine.arguments[flag + 1])
  } else if let flag = CommandLine.arguments.firstIndex(of: "--profile-case"), let count = Int(CommandLine.arguments[flag + 1]) {
    try sessionBenchmarks(profileLoop: count)
  } else if let flag = CommandLine.arguments.firstIndex(of: "--profile-model"), let count = Int(CommandLine.arguments[flag + 1]) {
    for index in 0..<count { _ = try realisticModelCase(index: index) }
  } else if CommandLine.arguments.contains("--stream") {
    try streamFigure()
  } else {
    try allFigures()
  }
} catch {
  print("permsim-bench: \(error)")
}
