import Foundation
import PermissionModel
import Reporting
import ScenarioRuntime

/// Writes scenario files into a temporary root and runs them the way the runner does: collect, then each case alone.
struct ScenarioHarness {
  let root: URL
  let environment: ScenarioEnvironment

  /// `countsBudget`: every case's budget counted, never watched, so no case runs twice however slow the
  /// machine (for tests that count top-level runs).
  init(files: [String: String], limits: ScenarioEnvironment.Limits = .init(), gcStress: Bool? = nil, countsBudget: Bool = false) throws {
    root = FileManager.default.temporaryDirectory.appendingPathComponent("permsim-\(UUID().uuidString)")
    for (path, content) in files {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try content.write(to: url, atomically: true, encoding: .utf8)
    }
    environment =
      if let gcStress {
        try ScenarioEnvironment(root: root.path, limits: limits, gcStress: gcStress, countsBudget: countsBudget)
      } else {
        try ScenarioEnvironment(root: root.path, limits: limits, countsBudget: countsBudget)
      }
  }

  /// One case's result.
  struct Result {
    var name: String
    var outcome: CaseOutcome
    var transcript: [String]
    var screens: [CaseScreen] = []
  }

  /// Collects `path` and runs every scenario it registered on one engine, in order, as a runner's
  /// worker does (skipped ones are reported without running).
  func run(_ path: String, ios: String = "18.0") throws -> [Result] {
    try runCountingTopLevels(path, ios: ios).results
  }

  /// Like ``run(_:ios:)``, and how many times the engine ran the file's top level for its cases.
  func runCountingTopLevels(_ path: String, ios: String = "18.0") throws -> (results: [Result], topLevelRuns: Int) {
    let file = try ScenarioFile(path: path, environment: environment)
    let engine = try ScenarioEngine(environment: environment)
    let scenarios: [DeclaredScenario]
    switch engine.collect(file) {
    case .failed(let problem):
      return ([Result(name: "(load)", outcome: .errored(problem), transcript: [])], 0)
    case .registered(let registered):
      scenarios = registered
    }
    let results = scenarios.map { scenario in
      if let reason = scenario.skipReason { return Result(name: scenario.name, outcome: .skipped(reason: reason), transcript: []) }
      let version = if case .pinned(let pinned) = scenario.versions { pinned } else { RequestedVersion(written: ios) }
      let run = engine.run(scenario.identity, named: scenario.name, of: file, iosVersion: version)
      return Result(name: scenario.name, outcome: run.outcome, transcript: run.transcript, screens: run.screens)
    }
    return (results, engine.topLevelRuns)
  }

  func remove() {
    try? FileManager.default.removeItem(at: root)
  }
}

extension ScenarioHarness {
  /// Runs every scenario of `s.lua` holding `source` (with `extra` files beside it) in order on one
  /// engine, and returns their results and how many times the engine ran the file's top level.
  static func file(
    _ source: String, files extra: [String: String] = [:], limits: ScenarioEnvironment.Limits = .init(), countsBudget: Bool = false
  ) throws -> (results: [Result], topLevelRuns: Int) {
    var files = extra
    files["s.lua"] = source
    let harness = try ScenarioHarness(files: files, limits: limits, countsBudget: countsBudget)
    defer { harness.remove() }
    return try harness.runCountingTopLevels("s.lua")
  }

  /// Runs `body` as the only scenario of a file (with `extra` files beside it) and returns its result.
  static func scenario(
    _ body: String, ios: String = "18.0", files extra: [String: String] = [:], limits: ScenarioEnvironment.Limits = .init(),
    gcStress: Bool? = nil
  ) throws -> Result {
    var files = extra
    files["s.lua"] = "scenario(\"s\", function()\n\(body)\nend)\n"
    let harness = try ScenarioHarness(files: files, limits: limits, gcStress: gcStress)
    defer { harness.remove() }
    let results = try harness.run("s.lua", ios: ios)
    guard let result = results.first else { return Result(name: "", outcome: .passed, transcript: []) }
    return result
  }
}

extension CaseOutcome {
  /// The headline of a failure or error, or nil.
  var headline: String? {
    switch self {
    case .failed(let problem), .errored(let problem): problem.headline
    case .passed, .skipped: nil
    }
  }

  /// The report type of a failure or error (`ExpectationFailed`, `ScriptError`, …), or nil.
  var type: String? {
    switch self {
    case .failed(let problem), .errored(let problem): problem.kind.rawValue
    case .passed, .skipped: nil
    }
  }

  var isFailure: Bool { if case .failed = self { true } else { false } }
  var isError: Bool { if case .errored = self { true } else { false } }
}
