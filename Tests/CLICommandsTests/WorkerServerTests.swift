import Foundation
import PermissionModel
import PermsimTestSupport
import Reporting
import ScenarioRuntime
import Testing

@testable import Runner

/// The worker side of the runner's pipes, with the real `permsim worker` (issue 11).
@Suite("permsim worker")
struct WorkerServerTests {
  /// Runs `body` with a new folder holding `w.lua` with `source`, removed afterwards.
  private func withFolder(holding source: String, _ body: (URL) throws -> Void) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("permsim-worker-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try source.write(to: folder.appendingPathComponent("w.lua"), atomically: true, encoding: .utf8)
    try body(folder)
  }

  @Test("a worker answers each request as its case ends, without waiting for the next request")
  func repliesAtOnce() throws {
    try withFolder(holding: """
      scenario("one", function() expect(1).to_be(1) end)
      scenario("two", function() expect(1).to_be(2) end)
      """) { folder in try repliesAtOnce(in: folder) }
  }

  private func repliesAtOnce(in folder: URL) throws {
    let launch = WorkerLaunch(
      executable: PermsimProcess.executable.path,
      arguments: ["worker"],
      settings: WorkerSettings(root: folder.path, limits: .init(instructions: 50_000_000, memory: 64 << 20), seed: 0),
      timeLimit: .seconds(60), memoryLimit: 0)
    var worker = WorkerConversation(try WorkerProcess(launch), launch)
    try worker.awaitReady()
    let environment = try ScenarioEnvironment(root: folder.path)
    let file = WorkerFile(try ScenarioFile(path: "w.lua", environment: environment))
    // One request at a time: were a reply held until the next request came, each wait would end at the time limit.
    guard case .collected(.registered(let scenarios)) = try worker.perform(.collect(file, keepsTopLevel: false)) else {
      Issue.record("the file did not register its scenarios")
      return
    }
    #expect(scenarios.map(\.name) == ["one", "two"])
    var outcomes: [String] = []
    for scenario in scenarios {
      let request = WorkerRequest.run(file, scenario: scenario.identity, name: scenario.name, iosVersion: .init(OSVersion(18)), keepsTranscript: false)
      guard case .ran(let run) = try worker.perform(request) else {
        Issue.record("not a run")
        return
      }
      switch run.outcome {
      case .passed: outcomes.append("passed")
      case .failed: outcomes.append("failed")
      default: outcomes.append("\(run.outcome)")
      }
    }
    #expect(outcomes == ["passed", "failed"])
  }

  @Test("a worker reads its root, limits and seed from its first line: tabs and line breaks in the root, the largest seed")
  func settingsLine() throws {
    for settings in [
      WorkerSettings(root: "/a\tb\nc", limits: .init(instructions: 1, memory: 1 << 40), seed: .max),
      WorkerSettings(root: "/", limits: .init(), seed: 0),
    ] {
      #expect(try WorkerSettings(line: settings.line[...]) == settings)
    }
    #expect(throws: (any Error).self) { try WorkerSettings(line: Array("S\t1\t2\tx\t/".utf8)[...]) }
  }

  @Test("a worker whose first line is not its settings, or whose root is missing, says so and ends with status 2")
  func refusesBadSettings() throws {
    let malformed = try PermsimProcess.run(["worker"], input: "K\t0\t0\ta.lua\t/a.lua\n")
    #expect(malformed.status == 2)
    #expect(malformed.standardOutput.isEmpty, "no ready line")
    #expect(malformed.standardError.hasPrefix("permsim worker: expected the run's settings as the first line"))
    let missing = WorkerSettings(root: "/nowhere/\(UUID().uuidString)", limits: .init(), seed: 1)
    let noRoot = try PermsimProcess.run(["worker"], input: String(decoding: missing.line, as: UTF8.self) + "\n")
    #expect(noRoot.status == 2)
    #expect(noRoot.standardError.contains("/nowhere/"))
  }

  @Test("a worker whose runner closes its input before sending settings ends quietly, with status 0")
  func endsQuietlyWithoutSettings() throws {
    let output = try PermsimProcess.run(["worker"], input: "")
    #expect(output.status == 0)
    #expect(output.standardError.isEmpty)
    #expect(output.standardOutput.isEmpty)
  }

  @Test("a worker started before its settings were known serves the lane that takes it; one started otherwise is not taken")
  func prestartedWorker() throws {
    try withFolder(holding: #"scenario("one", function() expect(1).to_be(1) end)"#) { folder in
      try prestartedWorker(in: folder)
    }
  }

  private func prestartedWorker(in folder: URL) throws {
    // A path of its own, so that no other test's lane takes this worker.
    let executable = folder.appendingPathComponent("permsim").path
    try FileManager.default.createSymbolicLink(atPath: executable, withDestinationPath: PermsimProcess.executable.path)
    let launch = WorkerLaunch(
      executable: executable, arguments: [WorkerLaunch.mode],
      settings: WorkerSettings(root: folder.path, limits: .init(), seed: 0), timeLimit: .seconds(60), memoryLimit: 0)

    WorkerPrestart.begin(executable: executable)
    var other = launch
    other.executable = PermsimProcess.executable.path
    #expect(WorkerPrestart.take(other) == nil, "a launch of another binary starts its own")
    var worker = WorkerConversation(try #require(WorkerPrestart.take(launch)), launch)
    #expect(WorkerPrestart.take(launch) == nil, "taken once")
    try worker.awaitReady()
    let file = WorkerFile(try ScenarioFile(path: "w.lua", environment: try ScenarioEnvironment(root: folder.path)))
    guard case .collected(.registered(let scenarios)) = try worker.perform(.collect(file, keepsTopLevel: false))
    else {
      Issue.record("the file did not register its scenarios")
      return
    }
    #expect(scenarios.map(\.name) == ["one"])

    WorkerPrestart.begin(executable: executable)
    let waiting = try #require(WorkerPrestart.take(launch))
    let pid = waiting.pid
    waiting.stop()
    #expect(kill(pid, 0) != 0, "stopped and reaped")
    WorkerPrestart.begin(executable: executable)
    let untaken = try #require(WorkerPrestart.waitingProcess)
    WorkerPrestart.end()
    #expect(kill(untaken, 0) != 0, "ended and reaped at once, loading or not")
    #expect(WorkerPrestart.take(launch) == nil, "ended")
  }

  @Test(
    "a permsim run that ends without running (a usage error, --help) leaves no worker process behind",
    .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/environ")))
  func noWorkerLeftBehind() throws {
    for arguments in [["run", "--help"], ["run", "/nowhere/\(UUID().uuidString).lua"], ["run", "--jobs", "x", "."]] {
      let marker = "PERMSIM_TEST_MARKER=\(UUID().uuidString)"
      let output = try PermsimProcess.run(arguments, environment: ["PERMSIM_TEST_MARKER": String(marker.dropFirst(20))])
      #expect(output.status == (arguments[1] == "--help" ? 0 : 2))
      #expect(Self.processes(holding: marker).isEmpty, "a worker outlived `permsim \(arguments.joined(separator: " "))`")
    }
  }

  /// The processes whose environment holds `variable` (`NAME=value`).
  static func processes(holding variable: String) -> [String] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.filter { entry in
      guard entry.allSatisfy(\.isNumber), let environ = FileManager.default.contents(atPath: "/proc/\(entry)/environ") else {
        return false
      }
      return environ.split(separator: 0).contains { Array($0) == Array(variable.utf8) }
    }
  }
}
