import Foundation
import LuaBridge
import PermissionModel
import PlistLoader
import Reporting
import ScenarioRuntime

/// The three fuzzing harnesses: each takes arbitrary bytes and must end without a trap, whatever they hold.
///
/// A harness passes when permsim contains the input: a scenario ends as a pass, failure, error or skip;
/// a plist or strings file parses or is refused with a ``PlistLoadError``. Anything else — a trap, a
/// sanitizer report, a hang past the instruction budget — is a finding. `Scripts/fuzz` drives them
/// under libFuzzer; `FuzzCorpusTests` replays the seed corpus and every regression through them.
public enum FuzzHarness {
  /// The harnesses, by the name `Scripts/fuzz` and the corpus folders use.
  public enum Target: String, CaseIterable, Sendable {
    case scenario
    case plist
    case strings
  }

  /// Runs `bytes` through `target`'s harness.
  public static func run(_ target: Target, _ bytes: [UInt8]) {
    switch target {
    case .scenario: scenario(bytes)
    case .plist: plist(Data(bytes))
    case .strings: strings(Data(bytes))
    }
  }

  // MARK: - Scenario source

  /// Small budgets, so a runaway input ends quickly as the budget error a user would get.
  static let limits = ScenarioEnvironment.Limits(instructions: 50_000, memory: 8 << 20)
  /// At most this many of a file's cases run, so one input stays one short execution.
  static let maximumCases = 2

  /// One engine for every input, as a runner's worker keeps one for every case it runs; one input at a time.
  nonisolated(unsafe) private static var engine: ScenarioEngine? = makeEngine()
  private static let engineLock = NSLock()
  nonisolated(unsafe) private static var inputNumber = 0

  private static func makeEngine() -> ScenarioEngine? {
    let root = FileManager.default.temporaryDirectory.path
    guard let environment = try? ScenarioEnvironment(root: root, limits: limits, seed: 1) else { return nil }
    return try? ScenarioEngine(environment: environment)
  }

  /// Loads `source` as a scenario file, collects its scenarios and runs the first few, each in a fresh session.
  static func scenario(_ source: [UInt8]) {
    engineLock.lock()
    defer { engineLock.unlock() }
    guard let engine else { preconditionFailure("the fuzzing engine could not be prepared") }
    // The engine keeps the compiled chunks of the last few paths: every input needs a path of its own.
    inputNumber += 1
    let name = "fuzz-\(inputNumber).lua"
    let file = ScenarioFile(path: name, absolutePath: "/fuzz/" + name, bytes: source)
    // As a run does for most files: the collection keeps its top level for the cases that follow; every
    // other input collects without, as the rest of a run does.
    guard case .registered(let scenarios) = engine.collect(file, keepingTopLevel: inputNumber % 2 == 0) else { return }
    for scenario in scenarios.filter({ $0.skipReason == nil }).prefix(maximumCases) {
      let run = engine.run(scenario.identity, named: scenario.name, of: file, iosVersion: RequestedVersion(OSVersion(14)))
      _ = (run.outcome, run.transcript.count)
    }
  }

  // MARK: - Info.plist bytes

  /// Parses `data` as an Info.plist and, when it parses, installs it on a device of each version layer and asks.
  static func plist(_ data: Data) {
    guard let document = try? InfoPlistDocument(data: data, path: "Info.plist") else { return }
    _ = document.diagnostics
    for version in [OSVersion(8), OSVersion(13), OSVersion(14)] {
      let resolved = document.resolve(locale: "zh-Hans-CN")
      exercise(resolved.infoPlist, on: version)
    }
  }

  /// Installs `plist` on a fresh device, launches it and makes both requests, answering what appears.
  private static func exercise(_ plist: InfoPlist, on version: OSVersion) {
    do {
      let world = World()
      let phone = world.makeDevice(DeviceOptions(ios: version))
      let app = try phone.install(plist)
      try app.launch()
      let manager = try app.makeLocationManager()
      try manager.requestWhenInUseAuthorization()
      if let alert = phone.prompt, let label = alert.buttons.first { try alert.tap(label) }
      try manager.requestAlwaysAuthorization()
      try world.clock.advance(by: "1h")
      _ = world.transcript
    } catch {
      // A model refusal (an App Clip asking for Always, a bad bundle id) is a contained outcome.
    }
  }

  // MARK: - InfoPlist.strings bytes

  /// Parses `data` as an `InfoPlist.strings` file and, when it parses, localizes an Info.plist with it.
  static func strings(_ data: Data) {
    _ = StringsFile.encoding(of: data)
    guard let entries = try? StringsFile.parse(data, path: "zh-Hans.lproj/InfoPlist.strings") else { return }
    let table = StringsTable(locale: "zh-Hans", origin: .stringsFile(path: "zh-Hans.lproj/InfoPlist.strings"), entries: entries)
    let document = InfoPlistDocument(
      values: [
        "CFBundleDisplayName": .string("Fuzz"),
        "NSLocationWhenInUseUsageDescription": .string("In use."),
        "NSLocationTemporaryUsageDescriptionDictionary": .dictionary(["WantsToGetWiFiSSID": .string("SSID.")]),
      ],
      strings: LocalizedStrings([table]))
    exercise(document.resolve(locale: "zh-Hans-CN").infoPlist, on: OSVersion(14))
  }
}
