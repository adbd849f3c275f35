import Foundation
import LuaBridge
import PermissionModel
import Reporting
import ScenarioRuntime
import Testing

/// An engine runs case after case in one Lua state; nothing one case does may reach the next.
@Suite("Engine isolation")
struct EngineIsolationTests {
  /// Runs every scenario of `source` in order on one engine (as a runner's worker does); returns the outcomes.
  private func runInOrder(_ source: String) throws -> [CaseOutcome] {
    let harness = try ScenarioHarness(files: ["s.lua": source])
    defer { harness.remove() }
    return try harness.run("s.lua", ios: "14.0").map(\.outcome)
  }


  @Test("what one case changes is gone in the next", arguments: [
    ("string.upper = function() return 'hacked' end", "expect(string.upper('a')).to_be('A'); expect(('a'):upper()).to_be('A')"),
    ("leaked = true", "expect(rawget(_G, 'leaked')).to_be_nil()"),
    ("table.insert = nil", "local t = {}; table.insert(t, 1); expect(#t).to_be(1)"),
    ("math.pi = 3", "expect(math.pi > 3.14).to_be(true)"),
    ("os.time = function() return 0 end", "expect(os.time() > 0).to_be(true)"),
    ("load('escaped = 1')()", "expect(rawget(_G, 'escaped')).to_be_nil()"),
    ("setmetatable(_G, { __index = function() return 'x' end })", "expect(rawget(_G, 'anything')).to_be_nil(); expect(nothing_here).to_be_nil()"),
    ("expect = function() end", "expect(pcall(expect(1).to_be, 2)).to_be(false)"),
    ("coroutine.wrap = nil", "expect(coroutine.wrap).never.to_be_nil()"),
    ("scenario = nil; describe = nil", "expect(type(scenario)).to_be('function')"),
  ])
  func noLeaks(tamper: String, check: String) throws {
    let outcomes = try runInOrder("""
      scenario("tampers", function() \(tamper) end)
      scenario("checks", function() \(check) end)
      """)
    #expect(outcomes == [.passed, .passed], "\(outcomes)")
  }

  @Test("top-level locals start fresh for every case")
  func freshTopLevel() throws {
    let outcomes = try runInOrder("""
      local counter = 0
      scenario("one", function() counter = counter + 1; expect(counter).to_be(1) end)
      scenario("two", function() counter = counter + 1; expect(counter).to_be(1) end)
      """)
    #expect(outcomes == [.passed, .passed], "\(outcomes)")
  }

  @Test("an engine built before its run's settings (a worker's) runs a case as one built with them: limits, seed, files")
  func adoptedSettings() throws {
    let source = """
      scenario("draws", function()
        print(math.random(1000000)); math.randomseed(); print(math.random(1000000))
        print(require("helper"))
      end)
      scenario("spends", function() local s = string.rep("x", 3 * 1024 * 1024) end)
      scenario("counts", function() local n = 0; for i = 1, 10000000 do n = n + i end end)
      scenario("reads outside", function() device { ios = "18.0" }:install { plist = "/etc/hostname" } end)
      """
    let limits = ScenarioEnvironment.Limits(instructions: 1_000_000, memory: 2 << 20)
    let harness = try ScenarioHarness(files: ["s.lua": source, "helper.lua": "return 'helped'"], limits: limits)
    defer { harness.remove() }
    let environment = try ScenarioEnvironment(root: harness.root.path, limits: limits, seed: 7)
    let file = try ScenarioFile(path: "s.lua", environment: environment)
    func outcomes(_ engine: ScenarioEngine) -> [ScenarioEngine.CaseRun] {
      guard case .registered(let declared) = engine.collect(file) else { return [] }
      return declared.map { engine.run($0.identity, named: $0.name, of: file, iosVersion: .init(OSVersion(18))) }
    }
    let built = try outcomes(ScenarioEngine(environment: environment))
    let early = try ScenarioEngine(environment: ScenarioEnvironment(root: "/"))
    #expect(early.adopt(environment))
    let adopted = outcomes(early)
    #expect(adopted.map(\.outcome) == built.map(\.outcome))
    #expect(adopted.map(\.transcript) == built.map(\.transcript))
    #expect(built.first?.transcript.last?.hasSuffix("print: helped") == true, "\(built.first?.transcript ?? [])")
    // The run's limits and file gate, not the early engine's defaults and "/".
    let errors = built.dropFirst().map { run -> CaseProblem? in
      if case .errored(let problem) = run.outcome { problem } else { nil }
    }
    #expect(errors.map { $0?.kind } == [.memoryExceeded, .budgetExceeded, .scriptError], "\(built.map(\.outcome))")
    #expect(errors.last??.headline.contains("outside the scenario root") == true, "\(errors.last as Any)")
    // An engine that ran something keeps what it has: the caller builds one for the run instead.
    #expect(!early.adopt(environment))
  }

  @Test("an engine whose memory limit cannot hold its own start fails with a memory error, whatever the limit")
  func startOverMemory() throws {
    var failed = 0
    // Limits around what an engine's start needs: each fails at another allocation of it (the loader's
    // `load` of the globals' constructor returned nil there, and calling it hid the memory error).
    for limit in stride(from: 40_000, through: 240_000, by: 1_000) {
      let environment = try ScenarioEnvironment(root: "/", limits: .init(instructions: 1_000_000, memory: limit))
      do {
        _ = try ScenarioEngine(environment: environment)
      } catch {
        failed += 1
        #expect(error.kind == .memory, "--memory \(limit): \(error.kind) \(error.message)")
      }
    }
    #expect(failed > 0)
  }

  @Test("math.random draws the same numbers for a case whatever ran before it")
  func deterministicRandom() throws {
    let source = """
      scenario("a", function() print(math.random(1000000)) end)
      scenario("b", function() print(math.random(1000000)); math.randomseed(); print(math.random(1000000)) end)
      """
    let harness = try ScenarioHarness(files: ["s.lua": source])
    defer { harness.remove() }
    let first = try harness.run("s.lua").map(\.transcript)
    let second = try harness.run("s.lua").map(\.transcript)
    #expect(first == second)
    #expect(first[0] != first[1])
  }

  @Test("the string metatable and the host's tables stay out of reach")
  func hiddenTables() throws {
    let outcomes = try runInOrder("""
      scenario("reach", function()
        expect(getmetatable("")).to_be(false)
        expect(debug).to_be_nil()
        expect(io).to_be_nil()
        expect(package).to_be_nil()
        expect(string.dump).to_be_nil()
        expect(dofile).to_be_nil()
        expect(loadfile).to_be_nil()
        expect(pcall(load, string.char(27) .. "Lua")).to_be(true)
        expect(load(string.char(27) .. "Lua")).to_be_nil()
        expect(getmetatable(device {})).to_be(false)
      end)
      """)
    #expect(outcomes == [.passed], "\(outcomes)")
  }

  @Test("a case that ran out of budget leaves the engine ready for the next case")
  func afterBudget() throws {
    let harness = try ScenarioHarness(
      files: ["s.lua": """
        scenario("spins", function() while true do end end)
        scenario("works", function() expect(1 + 1).to_be(2) end)
        """],
      limits: .init(instructions: 100_000))
    defer { harness.remove() }
    let file = try ScenarioFile(path: "s.lua", environment: harness.environment)
    let engine = try ScenarioEngine(environment: harness.environment)
    #expect(engine.run(ScenarioIdentity(index: 1, name: "spins", line: 1), named: "spins", of: file, iosVersion: .init(OSVersion(14))).outcome.type == "BudgetExceeded")
    #expect(engine.run(ScenarioIdentity(index: 2, name: "works", line: 2), named: "works", of: file, iosVersion: .init(OSVersion(14))).outcome == .passed)
  }

  @Test("an engine and its sessions are freed once their owners let go (no cycle through the running session)")
  func engineIsFreed() throws {
    let harness = try ScenarioHarness(files: ["s.lua": "scenario(\"x\", function() local phone = device {} end)"])
    defer { harness.remove() }
    let file = try ScenarioFile(path: "s.lua", environment: harness.environment)
    weak var freedEngine: ScenarioEngine?
    weak var freedSession: ScenarioSession?
    do {
      let engine = try ScenarioEngine(environment: harness.environment)
      #expect(engine.run(ScenarioIdentity(index: 1, name: "x", line: 1), named: "x", of: file, iosVersion: .init(OSVersion(14))).outcome == .passed)
      let session = try engine.interactiveSession(iosVersion: .init(OSVersion(14)))
      freedEngine = engine
      freedSession = session
    }
    #expect(freedSession == nil)
    #expect(freedEngine == nil)
  }
}
