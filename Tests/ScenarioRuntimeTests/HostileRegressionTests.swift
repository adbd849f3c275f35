import Foundation
import LuaBridge
import PermissionModel
import Reporting
import ScenarioRuntime
import Testing

/// What the hostile-input suite (Tests/Fixtures/hostile) broke, checked in process: each test fails without its fix.
@Suite("Hostile input regressions")
struct HostileRegressionTests {
  /// Runs every scenario of `source` in order on one engine, as a runner's worker does; returns the outcomes.
  private func runInOrder(_ source: String, limits: ScenarioEnvironment.Limits = .init()) throws -> [CaseOutcome] {
    let harness = try ScenarioHarness(files: ["s.lua": source], limits: limits)
    defer { harness.remove() }
    return try harness.run("s.lua", ios: "14.0").map(\.outcome)
  }


  /// The seconds `body` took.
  private func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = ContinuousClock.now
    try body()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
  }

  private static let small = ScenarioEnvironment.Limits(instructions: 1_000_000, memory: 32 << 20)

  // MARK: - Leaks between cases

  @Test("the metatables of the globals and of failures are out of a case's reach", arguments: [
    (
      "getmetatable(_G).__index = function() return 'leaked' end",
      "expect(no_such_global).to_be_nil()"
    ),
    (
      "local _, f = pcall(expect(1).to_be, 2); getmetatable(f).leaked = 'yes'",
      "local _, f = pcall(expect(1).to_be, 2); expect(f.leaked).to_be_nil()"
    ),
  ])
  func sharedMetatables(tamper: String, check: String) throws {
    let outcomes = try runInOrder("""
      scenario("tampers", function() pcall(function() \(tamper) end) end)
      scenario("checks", function() \(check) end)
      """)
    #expect(outcomes == [.passed, .passed], "\(outcomes)")
  }

  // MARK: - Locations

  @Test("an error raised as a value, a forged record or require's error points at the scenario's line", arguments: [
    "error({})",
    "error('no position', 0)",
    "error(nil)",
    "error({ permsim = 'failure', message = 'forged' })",
    "require('no.such.module')",
  ])
  func locations(raise: String) throws {
    let result = try ScenarioHarness.scenario("local x = 1\n\(raise)")
    let problem: CaseProblem? =
      switch result.outcome {
      case .failed(let problem), .errored(let problem): problem
      case .passed, .skipped: nil
      }
    #expect(problem?.location == ScriptLocation(path: "s.lua", line: 3), "\(result.outcome)")
  }

  // MARK: - Work that grew faster than its input

  @Test("a message of 200,000 colons is searched for its position in linear time")
  func colonMessage() throws {
    var result: ScenarioHarness.Result?
    let elapsed = try seconds { result = try ScenarioHarness.scenario("error(string.rep(':a', 200000), 0)") }
    #expect(result?.outcome.type == "ScriptError")
    #expect(elapsed < 10, "quadratic: 2·10¹⁰ steps took hours")
  }

  /// The host's copy of an argument stops after 262,144 entries (one per 128 bytes of the 32 MiB limit)
  /// and is charged 8 instructions an entry, past this budget of a million; a failure record is copied
  /// uncharged, and its copy gives up as too large.
  @Test("a table shared along 2⁶⁰ paths is copied within a bound", arguments: [
    ("device { location = t }", "BudgetExceeded"),
    ("error({ permsim = 'failure', message = 'shared', details = t })", "ScriptError"),
  ])
  func sharedTable(use: String, type: String) throws {
    var result: ScenarioHarness.Result?
    let elapsed = try seconds {
      result = try ScenarioHarness.scenario("local t = {}\nfor _ = 1, 60 do t = { t, t } end\n\(use)", limits: Self.small)
    }
    #expect(result?.outcome.type == type, "\(String(describing: result?.outcome))")
    #expect(elapsed < 10)
  }

  @Test("an unknown member name of 4 MiB gets its error without aligning it with every member name")
  func hugeMemberName() throws {
    var result: ScenarioHarness.Result?
    let elapsed = try seconds { result = try ScenarioHarness.scenario("return device {}[string.rep('i', 4 << 20)]") }
    #expect(result?.outcome.headline?.hasPrefix("Device has no member iii") == true)
    #expect(elapsed < 10)
  }

  @Test("of several unknown options, the message names the first in sorted order, whatever the dictionary's order")
  func unknownOptions() throws {
    let keys = (UInt8(ascii: "b")...UInt8(ascii: "z")).map { "\(Character(UnicodeScalar($0))) = 1" }
    let result = try ScenarioHarness.scenario("device { ios = '14.0', \(keys.joined(separator: ", ")), a = 1 }")
    #expect(result.outcome.headline?.hasPrefix("unknown option a to 'device'") == true, "\(result.outcome)")
  }

  // MARK: - Strings entering the model

  @Test("strings entering the model are at most 4 KiB; a longer one is an error naming the argument", arguments: [
    ("device { wifi = string.rep('x', 5000) }", "bad option 'wifi' to 'device' (at most 4096 bytes, got 5000)"),
    ("device { ios = '14.0', locale = string.rep('x', 5000) }", "bad option 'locale' to 'device' (at most 4096 bytes, got 5000)"),
    ("device { ios = string.rep('1', 5000) }", "bad option 'ios' to 'device' (at most 4096 bytes, got 5000)"),
    ("device {}:install { info = { CFBundleName = 'x' }, name = string.rep('n', 4097) }", "bad option 'name' to 'install' (at most 4096 bytes, got 4097)"),
    ("device {}:install { info = { CFBundleName = 'x' }, bundle_id = string.rep('b', 1 << 24) }", "bad option 'bundle_id' to 'install' (at most 4096 bytes, got 16777216)"),
    ("device {}:install { info = { CFBundleName = 'x' }, delegate = { string.rep('d', 5000) } }", "bad option 'delegate' to 'install' (at most 4096 bytes, got 5000)"),
    ("device {}:install { info = { CFBundleName = string.rep('x', 5000) } }", "bad option 'info' to 'install' (at most 4096 bytes, got 5000)"),
    ("device {}:install { info = { [string.rep('K', 5000)] = 1 } }", "bad option 'info' to 'install' (at most 4096 bytes, got 5000)"),
    ("device {}:install { info = { A = { B = { string.rep('x', 5000) } } } }", "bad option 'info' to 'install' (at most 4096 bytes, got 5000)"),
  ])
  func boundedModelStrings(code: String, message: String) throws {
    let result = try ScenarioHarness.scenario(code)
    #expect(result.outcome.headline?.contains(message) == true, "\(result.outcome)")
  }

  @Test("labels and purpose keys are at most 4 KiB")
  func boundedArguments() throws {
    let result = try ScenarioHarness.scenario("""
      local app = device { ios = "14.0" }:install { info = { NSLocationWhenInUseUsageDescription = "x" } }
      app:launch()
      app:location_manager():requestWhenInUseAuthorization()
      expect_prompt():tap(string.rep("Allow ", 1 << 18))
      """)
    #expect(result.outcome.headline?.contains("(at most 4096 bytes, got 1572864)") == true, "\(result.outcome)")
  }

  @Test("a device option of 16 MiB, twenty times, holds no host memory")
  func hugeOptionLoop() throws {
    let result = try ScenarioHarness.scenario("""
      local s = string.rep("x", 16 << 20)
      for _ = 1, 20 do pcall(device, { wifi = s }) end
      """, limits: .init(instructions: 50_000_000, memory: 64 << 20))
    #expect(result.outcome.type == "BudgetExceeded" || result.outcome == .passed, "\(result.outcome)")
  }

  @Test("require refuses a module name longer than 1 KiB at once")
  func longModuleName() throws {
    var elapsed = 0.0
    var result: ScenarioHarness.Result?
    elapsed = try seconds { result = try ScenarioHarness.scenario("require(('a.'):rep(100000) .. 'a')") }
    #expect(result?.outcome.headline?.contains("bad module name of 200001 bytes to 'require' (at most 1024)") == true, "\(String(describing: result?.outcome))")
    #expect(elapsed < 2, "\(elapsed) s")
  }

  // MARK: - C loops the instruction hook does not see

  @Test("library loops that allocate nothing are charged to the instruction budget", arguments: [
    "table.move({}, 1, math.maxinteger - 1, 2)",
    "table.insert(setmetatable({}, { __len = function() return 1 << 62 end }), 1, 'x')",
    "table.remove(setmetatable({}, { __len = function() return 1 << 62 end }), 1)",
    "local heap = {} for i = 1, 100000 do heap[i] = { i } end while true do collectgarbage() end",
  ])
  func chargedLoops(code: String) throws {
    let result = try ScenarioHarness.scenario(code, limits: Self.small)
    #expect(result.outcome.type == "BudgetExceeded", "\(result.outcome)")
  }

  @Test("string.rep of nothing is empty at once; table.insert and table.remove still behave as Lua's")
  func replacedLibraryFunctions() throws {
    let result = try ScenarioHarness.scenario(
      """
      expect(string.rep("", math.maxinteger)).to_be("")
      expect(("").rep("", math.maxinteger, "")).to_be("")
      expect(("ab"):rep(3, "-")).to_be("ab-ab-ab")
      local t = { 1, 2, 3 }
      table.insert(t, 4)
      table.insert(t, 1, 0)
      expect(t).to_equal { 0, 1, 2, 3, 4 }
      expect(table.remove(t, 1)).to_be(0)
      expect(table.remove(t)).to_be(4)
      expect(table.remove({})).to_be_nil()
      expect(t).to_equal { 1, 2, 3 }
      expect(select(2, pcall(table.insert, t, 9, 1))).to_match("position out of bounds")
      expect(select(2, pcall(table.insert, t, 1, 2, 3))).to_match("wrong number of arguments to 'insert'")
      expect(select(2, pcall(table.remove, "t"))).to_match("table expected, got string")
      local calls = 0
      local proxy = setmetatable({}, { __len = function() calls = calls + 1 return 0 end, __index = rawget, __newindex = rawset })
      table.insert(proxy, "x")
      expect(calls).to_be(1)
      expect(rawget(proxy, 1)).to_be("x")
      expect(table.move({ 1, 2, 3 }, 1, 3, 2)).to_equal { 1, 1, 2, 3 }
      """, limits: Self.small)
    #expect(result.outcome == .passed, "\(result.outcome)")
  }

  // MARK: - Memory the host holds

  @Test("the transcript is bounded: a line is cut, and a case that fills it stops with an error")
  func boundedTranscript() throws {
    let long = try ScenarioHarness.scenario("print(string.rep('x', 1 << 20))")
    #expect(long.outcome == .passed)
    #expect(long.transcript.count == 1)
    #expect(long.transcript.first.map { $0.utf8.count < World.TranscriptLimit.lineBytes + 64 } == true)

    let looping = try ScenarioHarness.scenario("local s = string.rep('x', 1 << 20)\nwhile true do print(s) end")
    #expect(looping.outcome.headline?.contains("its transcript is full") == true, "\(looping.outcome)")
    #expect(looping.transcript.reduce(0) { $0 + $1.utf8.count } <= World.TranscriptLimit.totalBytes)
    #expect(looping.transcript.last?.contains("the transcript is full") == true)
  }

  // MARK: - Reports

  @Test("a failure body holds a bounded excerpt of an 8 MiB headline")
  func boundedHeadline() throws {
    let store = InMemoryJUnitStore()
    var reporter = JUnitXMLReporter(store: store)
    let info = CaseInfo(suitePath: "s.lua", name: "huge", line: 1)
    let problem = CaseProblem(kind: .scriptError, headline: String(repeating: "m", count: 8 << 20))
    let at = RunEvent.Instant(nanosecondsSinceEpoch: 0)
    for event: RunEvent.Kind in [
      .runStarted(RunInfo(version: "0.1.0")), .suiteStarted(SuiteInfo(path: "s.lua")), .caseStarted(info),
      .caseEnded(CaseResult(info: info, outcome: .errored(problem))), .suiteEnded(SuiteInfo(path: "s.lua")),
      .runEnded(RunEnd()),
    ] {
      reporter.record(RunEvent(event, at: at))
    }
    let document = try #require(store.document)
    #expect(document.count < 256 << 10, "\(document.count) bytes")
  }

  // MARK: - The clock

  @Test("advancing the clock by infinity or NaN is refused with what is wrong with it", arguments: [
    ("math.huge", "longer than 200 years"),
    ("0 / 0", "is not a number"),
    ("-math.huge", "is negative"),
  ])
  func clockLimits(duration: String, message: String) throws {
    let result = try ScenarioHarness.scenario("clock:advance(\(duration))")
    #expect(result.outcome.headline?.contains(message) == true, "\(result.outcome)")
  }
}
