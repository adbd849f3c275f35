import Foundation
import PermissionModel
import Reporting
import ScenarioRuntime
import Testing

/// Issue 11, item 1: a case runs the body registered under its own name, whatever state runs it.
@Suite("Case identity")
struct CaseIdentityTests {
  /// Collects `source` on one engine and runs each case on a new engine, as the runner's collector and
  /// workers do (each engine is a state of its own, with its own string hash seed).
  private func runAcrossEngines(_ source: String) throws -> [ScenarioHarness.Result] {
    let harness = try ScenarioHarness(files: ["s.lua": source])
    defer { harness.remove() }
    let file = try ScenarioFile(path: "s.lua", environment: harness.environment)
    guard case .registered(let declared) = try ScenarioEngine(environment: harness.environment).collect(file) else {
      Issue.record("the file did not load")
      return []
    }
    return try declared.map { scenario in
      let engine = try ScenarioEngine(environment: harness.environment)
      let run = engine.run(scenario.identity, named: scenario.name, of: file, iosVersion: .init(OSVersion(14)))
      return ScenarioHarness.Result(name: scenario.name, outcome: run.outcome, transcript: run.transcript)
    }
  }

  @Test("a matrix built with pairs over string keys runs each entry's own body on other engines")
  func pairsMatrix() throws {
    let results = try runAcrossEngines("""
      local matrix = {}; for i = 1, 40 do matrix["key" .. i] = i end
      for k in pairs(matrix) do scenario("matrix entry " .. k, function() expect(k).to_be("never") end) end
      """)
    #expect(results.count == 40)
    for result in results {
      let key = result.name.replacingOccurrences(of: "matrix entry ", with: "")
      #expect(result.outcome.headline == "expected \"\(key)\" to be \"never\"", "\(result.name): \(result.outcome)")
    }
  }

  @Test("the same registrations come in the same order on every engine, so names and transcripts match")
  func orderAcrossEngines() throws {
    let source = """
      local t = {}; for i = 1, 30 do t["k" .. i] = i end
      t[1], t[2.5], t[true] = 1, 2, 3
      for k in pairs(t) do scenario(tostring(k), function() print(k) end) end
      """
    let first = try runAcrossEngines(source).map(\.name)
    let second = try runAcrossEngines(source).map(\.name)
    #expect(first == second)
    #expect(first.prefix(3) == ["1", "2.5", "k1"])
    #expect(first.last == "true")
  }

  @Test("names made from table keys in a pairs loop: after a case that moves the heap, a case is an error or runs its own body, never another key's")
  func tableKeyNames() throws {
    // Found by a hostile review of a change that showed tables by number: the names came out the same
    // on every run while pairs still ordered the keys by address, so the run after "moves" bound another
    // key's body to "id of table: #1" (a failure after "moves", a pass alone). Every non-error outcome
    // of the file run in order must be the outcome of that case run alone.
    let source = """
      dirty = { n = 0 }
      local keys = {}
      for i = 1, 4 do keys[{ id = i }] = true end
      scenario("moves", function()
        local g = {}
        for i = 1, 3000 do g[i] = { i } end
        g = nil
        collectgarbage()
        dirty.n = dirty.n + 1
      end)
      for k in pairs(keys) do
        scenario("id of " .. tostring(k), function() expect(k.id).to_be(1) end)
      end
      """
    let harness = try ScenarioHarness(files: ["s.lua": source])
    defer { harness.remove() }
    let inOrder = try harness.run("s.lua")
    let file = try ScenarioFile(path: "s.lua", environment: harness.environment)
    #expect(inOrder.count == 5)
    for result in inOrder.dropFirst() where !result.outcome.isError {
      let engine = try ScenarioEngine(environment: harness.environment)
      guard case .registered(let declared) = engine.collect(file),
        let scenario = declared.first(where: { $0.name == result.name })
      else { continue }  // another run, other addresses: the name is not made again
      let alone = engine.run(scenario.identity, named: scenario.name, of: file, iosVersion: .init(OSVersion(18)))
      #expect(alone.outcome == result.outcome, "\(result.name): \(result.outcome) in order, \(alone.outcome) alone")
    }
  }

  @Test("a case whose registration is gone when the file runs again is an error naming what came in its place")
  func lostRegistration() throws {
    let harness = try ScenarioHarness(files: ["s.lua": "scenario(\"real\", function() end)\nscenario(\"other\", function() end)\n"])
    defer { harness.remove() }
    let file = try ScenarioFile(path: "s.lua", environment: harness.environment)
    let engine = try ScenarioEngine(environment: harness.environment)
    let ghost = ScenarioIdentity(index: 1, name: "ghost", line: 1)
    let run = engine.run(ghost, named: "ghost", of: file, iosVersion: .init(OSVersion(14)))
    guard case .errored(let problem) = run.outcome else {
      Issue.record("expected an error, got \(run.outcome)")
      return
    }
    #expect(problem.location == ScriptLocation(path: "s.lua", line: 1))
    #expect(problem.headline.contains("scenario \"ghost\" is not registered when its file runs again"), "\(problem.headline)")
    #expect(problem.headline.contains("registration #1 is now \"real\" (line 1)"), "\(problem.headline)")
    #expect(problem.headline.contains("registration order changed between runs: iterate with ipairs, or sort the keys"))
    // The same name on another line, or a later occurrence that never comes, is not the case either.
    #expect(engine.run(ScenarioIdentity(index: 1, name: "real", line: 2), named: "real", of: file, iosVersion: .init(OSVersion(14))).outcome.isError)
    #expect(engine.run(ScenarioIdentity(index: 1, name: "real", line: 1, occurrence: 2), named: "real", of: file, iosVersion: .init(OSVersion(14))).outcome.isError)
    let beyond = engine.run(ScenarioIdentity(index: 5, name: "ghost", line: 1), named: "ghost", of: file, iosVersion: .init(OSVersion(14)))
    #expect(beyond.outcome.headline?.contains("the file made only 2 registrations") == true, "\(beyond.outcome)")
  }

  @Test("a case found at another position still runs its own body")
  func movedRegistration() throws {
    let harness = try ScenarioHarness(files: ["s.lua": "scenario(\"a\", function() error('a ran') end)\nscenario(\"b\", function() error('b ran') end)\n"])
    defer { harness.remove() }
    let file = try ScenarioFile(path: "s.lua", environment: harness.environment)
    let engine = try ScenarioEngine(environment: harness.environment)
    let run = engine.run(ScenarioIdentity(index: 1, name: "b", line: 2), named: "b", of: file, iosVersion: .init(OSVersion(14)))
    #expect(run.outcome.headline == "b ran")
  }

  @Test("scenarios registered in a loop at one line are told apart by occurrence")
  func occurrences() throws {
    let results = try runAcrossEngines("for i = 1, 3 do scenario(\"same\", function() error('run ' .. i) end) end")
    #expect(results.map(\.outcome.headline) == ["run 1", "run 2", "run 3"])
  }
}
