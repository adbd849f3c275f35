import Foundation
import LuaBridge
import PermissionModel
import ScenarioRuntime

/// The per-case costs of the scenario runtime: a fresh state with the API, loading a file, running a case.
func sessionBenchmarks(profileLoop: Int? = nil) throws {
  let root = FileManager.default.temporaryDirectory.appendingPathComponent("permsim-bench-\(getpid())")
  try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: root) }
  // The same case as Scripts/bench's realistic corpus (Benchmarks/realistic_case.lua, from its scenario line).
  let template = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Benchmarks/realistic_case.lua")
  let text = try String(contentsOf: template, encoding: .utf8)
  guard let start = text.range(of: "  scenario(")?.lowerBound else {
    print("permsim-bench: \(template.path) has no scenario line")
    return
  }
  let body = String(text[start...]).replacingOccurrences(of: "{{IOS}}", with: "14.0")
  let environment = try ScenarioEnvironment(root: root.path)
  let engine = try ScenarioEngine(environment: environment)
  for count in [1, 100] {
    let source = "describe(\"bench\", function()\n" + (0..<count).map { body.replacingOccurrences(of: "{{INDEX}}", with: "\($0)") }.joined() + "end)\n"
    let file = ScenarioFile(path: "bench\(count).lua", absolutePath: root.path + "/bench\(count).lua", source: source)

    if count == 1 && profileLoop == nil {
      report("new engine (sandboxed state + prelude + API)", try measure(samples: 15, iterations: 200) {
        _ = try ScenarioEngine(environment: environment)
      })
      report("new sandboxed LuaState alone", measure(samples: 15, iterations: 500) { _ = LuaState() })
      report("collecting a file on an engine (fresh environment + prelude instance + top level)", measure(samples: 15, iterations: 500) {
        _ = engine.collect(file)
      })
    }
    guard case .registered(let declared) = engine.collect(file), let first = declared.first else {
      preconditionFailure("the benchmark file MUST register its scenarios")
    }
    if let profileLoop {
      for _ in 0..<profileLoop { _ = engine.run(first.identity, named: first.name, of: file, iosVersion: RequestedVersion(OSVersion(14))) }
      return
    }
    report("whole case on an engine, file of \(count) scenario(s)", measure(samples: 15, iterations: 500) {
      _ = engine.run(first.identity, named: first.name, of: file, iosVersion: RequestedVersion(OSVersion(14)))
    })
    if count == 100 { try budgetCost(root: root.path, file: file, case: first) }
  }
}

/// Collects every `.lua` file of `directory` (in name order) keeping its top level, and runs its cases
/// right after it on one engine, as a worker does; prints how many passed and how many did not.
func runFiles(in directory: String) throws {
  let environment = try ScenarioEnvironment(root: directory, limits: .init(instructions: 5_000_000_000))
  let engine = try ScenarioEngine(environment: environment)
  var passed = 0
  var other = 0
  for name in try FileManager.default.contentsOfDirectory(atPath: directory).sorted() where name.hasSuffix(".lua") {
    let file = try ScenarioFile(path: name, environment: environment)
    guard case .registered(let declared) = engine.collect(file, keepingTopLevel: true) else {
      other += 1
      continue
    }
    for scenario in declared {
      let run = engine.run(scenario.identity, named: scenario.name, of: file, iosVersion: RequestedVersion(.newestSupported))
      if run.outcome == .passed { passed += 1 } else { other += 1 }
    }
  }
  print("permsim-bench: \(passed) passed, \(other) not; \(engine.topLevelRuns) runs of a top level")
}

/// What enforcing the instruction budget costs a realistic case: a budget too small to be watched is
/// counted by the hook at every instruction, the default one is watched (LuaState.watchingBudget).
/// The samples alternate, so load that comes and goes slows both alike.
func budgetCost(root: String, file: ScenarioFile, case scenario: DeclaredScenario) throws {
  let counted = try ScenarioEngine(environment: ScenarioEnvironment(root: root, limits: .init(instructions: 9_000_000)))
  let watched = try ScenarioEngine(environment: ScenarioEnvironment(root: root))
  var samples: [[Double]] = [[], []]  // counted, watched
  for _ in 0..<15 {
    for (slot, engine) in [counted, watched].enumerated() {
      samples[slot] += measure(samples: 1, iterations: 500) {
        _ = engine.run(scenario.identity, named: scenario.name, of: file, iosVersion: RequestedVersion(OSVersion(14)))
      }
    }
  }
  report("whole case, budget counted at every instruction (9M budget)", samples[0].sorted())
  report("whole case, budget watched (the default 50M)", samples[1].sorted())
}

/// Memory of an engine over many sessions (for finding what grows).
func engineMemoryProbe() throws {
  let root = FileManager.default.temporaryDirectory.appendingPathComponent("permsim-probe-\(getpid())")
  try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: root) }
  let environment = try ScenarioEnvironment(root: root.path)
  let engine = try ScenarioEngine(environment: environment)
  let source = "describe(\"x\", function()\n" + String(repeating: "scenario(\"a\", function() local p = device{} end)\n", count: 10) + "end)\n"
  for round in 0..<20000 {
    let file = ScenarioFile(path: "f\(round).lua", absolutePath: root.path + "/f\(round).lua", source: source)
    _ = engine.collect(file)
    if round % 4000 == 0 { print("round \(round): Lua heap \(engine.luaMemoryUsed / 1024) KiB") }
  }
}
