import Coverage
import Foundation
import PermissionModel
import PermsimTestSupport
import Reporting
import ScenarioRuntime
import Testing

/// Coverage of a tiny suite, counted by hand against the diagrams `explain` draws for iOS 12 and 14.
@Suite("Coverage")
struct CoverageReportTests {
  static let keys = """
    NSLocationWhenInUseUsageDescription = "Finds stores near you.",
    NSLocationAlwaysAndWhenInUseUsageDescription = "Tracks your trips.",
    NSLocationAlwaysUsageDescription = "Tracks your trips.",
    CFBundleDisplayName = "Transit",
    """

  /// Two cases per version. iOS 12: When-In-Use allowed then Always allowed (R2, R5); Never chosen in
  /// Settings from ND (E6). iOS 14: Allow Once, then the app ends (R6, E1); While Using chosen in Settings from ND (E6).
  static let suite = """
    local function open(ios)
      local phone = device { ios = ios }
      local app = phone:install { info = { \(keys) } }
      app:launch()
      return phone, app, app:location_manager()
    end
    scenario("asks twice", { ios = "12.0" }, function()
      local phone, app, manager = open("12.0")
      manager:requestWhenInUseAuthorization()
      expect_prompt():tap "Allow"
      manager:requestAlwaysAuthorization()
      expect_prompt():tap "Always Allow"
    end)
    scenario("never", { ios = "12.0" }, function()
      local phone, app = open("12.0")
      phone.settings:set(app, "Never")
    end)
    scenario("allow once", { ios = "14.0" }, function()
      local phone, app, manager = open("14.0")
      manager:requestWhenInUseAuthorization()
      expect_prompt():tap "Allow Once"
      app:terminate()
    end)
    scenario("while using", { ios = "14.0" }, function()
      local phone, app = open("14.0")
      phone.settings:set(app, "While Using the App")
    end)
    """

  /// Runs every case of `source` in one engine and returns each case's result, as the runner reports it.
  static func results(_ source: String, named file: String = "suite.lua") throws -> [CaseResult] {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("permsim-coverage-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    try source.write(to: root.appendingPathComponent(file), atomically: true, encoding: .utf8)
    let environment = try ScenarioEnvironment(root: root.path)
    let engine = try ScenarioEngine(environment: environment)
    let scenarioFile = try ScenarioFile(path: file, environment: environment)
    guard case .registered(let declared) = engine.collect(scenarioFile) else {
      Issue.record("\(file) registered nothing")
      return []
    }
    return declared.map { scenario in
      let run = engine.run(scenario.identity, named: scenario.name, of: scenarioFile, iosVersion: .init(OSVersion(14)))
      return CaseResult(
        info: CaseInfo(suitePath: file, name: scenario.name), outcome: run.outcome, pathsTaken: run.pathsTaken)
    }
  }

  /// The report a run of these results makes, with what the console and the floors' lines said.
  static func report(
    _ results: [CaseResult], against baseline: CoverageBaseline = .everyKey, minimums: [CoverageMinimum] = []
  ) -> (json: String, console: String, shortfalls: String, verdict: CoverageVerdict) {
    let written = Written()
    let verdict = CoverageVerdict()
    var reporter = CoverageReporter(
      against: baseline,
      destinations: .init(
        console: { written.append(\.console, $0) }, json: { written.append(\.json, $0) },
        shortfalls: { written.append(\.shortfalls, $0) }),
      minimums: minimums, verdict: verdict)
    for result in results { reporter.record(RunEvent(.caseEnded(result), at: .init(nanosecondsSinceEpoch: 0))) }
    reporter.record(RunEvent(.runEnded(RunEnd(interrupted: false)), at: .init(nanosecondsSinceEpoch: 0)))
    return (written.json, written.console, written.shortfalls, verdict)
  }

  @Test("a tiny suite covers what was counted by hand, per version (iOS 12: 3/12 transitions, iOS 14: 3/18)")
  func handCounted() throws {
    let results = try Self.results(Self.suite)
    #expect(results.map(\.outcome) == [.passed, .passed, .passed, .passed], "\(results.map(\.outcome))")
    let (json, console, _, verdict) = Self.report(results)
    #expect(!verdict.failsRun)
    let lines = console.split(separator: "\n").map(String.init)
    // iOS 12: P3 Allow (R2), P6 Always Allow from WIU (R5), Settings Never (E6) of 12 transitions; P3, P6;
    // 2 of 5 buttons; ND → Never of 9 Settings choices (3 options from ND, 2 from each of WIU, AA, DEN).
    #expect(lines.contains { $0.hasPrefix("iOS 12.0: 3/12 transitions, 2/2 alerts, 2/5 buttons, ") && $0.hasSuffix(", 1/9 Settings choices") }, "\(console)")
    // iOS 14: P7 Allow Once (R6), WIUt → ND (E1), Settings While Using (E6) of 18; P7 of P7, P8, P11;
    // 1 of 7 buttons; ND → While Using of 18 (3 other options from each of ND, WIU, WIUt, AA, AAp, DEN).
    #expect(lines.contains { $0.hasPrefix("iOS 14.0: 3/18 transitions, 1/3 alerts, 1/7 buttons, ") && $0.hasSuffix(", 1/18 Settings choices") }, "\(console)")
    #expect(lines.contains("  ND → requestAlwaysAuthorization → P7 “Allow Once” → WIUt (R9) — no case"), "\(console)")
    #expect(!lines.contains { $0.contains("P7 “Allow Once” → WIUt (R6)") }, "covered, so not listed: \(console)")
    // Which case covered what, in the JSON.
    let report = try CoverageReport.decode(Data(json.utf8), from: "coverage.json")
    let ios14 = try #require(report.versions.last)
    #expect(ios14.ios == "14.0")
    let expiry = try #require(ios14.transitions.first { $0.key.rule == .E1 && $0.key.to == .notDetermined })
    #expect(expiry.cases == ["suite.lua › allow once"])
    // The rules the transcript cites count too (R6, E1, E6 among them).
    let cited = Set(ios14.rules.filter(\.isCovered).map(\.key.rule))
    #expect(cited.isSuperset(of: [.R6, .E1, .E6]), "\(cited)")
    #expect(ios14.systemEvents.contains(.E1) && ios14.systemEvents.contains(.E6))
  }

  @Test("an Info.plist without the Always keys removes the states it cannot reach, and its K2 no-op is an edge of its own")
  func plistRemovesStates() throws {
    let baseline = CoverageBaseline(
      keys: [.whenInUse], kind: .app, app: "Examples/apps/WeatherLite/Info.plist")
    let source = """
      scenario("always without its key", { ios = "14.0" }, function()
        local phone = device { ios = "14.0" }
        local app = phone:install { info = { NSLocationWhenInUseUsageDescription = "Weather here.", CFBundleDisplayName = "W" } }
        app:launch()
        app:location_manager():requestAlwaysAuthorization()
      end)
      """
    let (json, console, _, _) = Self.report(try Self.results(source), against: baseline)
    let report = try CoverageReport.decode(Data(json.utf8), from: "coverage.json")
    let ios14 = try #require(report.versions.first)
    let states = Set(ios14.transitions.filter(\.inGraph).flatMap { [$0.key.from, $0.key.to].compactMap { $0 } })
    // No Always key: AA and AAp drop out (R9 is K2's no-op, R12 never prompts); the diagram for every key has them.
    #expect(!states.contains(.always) && !states.contains(.provisionalAlways), "\(states)")
    #expect(report.app == "Examples/apps/WeatherLite/Info.plist")
    #expect(console.hasPrefix("Permission coverage (against the app of Examples/apps/WeatherLite/Info.plist):"))
    // K2: ND → requestAlwaysAuthorization → ND is an edge of the app's diagram, and the case took it.
    let noOp = try #require(ios14.transitions.first { $0.key.rule == .K2 })
    #expect(noOp.inGraph && noOp.cases == ["suite.lua › always without its key"], "\(noOp)")
    #expect(noOp.key.description == "ND → requestAlwaysAuthorization (no alert, nothing changes) → ND (K2)")
    let full = try #require(Self.report(try Self.results(source)).json.data(using: .utf8))
    let everyKey = try CoverageReport.decode(full, from: "full.json").versions[0]
    #expect(everyKey.count(.transitions).total > ios14.count(.transitions).total)
  }

  @Test("merging two shards' files gives the file of the unsharded run, in either order")
  func mergeEqualsUnsharded() throws {
    let results = try Self.results(Self.suite)
    let whole = Self.report(results).json
    let first = try CoverageReport.decode(Data(Self.report([results[0], results[2]]).json.utf8), from: "a.json")
    let second = try CoverageReport.decode(Data(Self.report([results[1], results[3]]).json.utf8), from: "b.json")
    #expect(try CoverageReport.merged([("a.json", first), ("b.json", second)]).json == whole)
    #expect(try CoverageReport.merged([("b.json", second), ("a.json", first)]).json == whole)
    // A shard that ran only iOS 12 merges with one that ran only iOS 14.
    let onlyTwelve = try CoverageReport.decode(Data(Self.report(Array(results[0...1])).json.utf8), from: "c.json")
    let onlyFourteen = try CoverageReport.decode(Data(Self.report(Array(results[2...3])).json.utf8), from: "d.json")
    #expect(try CoverageReport.merged([("d.json", onlyFourteen), ("c.json", onlyTwelve)]).json == whole)
  }

  @Test("merging files measured against different apps is refused, naming both")
  func mergeRefusesOtherApps() throws {
    let results = try Self.results(Self.suite)
    let everyKey = try CoverageReport.decode(Data(Self.report(results).json.utf8), from: "a.json")
    let app = CoverageBaseline(keys: [.whenInUse], kind: .app, app: "Info.plist")
    let other = try CoverageReport.decode(Data(Self.report(results, against: app).json.utf8), from: "b.json")
    #expect(throws: CoverageError(
      "b.json was measured against Info.plist, a.json against an app with every key: run every shard with the same --coverage-app"
    )) { try CoverageReport.merged([("a.json", everyKey), ("b.json", other)]) }
  }

  @Test("a version below --coverage-min fails the run with a line saying by how much")
  func gate() throws {
    let results = try Self.results(Self.suite)
    let minimums = try CoverageMinimum.parse("transitions=20")
    let (_, _, shortfalls, verdict) = Self.report(results, minimums: minimums)
    // iOS 12: 3/12 = 25% passes; iOS 14: 3/18 = 16.7% falls 3.3 points short.
    #expect(verdict.failsRun)
    #expect(
      shortfalls
        == "permsim: iOS 14.0 covers 16.7% of transitions (3/18), 3.3 points short of --coverage-min transitions=20\n")
    #expect(!Self.report(results, minimums: try CoverageMinimum.parse("transitions=16,buttons=10")).verdict.failsRun)
    #expect(throws: CoverageError("--coverage-min paths=80: “paths=80” is not KIND=PERCENT (KIND one of transitions, alerts, buttons, rules, settings)")) {
      try CoverageMinimum.parse("paths=80")
    }
  }

  @Test("the JSON file is valid against docs/permsim-coverage.schema.json", .enabled(if: PythonParsers.hasJSONSchema, "needs python3 with jsonschema"))
  func schema() throws {
    let json = Self.report(try Self.results(Self.suite)).json
    let schema = PermsimProcess.packageRoot.appendingPathComponent("docs/permsim-coverage.schema.json")
    let result = try PythonParsers.jsonDocument(json, schema: schema)
    #expect(result.status == 0, "\(result.output)")
  }
}

/// What a reporter wrote, by destination.
final class Written: @unchecked Sendable {
  private let lock = NSLock()
  private var _texts = Texts()

  struct Texts {
    var console = ""
    var json = ""
    var shortfalls = ""
  }

  func append(_ destination: WritableKeyPath<Texts, String>, _ text: String) {
    lock.withLock { _texts[keyPath: destination] += text }
  }

  var console: String { lock.withLock { _texts.console } }
  var json: String { lock.withLock { _texts.json } }
  var shortfalls: String { lock.withLock { _texts.shortfalls } }
}
