import Foundation
import PermissionModel
import Reporting
@testable import ScenarioRuntime
import Testing

/// The cases of a file share one run of its top level only while each leaves it as it found it.
///
/// Every test here runs a file's cases in order on one engine (as a worker does), where one case
/// changes what the top level left and a later one checks it sees a fresh top level. Each also checks
/// how many top-level runs the engine made, so a test fails both when a change leaks into the next
/// case and when sharing silently stops.
@Suite("Shared top level")
struct SharedTopLevelTests {
  /// Runs every scenario of `s.lua` (with `extra` files beside it) in order on one engine.
  private func run(_ source: String, files extra: [String: String] = [:]) throws -> (outcomes: [CaseOutcome], topLevelRuns: Int, transcripts: [[String]]) {
    // Counted: a watched case slowed by load would run its top level a second time (WatchedBudgetTests).
    let (results, runs) = try ScenarioHarness.file(source, files: extra, countsBudget: true)
    return (results.map(\.outcome), runs, results.map(\.transcript))
  }

  @Test("cases that change nothing share one run of the top level")
  func sharing() throws {
    let result = try run("""
      local function open() return device { ios = "14.0" } end
      local LABEL = "Allow While Using App"
      describe("flows", function()
        for i = 1, 5 do
          scenario("case " .. i, function() expect(open().ios).to_be("14.0"); expect(LABEL).to_be("Allow While Using App") end)
        end
      end)
      scenario("empty", function() end)
      """)
    #expect(result.outcomes == Array(repeating: .passed, count: 6), "\(result.outcomes)")
    #expect(result.topLevelRuns == 1)
  }

  @Test("a before_each that sets the describe's locals: they are put back, and sharing goes on")
  func beforeEachLocals() throws {
    let result = try run("""
      describe("phone", function()
        local phone, count, flag = nil, 0, false
        before_each(function()
          expect(phone).to_be_nil(); expect(count).to_be(0); expect(flag).to_be(false)
          phone = device {}; count = count + 1; flag = true
        end)
        scenario("one", function() expect(count).to_be(1) end)
        scenario("two", function() expect(count).to_be(1) end)
        scenario("three", function() count = 2.5 end)
        scenario("four", function() expect(count).to_be(1) end)
      end)
      """)
    #expect(result.outcomes == Array(repeating: .passed, count: 4), "\(result.outcomes)")
    #expect(result.topLevelRuns == 1)
  }

  @Test("a change the snapshot cannot put back: the next case gets a top level of its own", arguments: [
    // A top-level table's field, an upvalue that held a table, a global, a library copy, a metatable.
    ("local config = { n = 0 }", "config.n = config.n + 1", "expect(config.n).to_be(0)"),
    ("local list = { 1, 2 }", "list = { 9 }", "expect(list[1]).to_be(1)"),
    ("shared_global = 1", "shared_global = 2", "expect(shared_global).to_be(1)"),
    ("", "string.shout = string.upper", "expect(string.shout).to_be_nil()"),
    // A library function swapped for another C function, a Lua function or a string; a global string swapped.
    ("", "string.upper = string.lower", "expect(string.upper('a')).to_be('A')"),
    ("", "string.upper = function(s) return s end", "expect(string.upper('a')).to_be('A')"),
    ("", "table.concat = 'gone'", "expect(type(table.concat)).to_be('function')"),
    ("shared_name = 'a'", "shared_name = 'b'", "expect(shared_name).to_be('a')"),
    ("local t = {}", "setmetatable(t, { __index = function() return 1 end })", "expect(t.anything).to_be_nil()"),
    ("local name = 'a'", "name = name .. 'b'", "expect(name).to_be('a')"),
    // Keys that come and go again leave a table as it was: shared; an entry changed and put back, too.
    ("local h = { f = function() return 1 end }", "h.f = function() return 2 end; collectgarbage()", "collectgarbage(); expect(h.f()).to_be(1)"),
  ])
  func changes(top: String, change: String, check: String) throws {
    let result = try run("""
      \(top)
      scenario("changes", function() \(change) end)
      scenario("checks", function() \(check) end)
      scenario("checks again", function() \(check) end)
      """)
    #expect(result.outcomes == [.passed, .passed, .passed], "\(result.outcomes)")
    #expect(result.topLevelRuns == 2, "a run for the changing case, one shared by the two checks")
  }

  @Test("a case that frees a string of the top level and makes another of its size at its address has changed it", arguments: [
    "local t = { k = ('x'):rep(50) }",  // a long string, referenced once
    "local t = { k = 'x' .. ('x'):rep(9) }",  // a short one, interned, not a constant of the chunk
  ])
  func freedStringAddress(top: String) throws {
    // Without the snapshot keeping the recorded string alive, the allocator hands its address to one of
    // the new strings, which the check, comparing addresses, took for the recorded one (issue 11).
    let result = try run("""
      \(top)
      local original = t.k
      original = nil
      scenario("reuses the address", function()
        local size, address = #t.k, string.format("%p", t.k)
        t.k = nil
        collectgarbage(); collectgarbage()
        local pool = {}
        for i = 1, 2000 do
          local s = ("y"):rep(size - 4) .. string.format("%04d", i)  -- distinct: a short one is interned
          if string.format("%p", s) == address then t.k = s; return end
          pool[i] = s
        end
        t.k = "changed"
      end)
      scenario("sees the top level's string", function() expect(t.k:sub(1, 1)).to_be("x") end)
      """)
    #expect(result.outcomes == [.passed, .passed], "\(result.outcomes)")
    #expect(result.topLevelRuns == 2)
  }

  @Test("next(t, k) in a case depends on t alone, not on the traversals of the top level or of the case before", arguments: [
    // The case before only read t; this one adds a key that next must find.
    ("", "expect((next(t, 'a'))).to_be('b')", "t.aa = 0; expect((next(t, 'a'))).to_be('aa')", 1),
    // The case before removed a key and put it back; t is as the top level left it.
    ("", "t.b = nil; next(t, 'a'); t.b = 2", "expect((next(t, 'a'))).to_be('b')", 1),
    // The top level itself walked t; the first case runs in the same session as that walk. (Its aa,
    // added and removed, leaves a slot naming aa where a fresh run has none: the second case gets a
    // top level of its own.)
    ("next(t, 'a')", "t.aa = 0; expect((next(t, 'a'))).to_be('aa'); t.aa = nil", "t.aa = 0; expect((next(t, 'a'))).to_be('aa')", 2),
  ])
  func traversalsDoNotCarryOver(top: String, first: String, second: String, runs: Int) throws {
    // Ten keys: more than the sandbox's next scans at each step, so it keeps a snapshot of t's keys (clua_order.c).
    let result = try run("""
      local t = { a = 1, b = 2, c = 3, d = 4, e = 5, f = 6, g = 7, h = 8, i = 9, j = 10 }
      \(top)
      scenario("first", function() \(first) end)
      scenario("second", function() \(second) end)
      """)
    #expect(result.outcomes == [.passed, .passed], "\(result.outcomes)")
    #expect(result.topLevelRuns == runs, "the second case shares the first one's top level when t is as it was")
  }

  @Test("a key the top level removed is dead before the first case runs: a case that collects the garbage changes nothing a later case sees")
  func removedKeysAreDead() throws {
    // Putting k back into a dead key's slot fills the hash part, and the rehash moves 1 into an array
    // part of one slot: #t is 1. Were k alive there (no collection since the top level), it would be 8,
    // until a case collected the garbage (a hostile review's finding).
    let top = "local k = {}\nlocal t = { 1, nil, nil, nil, nil, nil, nil, 8, [false] = true, [k] = true }\nt[k] = nil\n"
    let probe = #"scenario("puts k back", function() t[k] = "v"; expect(#t).to_be(1) end)"#
    let alone = try run(top + probe)
    let after = try run(top + #"scenario("collects", function() collectgarbage() end)"# + "\n" + probe)
    #expect(alone.outcomes == [.passed], "\(alone.outcomes)")
    #expect(after.outcomes == [.passed, .passed], "\(after.outcomes)")
    #expect(after.topLevelRuns == 1)
  }

  @Test("values put back leave nothing to tell: the cases go on sharing")
  func restoredContents() throws {
    let result = try run("""
      local seen = { a = 1, list = { 1, 2, 3 } }
      scenario("sets and resets", function() seen.a = 2; seen.a = 1 end)
      scenario("removes and puts back", function() seen.a = nil; seen.list[3] = nil; seen.a = 1; seen.list[3] = 3 end)
      scenario("counts", function() expect(#seen.list).to_be(3) end)
      scenario("checks", function() local keys = {}; for k in pairs(seen) do keys[#keys + 1] = k end; expect(keys).to_equal({ "a", "list" }) end)
      """)
    #expect(result.outcomes == [.passed, .passed, .passed, .passed], "\(result.outcomes)")
    #expect(result.topLevelRuns == 1)
  }

  @Test("a table a case grew and emptied has its old keys but not its old layout: the next case gets a fresh one", arguments: [
    // The array part: t[2] alone lands in the hash part of a fresh table (border 0), in the grown array
    // part of a table that held four (border 2). Lua leaves either border open; a fresh run picks 0.
    ("local t = {}", "for i = 1, 4 do t[i] = i end; for i = 4, 1, -1 do t[i] = nil end", "t[2] = 2; expect(#t).to_be(0)"),
    // A removed key's slot, taken over by another key: t[100] = "v" no longer finds it, the hash part
    // is full, and the rehash moves 1 into an array part of one slot (a hostile review's finding).
    ("local t = { 1, nil, nil, nil, nil, nil, nil, 8, [false] = true, [100] = true }; t[100] = nil",
     "t[true] = 1; t[true] = nil", "t[100] = 'v'; expect(#t).to_be(8)"),
    // The hash part: 64 keys added and removed leave a hash part of 64 slots behind.
    ("local t = { a = 1 }", "for i = 1, 64 do t['k' .. i] = i end; for i = 1, 64 do t['k' .. i] = nil end",
     "local keys = {}; for k in pairs(t) do keys[#keys + 1] = k end; expect(keys).to_equal({ 'a' })"),
  ])
  func grownTables(top: String, first: String, second: String) throws {
    let result = try run("""
      \(top)
      scenario("grows and empties", function() \(first) end)
      scenario("sees a fresh table", function() \(second) end)
      """)
    #expect(result.outcomes == [.passed, .passed], "\(result.outcomes)")
    #expect(result.topLevelRuns == 2, "the second case ran on a top level of its own")
  }

  @Test("state a snapshot cannot compare (a coroutine, a function loaded under another name) is never shared", arguments: [
    "local next_number = coroutine.wrap(function() local i = 0; while true do i = i + 1; coroutine.yield(i) end end)",
    "local next_number = load('local n = 0; return function() n = n + 1; return n end', '=[permsim prelude]')()",
  ])
  func unsharable(top: String) throws {
    let result = try run("""
      \(top)
      scenario("one", function() expect(next_number()).to_be(1) end)
      scenario("two", function() expect(next_number()).to_be(1) end)
      scenario("three", function() expect(next_number()).to_be(1) end)
      """)
    #expect(result.outcomes == [.passed, .passed, .passed], "\(result.outcomes)")
  }

  @Test("a module's state: required at the top level or first in a case, every case sees it fresh")
  func modules() throws {
    let result = try run("""
      local counter = require "counter"
      scenario("one", function() counter.n = counter.n + 1; expect(counter.n).to_be(1) end)
      scenario("two", function() expect(counter.n).to_be(0); expect(require("late").n).to_be(0); require("late").n = 5 end)
      scenario("three", function() expect(require("late").n).to_be(0) end)
      """, files: ["counter.lua": "return { n = 0 }", "late.lua": "return { n = 0 }"])
    #expect(result.outcomes == [.passed, .passed, .passed], "\(result.outcomes)")
    #expect(result.topLevelRuns == 3)
  }

  @Test("a top level that prints: every case's transcript shows the line")
  func topLevelPrint() throws {
    let result = try run("""
      print("loading the matrix")
      scenario("one", function() end)
      scenario("two", function() end)
      """)
    #expect(result.outcomes == [.passed, .passed])
    #expect(result.transcripts.allSatisfy { $0.contains { $0.hasSuffix("print: loading the matrix") } }, "\(result.transcripts)")
    #expect(result.topLevelRuns == 2)
  }

  @Test("a case that fails or errors after changing nothing still lets the next case share")
  func failingCases() throws {
    let result = try run("""
      local LIMIT = 3
      scenario("fails", function() expect(LIMIT).to_be(4) end)
      scenario("errors", function() error("boom") end)
      scenario("passes", function() expect(LIMIT).to_be(3) end)
      """)
    #expect(result.outcomes.map { $0.headline != nil } == [true, true, false], "\(result.outcomes)")
    #expect(result.topLevelRuns == 1)
  }

  @Test("top levels kept for other files' next cases take no memory from a case: it gets the verdict a fresh engine gives")
  func keptTopLevelsAndMemory() throws {
    try Self.onMemoryEngine { harness, engine in
      for path in ["f1.lua", "f2.lua", "f3.lua", "z.lua"] {
        let run = try Self.runFirst(of: path, collecting: [path], on: engine, in: harness)
        #expect(run?.outcome == .passed, "\(path): \(String(describing: run?.outcome))")
      }
      #expect(try harness.run("z.lua").map(\.outcome) == [.passed], "alone on a fresh engine")
    }
  }

  @Test("a case that runs past the memory limit on a shared top level runs again on a fresh one: a table an earlier case grew and emptied takes nothing from it")
  func grownTopLevelAndMemory() throws {
    let (limits, strings, _) = try Self.memoryLimits()
    let (results, runs) = try ScenarioHarness.file(
      """
      local cache = {}
      scenario("grows and empties a top-level table", function()
        for i = 1, 1 << 18 do cache[i] = i end -- 4 MiB of slots, still there when it is empty again
        for i = 1, 1 << 18 do cache[i] = nil end
      end)
      scenario("fills memory", function()
        local t = {}
        for i = 1, \(strings) do t[i] = string.rep("x", 1000) .. i end
      end)
      """, limits: limits, countsBudget: true)
    #expect(results.map(\.outcome) == [.passed, .passed], "\(results.map(\.outcome))")
    #expect(runs == 2, "the second case ran on the shared top level, then on a fresh one")
  }

  /// A case that takes all but 2 MiB of what is free in one step (string.rep holds its buffer and the
  /// string at once, before any collection could shrink the string table), written by `body` from the
  /// size, after a case that grew Lua's string table: how each case ended.
  private static func afterManyStrings(_ body: (Int) -> String) throws -> [CaseOutcome] {
    let (limits, _, free) = try Self.memoryLimits(mebibytes: 128)
    let (results, _) = try ScenarioHarness.file(
      """
      scenario("makes many strings", function()
        local kept = {}
        for i = 1, 1200000 do kept[i] = "k" .. i end -- 16 MiB of string table while they live
      end)
      \(body((free - (2 << 20)) / 2))
      """, limits: limits, countsBudget: true)
    return results.map(\.outcome)
  }

  @Test("a case that runs past the memory limit after one that made many strings runs again on a new engine: Lua's string table, grown, gives its memory back by halves")
  func grownStringTableAndMemory() throws {
    let outcomes = try Self.afterManyStrings { size in
      "scenario(\"takes most of its memory at once\", function() expect(#string.rep(\"x\", \(size))).to_be(\(size)) end)"
    }
    #expect(outcomes == [.passed, .passed], "\(outcomes)")
  }

  @Test("a case that catches its own memory error with pcall still runs again on a new engine when the limit was hit after another case: its verdict is the one it gets alone (issue 44)")
  func caughtMemoryErrorReruns() throws {
    let outcomes = try Self.afterManyStrings { size in
      "scenario(\"catches running out\", function() expect((pcall(string.rep, \"x\", \(size)))).to_be(true) end)"
    }
    #expect(outcomes == [.passed, .passed], "\(outcomes)")
  }

  @Test("collecting a file keeps nothing of its top level: a case of a file collected before it gets all its memory")
  func collectionKeepsNothing() throws {
    try Self.onMemoryEngine { harness, engine in
      // As a worker does: every file collected, then the cases; the last file collected holds 3 MiB.
      let run = try Self.runFirst(of: "z.lua", collecting: ["z.lua", "f1.lua", "f2.lua", "f3.lua", "blob.lua"], on: engine, in: harness)
      #expect(run?.outcome == .passed, "\(String(describing: run?.outcome))")
    }
  }

  @Test("a collection that keeps its top level runs it once for the file's cases too; one that printed is run again for each case")
  func collectionKept() throws {
    let harness = try ScenarioHarness(
      files: [
        "quiet.lua": "local n = 0\nfor i = 1, 3 do scenario('q' .. i, function() n = n end) end",
        "loud.lua": "print('setup')\nfor i = 1, 2 do scenario('l' .. i, function() end) end",
      ], countsBudget: true)
    defer { harness.remove() }
    for (path, runs, printed) in [("quiet.lua", 1, false), ("loud.lua", 3, true)] {
      let engine = try ScenarioEngine(environment: harness.environment)
      let file = try ScenarioFile(path: path, environment: harness.environment)
      guard case .registered(let scenarios) = engine.collect(file, keepingTopLevel: true) else {
        Issue.record("\(path) did not collect")
        continue
      }
      #expect(engine.topLevelRuns == 1, "the collection ran the top level for the cases")
      for scenario in scenarios {
        let run = engine.run(scenario.identity, named: scenario.name, of: file, iosVersion: RequestedVersion(written: "18.0"))
        #expect(run.outcome == .passed)
        #expect(run.transcript.contains { $0.hasSuffix("setup") } == printed, "\(run.transcript)")
      }
      #expect(engine.topLevelRuns == runs, "\(path)")
    }
  }

  @Test("a collection that runs past the memory limit while other files' top levels are kept collects again without them")
  func keptCollectionsAndMemory() throws {
    try Self.onMemoryEngine { harness, engine in
      for path in ["f1.lua", "f2.lua", "blob.lua", "top.lua"] {
        let collection = engine.collect(try ScenarioFile(path: path, environment: harness.environment), keepingTopLevel: true)
        if case .failed = collection { Issue.record("\(path): \(collection)") }
      }
    }
  }

  @Test("what a case, or a top level that failed, left in its globals is freed with it, not kept while other files' cases run", arguments: [
    #"scenario("hoards", function() hoard = string.rep("x", 3 << 20) end)"#,
    #"hoard = string.rep("x", 3 << 20); error("the top level fails")"#,
  ])
  func caseGlobalsFreed(hoarding: String) throws {
    let harness = try ScenarioHarness(files: ["a.lua": hoarding, "b.lua": Self.measuring])
    defer { harness.remove() }
    let engine = try ScenarioEngine(environment: harness.environment)
    _ = try Self.runFirst(of: "a.lua", collecting: ["b.lua", "a.lua"], on: engine, in: harness)
    _ = try Self.runFirst(of: "b.lua", collecting: [], on: engine, in: harness)
    let fresh = try Self.kibibytesInUse(harness.environment.limits)
    #expect(Self.kibibytes(heldBy: engine) < fresh + 1024, "vs \(fresh)")
  }

  /// A file of one case that does nothing.
  private static let measuring = #"scenario("measures", function() end)"#

  /// The KiB `engine` holds after a full collection (a case cannot ask: `collectgarbage("count")`
  /// would show it what ran before it).
  private static func kibibytes(heldBy engine: ScenarioEngine) -> Int {
    engine.state.collectGarbage()
    engine.state.collectGarbage()  // what the first one's finalizers dropped
    return engine.state.memoryUsed >> 10
  }

  /// The KiB a new engine with `limits` holds after running ``measuring``'s case.
  private static func kibibytesInUse(_ limits: ScenarioEnvironment.Limits) throws -> Int {
    let harness = try ScenarioHarness(files: ["m.lua": measuring], limits: limits)
    defer { harness.remove() }
    let engine = try ScenarioEngine(environment: harness.environment)
    _ = try runFirst(of: "m.lua", collecting: [], on: engine, in: harness)
    return kibibytes(heldBy: engine)
  }

  /// Runs `body` with one engine over ``memoryHarness()``'s files.
  private static func onMemoryEngine(_ body: (ScenarioHarness, ScenarioEngine) throws -> Void) throws {
    let harness = try memoryHarness()
    defer { harness.remove() }
    try body(harness, try ScenarioEngine(environment: harness.environment))
  }

  /// The memory tests' limits (16 MiB unless told), how many strings of a little over 1 KiB fill all but
  /// about 1 MiB of what a fresh engine leaves a case, and how many bytes that is (`free`).
  private static func memoryLimits(mebibytes: Int = 16) throws -> (ScenarioEnvironment.Limits, strings: Int, free: Int) {
    let limits = ScenarioEnvironment.Limits(instructions: 1_000_000_000, memory: mebibytes << 20)
    // What a fresh engine holds after a case, in KiB.
    let inUse = try kibibytesInUse(limits)
    return (limits, (mebibytes * 1024 - inUse - 1024) * 20 / 21, (mebibytes * 1024 - inUse) << 10)
  }

  /// Files for the memory tests, limited to 16 MiB: `z.lua`'s case and `top.lua`'s top level fill all
  /// but about 1 MiB of what a fresh engine leaves them, in strings of a little over 1 KiB; the top
  /// levels of `f1.lua` … `f3.lua` hold 1 MiB each, `blob.lua`'s 3 MiB.
  private static func memoryHarness() throws -> ScenarioHarness {
    let (limits, strings, _) = try memoryLimits()
    var files = [
      "z.lua": """
        scenario("fills memory", function()
          local t = {}
          for i = 1, \(strings) do t[i] = string.rep("x", 1000) .. i end
        end)
        """,
      "blob.lua": "local blob = string.rep('b', 3 << 20)\nscenario('t', function() expect(#blob).to_be(3 << 20) end)",
    ]
    // `top.lua`'s top level fills as much as `z.lua`'s case.
    files["top.lua"] = "local t = {}\nfor i = 1, \(strings) do t[i] = string.rep('x', 1000) .. i end\nscenario('t', function() end)"
    for i in 1...3 { files["f\(i).lua"] = "local blob = string.rep('\(i)', 1 << 20)\nscenario('t', function() expect(#blob).to_be(1 << 20) end)" }
    return try ScenarioHarness(files: files, limits: limits)
  }

  /// Collects `paths` on `engine`, then runs the first scenario of `path` (collected again when not among them).
  private static func runFirst(
    of path: String, collecting paths: [String], on engine: ScenarioEngine, in harness: ScenarioHarness
  ) throws -> ScenarioEngine.CaseRun? {
    var first: [String: DeclaredScenario] = [:]
    for collected in paths.contains(path) ? paths : paths + [path] {
      if case .registered(let scenarios) = engine.collect(try ScenarioFile(path: collected, environment: harness.environment)) {
        first[collected] = scenarios.first
      }
    }
    guard let scenario = first[path] else { return nil }
    let file = try ScenarioFile(path: path, environment: harness.environment)
    return engine.run(scenario.identity, named: scenario.name, of: file, iosVersion: RequestedVersion(written: "18.0"))
  }
}
