import Foundation
import PermissionModel
import Reporting
import ScenarioRuntime
import Testing

@testable import Runner

/// The supervisor's side of worker processes: whatever a worker does, its case ends as an error and the run goes on (issue 11).
@Suite("Worker processes")
struct WorkerProcessTests {
  /// A stand-in worker: `/bin/sh -c script`, which reads the request and then misbehaves.
  static func launch(_ script: String, timeLimit: Duration = .seconds(5), memoryLimit: Int = 0) -> WorkerLaunch {
    WorkerLaunch(executable: "/bin/sh", arguments: ["-c", script], settings: nil, timeLimit: timeLimit, memoryLimit: memoryLimit)
  }

  static let file = ScenarioFile(path: "s.lua", absolutePath: "/nowhere/s.lua", source: "")
  static let request = WorkerRequest.run(
    WorkerFile(file), scenario: ScenarioIdentity(index: 1, name: "s", line: 4), name: "s", iosVersion: .init(OSVersion(18)),
    keepsTranscript: false)

  @Test("a worker killed by a signal fails its request with the signal's name")
  func crash() throws {
    var worker = WorkerConversation(try WorkerProcess(Self.launch("read line; kill -SEGV $$")), Self.launch(""))
    #expect(throws: WorkerFailure.ended(.signal(SIGSEGV))) { try worker.perform(Self.request) }
    #expect(WorkerExit.signal(SIGSEGV).description == "signal 11 (Segmentation fault)")
  }

  @Test("a worker that exits fails its request with its status")
  func exit() throws {
    var worker = WorkerConversation(try WorkerProcess(Self.launch("read line; exit 3")), Self.launch(""))
    #expect(throws: WorkerFailure.ended(.status(3))) { try worker.perform(Self.request) }
  }

  @Test("a request past its time limit ends the worker, whatever it is doing")
  func timeLimit() throws {
    let launch = Self.launch("read line; exec sleep 60", timeLimit: .milliseconds(300))
    var worker = WorkerConversation(try WorkerProcess(launch), launch)
    let start = ContinuousClock.now
    #expect(throws: WorkerFailure.timedOut) { try worker.perform(Self.request) }
    #expect(ContinuousClock.now - start < .seconds(3))
    #expect(kill(worker.process.pid, 0) != 0, "the process is gone")
  }

  @Test("a worker past its host memory limit is ended", .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/statm")))
  func memory() throws {
    let launch = WorkerLaunch(
      executable: "/usr/bin/env",
      arguments: ["python3", "-c", "import sys, time; sys.stdin.readline(); x = bytearray(300 << 20); time.sleep(60)"], settings: nil,
      timeLimit: .seconds(30), memoryLimit: 100 << 20)
    var worker = WorkerConversation(try WorkerProcess(launch), launch)
    #expect {
      try worker.perform(Self.request)
    } throws: { error in
      if case WorkerFailure.overMemory(let bytes) = error { bytes > 100 << 20 } else { false }
    }
  }

  @Test("an abandoned request ends its worker at once")
  func abandoned() throws {
    let launch = Self.launch("read line; exec sleep 60")
    var worker = WorkerConversation(try WorkerProcess(launch), launch)
    #expect(throws: WorkerFailure.stopped) { try worker.perform(Self.request, stopping: .abandoning) }
  }

  @Test("requests and replies survive their line form (collect, run, pass, any outcome): tabs, line breaks and backslashes in names, a name that is not UTF-8, a shortened name's digest, an empty name, numbers of many digits and zero")
  func lines() throws {
    let file = WorkerFile(path: "a\tb.lua", absolutePath: "/x/a\tb.lua", readsDirectly: false)
    var reader = WorkerRequest.Reader()
    for (number, scenario) in [
      ScenarioIdentity(index: 2, name: "x\ty\nz\\", line: 7, occurrence: 3),
      ScenarioIdentity(index: 2, name: "x\u{FFFD}", line: 7, occurrence: 1, rawName: [0x78, 0xFF]),
      ScenarioIdentity(index: 1_234_567, name: "", line: 0, occurrence: 10),  // numbers written digit by digit
      ScenarioIdentity(index: 3, name: "long…end", line: 9, nameDigest: ScenarioIdentity.digest(of: Array("long name end".utf8))),
    ].enumerated() {
      let request = WorkerRequest.run(file, scenario: scenario, name: scenario.name + " [iOS 14]", iosVersion: RequestedVersion(written: "14"), keepsTranscript: true)
      guard case .run(let file2, let scenario2, let name2, let version2, let keeps2) = try reader.request(request.line(fileNumber: 5, introducing: number == 0)[...]) else {
        Issue.record("not a run request")
        continue
      }
      #expect(file2 == file && scenario2 == scenario && name2 == scenario.name + " [iOS 14]" && version2.text == "14" && keeps2)
    }
    for (readsDirectly, keeps) in [(false, false), (true, false), (false, true)] {
      let collect = WorkerRequest.collect(
        WorkerFile(path: file.path, absolutePath: file.absolutePath, readsDirectly: readsDirectly), keepsTopLevel: keeps)
      let line = collect.line(fileNumber: 9, introducing: true)
      #expect(line.first == UInt8(ascii: "K"))
      guard case .collect(let file2, let keeps2) = try reader.request(line[...]) else {
        Issue.record("not a collect request")
        continue
      }
      #expect(file2.path == file.path && file2.absolutePath == file.absolutePath && file2.readsDirectly == readsDirectly)
      #expect(keeps2 == keeps)
    }
    let passed = WorkerReply.ran(ScenarioEngine.CaseRun(outcome: .passed, transcript: [], deviceVersions: ["12.0", "14.0"]))
    #expect(passed.line == Array("P\t12.0\t14.0".utf8))
    guard case .ran(let run) = try WorkerReply(line: passed.line[...]) else { Issue.record("not a run"); return }
    #expect(run.outcome == .passed && run.deviceVersions == ["12.0", "14.0"])
    let problem = CaseProblem(kind: .expectationFailed, headline: "a\tb", location: ScriptLocation(path: "p\n.lua", line: 3), details: "x\\y\r")
    for outcome in [CaseOutcome.failed(problem), .errored(CaseProblem(kind: .scriptError, headline: "")), .skipped(reason: "why\t"), .passed] {
      let reply = WorkerReply.ran(ScenarioEngine.CaseRun(outcome: outcome, transcript: ["one", "", "t\tw\no"], deviceVersions: ["7.0"]))
      guard case .ran(let decoded) = try WorkerReply(line: reply.line[...]) else { Issue.record("not a run"); continue }
      #expect(decoded.outcome == outcome && decoded.transcript == ["one", "", "t\tw\no"] && decoded.deviceVersions == ["7.0"])
    }
    guard case .collected(.failed(let failed)) = try WorkerReply(line: WorkerReply.collected(.failed(problem)).line[...]) else {
      Issue.record("not a failed collection")
      return
    }
    #expect(failed == problem)
  }

  @Test("a request brings its file's paths the first time a worker meets its number; a number never introduced is malformed")
  func readerFiles() throws {
    let a = WorkerFile(path: "a.lua", absolutePath: "/r/a.lua", readsDirectly: false)
    let b = WorkerFile(path: "b.lua", absolutePath: "/r/b.lua", readsDirectly: true)
    var reader = WorkerRequest.Reader()
    let scenario = ScenarioIdentity(index: 1, name: "x\ty", line: Int.max, occurrence: 1)
    for (file, number, introducing) in [(a, 0, true), (a, 0, false), (b, 1, true), (a, 0, false), (b, 1, false)] {
      let request = WorkerRequest.run(file, scenario: scenario, name: "x\ty #2", iosVersion: RequestedVersion(written: "15.2"), keepsTranscript: false)
      let line = request.line(fileNumber: number, introducing: introducing)
      #expect(introducing || !String(decoding: line, as: UTF8.self).contains(file.path), "a file met before costs its number only")
      guard case .run(let file2, let scenario2, let name2, _, _) = try reader.request(line[...]) else {
        Issue.record("not a run request")
        continue
      }
      #expect(file2 == file && scenario2 == scenario && name2 == "x\ty #2")
    }
    let unknown = WorkerRequest.collect(a, keepsTopLevel: true).line(fileNumber: 7, introducing: false)
    #expect(throws: (any Error).self) { try reader.request(unknown[...]) }
    for malformed in ["R\t0\t\t\t\tx\t1\t1\tn\t\t+\t14\t0", "R\t0\t\t\t\t99999999999999999999\t1\t1\tn\t\t+\t14\t0", "R\t0\t\t\t\t1\t1\t1\tn\tzz\t+\t14\t0", "R\t0\t\t\t\t1\t1\t1\tn\t\t?\t14\t0", "Q"] {
      #expect(throws: (any Error).self, "\(malformed)") { try reader.request(Array(malformed.utf8)[...]) }
    }
  }

  @Test("a collection's registrations survive their line form: versions, tags, skips, tabs and line breaks, no registration")
  func collectedLines() throws {
    let scenarios = [
      DeclaredScenario(index: 1, name: "a\tb\nc\\", line: 3),
      DeclaredScenario(index: 2, name: "", line: 9, tags: ["t\t1", ""], versions: .pinned(RequestedVersion(written: "14")), skipReason: "", occurrence: 2),
      DeclaredScenario(index: 3, name: "m", line: 12, versions: .matrix(["13.0", "14.5", "banana"].map(RequestedVersion.init(written:))), skipReason: "pending: x\ty"),
      DeclaredScenario(index: 4, name: "none", line: 15, versions: .matrix([])),
    ]
    for list in [scenarios, []] {
      let reply = WorkerReply.collected(.registered(list))
      #expect(reply.line.first == UInt8(ascii: "C"))
      guard case .collected(.registered(let decoded)) = try WorkerReply(line: reply.line[...]) else {
        Issue.record("not a collection")
        continue
      }
      #expect(decoded == list)
      #expect(WorkerReply.collected(.registered(decoded)).line == reply.line, "versions keep their text")
    }
    let raw = [DeclaredScenario(index: 1, name: "x\u{FFFD}", line: 1, rawName: [0x78, 0xFF], nameDigest: 0xfeed)]
    let reply = WorkerReply.collected(.registered(raw))
    #expect(reply.line.first == UInt8(ascii: "C"), "a name that is not UTF-8 goes as its bytes")
    guard case .collected(.registered(let decoded)) = try WorkerReply(line: reply.line[...]) else {
      Issue.record("not a collection")
      return
    }
    #expect(decoded == raw)
    #expect(throws: (any Error).self) { try WorkerReply(line: Array("C\t1\tname".utf8)[...]) }
  }

  @Test("a worker is ready once it says so; a reply before that makes it unusable")
  func ready() throws {
    var worker = WorkerConversation(try WorkerProcess(Self.launch("echo Y; read line; echo P")), Self.launch(""))
    try worker.awaitReady()
    #expect(try worker.perform(Self.request).isPass)
    var early = WorkerConversation(try WorkerProcess(Self.launch("echo P; exec sleep 60")), Self.launch(""))
    #expect(throws: WorkerFailure.unusable("the worker answered before it said it was ready")) { try early.awaitReady() }
  }

  @Test("a lane whose new worker is not ready yet takes no case, and gives up once there is none left to take")
  func laneGivesUpBeforeReady() throws {
    let environment = try ScenarioEnvironment(root: FileManager.default.temporaryDirectory.path)
    let lane = ScenarioLane(.workerProcesses(Self.launch("exec sleep 60")), environment: environment, stop: StopFlag())
    var asked = false
    lane.runAll(
      keepsTranscript: false, isDone: { true }, next: { asked = true; return nil }, began: { _ in }, finish: { _, _ in })
    #expect(!asked, "a lane that is not ready takes nothing")
  }

  /// A lane whose stand-in worker answers a collection with no registrations, and a case with a pass
  /// whose device versions name the case's scenario index.
  static func echoingLane() throws -> ScenarioLane {
    let environment = try ScenarioEnvironment(root: FileManager.default.temporaryDirectory.path)
    let tab = "\t"
    let script = """
      echo Y
      while IFS= read -r line; do
        case "$line" in K*) echo C ;; *) echo "P\(tab)$(echo "$line" | cut -f6)" ;; esac
      done
      """
    return ScenarioLane(.workerProcesses(Self.launch(script)), environment: environment, stop: StopFlag())
  }

  /// A case of scenario `index` at position `position`, in ``file``.
  static func job(_ position: Int, index: Int) -> ScenarioLane.Job {
    let planned = RunPlan.Case(
      scenario: ScenarioIdentity(index: index, name: "s", line: 4), name: "s", line: 4, iosVersion: .init(OSVersion(18)),
      tags: [], skipReason: nil)
    return ScenarioLane.Job(position: position, planned: planned, file: Self.file)
  }

  @Test("a lane's batched requests reach the worker in plan order, and each reply goes to its own case")
  func laneKeepsOrder() throws {
    let lane = try Self.echoingLane()
    let count = WorkerPace.queueDepth * 3 + 5
    var handedOut = 0
    var finished: [(position: Int, versions: [String])] = []
    lane.runAll(
      keepsTranscript: false, isDone: { handedOut == count },
      next: {
        guard handedOut < count else { return nil }
        handedOut += 1
        return Self.job(handedOut - 1, index: 1000 + handedOut - 1)
      },
      began: { _ in },
      finish: { position, run in finished.append((position, run?.deviceVersions ?? ["none"])) })
    #expect(finished.map(\.position) == Array(0..<count))
    #expect(finished.map(\.versions) == (0..<count).map { ["\(1000 + $0)"] })
  }

  @Test("a lane's collections queue in its worker between cases, each answered to its own job, in order")
  func laneCollects() throws {
    let lane = try Self.echoingLane()
    var events: [String] = []
    var jobs: [ScenarioLane.Job] = []
    for round in 0..<3 {
      jobs.append(ScenarioLane.Job(position: -1, work: .collect(keepsTopLevel: true) { collection in
        if case .registered(let scenarios) = collection { events.append("collected \(round): \(scenarios.count)") }
      }, file: Self.file))
      jobs += [Self.job(round * 2, index: round * 2), Self.job(round * 2 + 1, index: round * 2 + 1)]
    }
    var next = jobs[...]
    lane.runAll(
      keepsTranscript: false, isDone: { next.isEmpty }, next: { next.popFirst() }, began: { _ in },
      finish: { position, run in events.append("ran \(position): \(run?.deviceVersions ?? [])") })
    #expect(events == (0..<3).flatMap { round in
      ["collected \(round): 0", "ran \(round * 2): [\"\(round * 2)\"]", "ran \(round * 2 + 1): [\"\(round * 2 + 1)\"]"]
    })
  }

  @Test("a worker that crashes in a file's top level fails that file's collection, and the lane goes on with a new worker")
  func laneCollectionCrashes() throws {
    let environment = try ScenarioEnvironment(root: FileManager.default.temporaryDirectory.path)
    let lane = ScenarioLane(.workerProcesses(Self.launch("echo Y; read line; kill -6 $$")), environment: environment, stop: StopFlag())
    var problems: [String] = []
    var next = (0..<2).map { _ in
      ScenarioLane.Job(position: -1, work: .collect(keepsTopLevel: false) { collection in
        if case .failed(let problem) = collection { problems.append("\(problem.kind.rawValue): \(problem.headline)") }
      }, file: Self.file)
    }[...]
    lane.runAll(keepsTranscript: false, isDone: { next.isEmpty }, next: { next.popFirst() }, began: { _ in }, finish: { _, _ in })
    #expect(problems == Array(repeating: "WorkerCrashed: its top level crashed its worker process (signal 6 (Aborted))", count: 2))
  }

  @Test(
    "a lane's worker started ahead serves its first cases; a retired lane's worker is killed without being waited for, reaped when the lane goes, and a later case starts another",
    .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/stat")))
  func lanePreparesAndRetires() throws {
    let environment = try ScenarioEnvironment(root: FileManager.default.temporaryDirectory.path)
    let started = FileManager.default.temporaryDirectory.appendingPathComponent("permsim-lane-\(UUID().uuidString).pids").path
    defer { unlink(started) }
    let tab = "\t"
    let script = """
      echo $$ >> '\(started)'
      echo Y
      while IFS= read -r line; do echo "P\(tab)$(echo "$line" | cut -f6)"; done
      """
    func pids() -> [pid_t] {
      ((try? String(contentsOfFile: started, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { pid_t($0) }
    }
    /// The state letter of `/proc/PID/stat` (`Z`: ended, not reaped), or nil once the process is reaped.
    func state(_ pid: pid_t) -> Character? {
      guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let name = stat.lastIndex(of: ")")
      else { return nil }
      return stat[stat.index(name, offsetBy: 2)]
    }
    func eventually(_ condition: () -> Bool) -> Bool {
      let deadline = ContinuousClock.now + .seconds(10)
      while !condition() {
        guard ContinuousClock.now < deadline else { return false }
        usleep(2_000)
      }
      return true
    }
    func run(_ lane: ScenarioLane, _ indices: [Int]) -> [[String]] {
      var next = indices.enumerated().map { Self.job($0.offset, index: $0.element) }[...]
      var versions: [[String]] = []
      lane.runAll(
        keepsTranscript: false, isDone: { next.isEmpty }, next: { next.popFirst() }, began: { _ in },
        finish: { _, run in versions.append(run?.deviceVersions ?? ["none"]) })
      return versions
    }

    var lane: ScenarioLane? = ScenarioLane(.workerProcesses(Self.launch(script)), environment: environment, stop: StopFlag())
    lane?.prepare()
    #expect(eventually { pids().count == 1 }, "the worker starts before the lane has a job")
    #expect(run(try #require(lane), [7, 8, 9]) == [["7"], ["8"], ["9"]])
    #expect(pids().count == 1, "the cases ran in the worker started ahead")
    let first = try #require(pids().first)

    lane?.retire()
    #expect(eventually { state(first) == "Z" || state(first) == nil }, "killed")
    #expect(run(try #require(lane), [3]) == [["3"]])
    #expect(pids().count == 2, "a case after the retirement starts another worker")
    lane = nil
    #expect(state(first) == nil, "reaped when the lane went")
    #expect(pids().allSatisfy { state($0) == nil })
  }

  @Test("a request queued by send goes out when the runner waits for its reply")
  func queuedRequestIsSent() throws {
    var worker = WorkerConversation(try WorkerProcess(Self.launch("echo Y; read line; echo P; exec sleep 60")), Self.launch(""))
    // Were it held, the reply would never come and the wait would end at the time limit instead.
    #expect(try worker.perform(Self.request).isPass)
  }

  @Test("a lane reports a crashed worker as its case's error and starts another worker for the next case")
  func laneGoesOn() throws {
    let root = FileManager.default.temporaryDirectory.path
    let environment = try ScenarioEnvironment(root: root)
    let lane = ScenarioLane(.workerProcesses(Self.launch("read line; kill -6 $$")), environment: environment, stop: StopFlag())
    let planned = RunPlan.Case(
      scenario: ScenarioIdentity(index: 1, name: "s", line: 4), name: "s", line: 4, iosVersion: .init(OSVersion(18)), tags: [], skipReason: nil)
    for _ in 0..<2 {
      let run = lane.run(planned, of: Self.file, keepsTranscript: false)
      guard case .errored(let problem)? = run?.outcome else {
        Issue.record("\(String(describing: run?.outcome))")
        return
      }
      #expect(problem.kind == .workerCrashed)
      #expect(problem.headline == "crashed its worker process (signal 6 (Aborted))")
      #expect(problem.location == ScriptLocation(path: "s.lua", line: 4))
    }
  }
}

/// Both pipes full at once: the reproduction of issue 44, where the runner blocked writing a request of
/// megabytes while its worker blocked writing a reply of megabytes, and neither read.
@Suite("Worker pipes both full")
struct BothPipesFullTests {
  /// A case of `index` whose name is `bytes` long, at `position`.
  static func job(_ position: Int, index: Int, nameBytes: Int) -> ScenarioLane.Job {
    let name = String(repeating: "N", count: nameBytes)
    let planned = RunPlan.Case(
      scenario: ScenarioIdentity(index: index, name: name, line: 4), name: name, line: 4, iosVersion: .init(OSVersion(18)),
      tags: [], skipReason: nil)
    return ScenarioLane.Job(position: position, planned: planned, file: WorkerProcessTests.file)
  }

  static func run(_ lane: ScenarioLane, _ jobs: [ScenarioLane.Job]) -> [String] {
    var next = jobs[...]
    var results: [String] = []
    lane.runAll(
      keepsTranscript: false, isDone: { next.isEmpty }, next: { next.popFirst() }, began: { _ in },
      finish: { position, run in
        switch run?.outcome {
        case .passed?: results.append("\(position) passed")
        case .errored(let problem)?: results.append("\(position) \(problem.kind.rawValue)")
        default: results.append("\(position) \(String(describing: run?.outcome))")
        }
      })
    return results
  }

  @Test("a worker that writes a reply of 2 MiB before it reads, while the runner sends requests of 2 MiB: both finish (each 32 times a pipe)")
  func bothDirections() throws {
    let environment = try ScenarioEnvironment(root: FileManager.default.temporaryDirectory.path)
    let script = """
      import sys
      sys.stdout.write("Y\\n"); sys.stdout.flush()
      sys.stdout.write("P\\t" + "v" * (2 << 20) + "\\n"); sys.stdout.flush()
      for number, line in enumerate(sys.stdin):
          if number >= 1:
              sys.stdout.write("P\\n"); sys.stdout.flush()
      """
    let launch = WorkerLaunch(
      executable: "/usr/bin/env", arguments: ["python3", "-c", script], settings: nil, timeLimit: .seconds(30), memoryLimit: 0)
    let lane = ScenarioLane(.workerProcesses(launch), environment: environment, stop: StopFlag())
    let started = ContinuousClock.now
    let results = Self.run(lane, (0..<3).map { Self.job($0, index: $0 + 1, nameBytes: 2 << 20) })
    #expect(results == ["0 passed", "1 passed", "2 passed"])
    #expect(ContinuousClock.now - started < .seconds(20), "took \(ContinuousClock.now - started)")
  }

  @Test("a worker that never reads its requests: the runner does not block writing them, and each case ends at its time limit")
  func workerStopsReading() throws {
    let environment = try ScenarioEnvironment(root: FileManager.default.temporaryDirectory.path)
    let launch = WorkerProcessTests.launch("echo Y; exec sleep 60", timeLimit: .milliseconds(500))
    let lane = ScenarioLane(.workerProcesses(launch), environment: environment, stop: StopFlag())
    let started = ContinuousClock.now
    let results = Self.run(lane, (0..<3).map { Self.job($0, index: $0 + 1, nameBytes: 1 << 20) })
    #expect(results == ["0 TimeLimitExceeded", "1 TimeLimitExceeded", "2 TimeLimitExceeded"])
    #expect(ContinuousClock.now - started < .seconds(10), "took \(ContinuousClock.now - started)")
  }

  @Test("an abandoning stop while both pipes are full ends the lane within a slice, the running case reported as interrupted")
  func stopWhileFull() throws {
    let environment = try ScenarioEnvironment(root: FileManager.default.temporaryDirectory.path)
    let stop = StopFlag()
    let launch = WorkerProcessTests.launch("echo Y; exec sleep 60", timeLimit: .seconds(60))
    let lane = ScenarioLane(.workerProcesses(launch), environment: environment, stop: stop)
    let started = ContinuousClock.now
    let taken = StopFlag()  // set once every job was handed out
    let stopper = Thread {
      while !taken.isSet { usleep(10_000) }
      Thread.sleep(forTimeInterval: 0.3)
      stop.abandon(signal: SIGTERM)
    }
    stopper.start()
    var next = (0..<4).map { Self.job($0, index: $0 + 1, nameBytes: 1 << 20) }[...]
    var results: [String] = []
    lane.runAll(
      keepsTranscript: false, isDone: { next.isEmpty },
      next: {
        defer { if next.isEmpty { taken.set() } }
        return next.popFirst()
      }, began: { _ in },
      finish: { position, run in
        if case .errored(let problem)? = run?.outcome { results.append("\(position) \(problem.kind.rawValue)") } else {
          results.append("\(position) \(String(describing: run?.outcome))")
        }
      })
    #expect(results == ["0 Interrupted", "1 nil", "2 nil", "3 nil"], "\(results)")
    #expect(ContinuousClock.now - started < .seconds(10), "took \(ContinuousClock.now - started)")
  }
}

extension WorkerReply {
  /// Whether the reply is a pass.
  var isPass: Bool {
    if case .ran(let run) = self { run.outcome == .passed } else { false }
  }
}

/// What a worker sends back: never more of a problem than a report shows (issue 11).
@Suite("Worker replies")
struct WorkerReplyTests {
  @Test("a failure message of a megabyte crosses the pipe bounded to the report limits")
  func boundedProblem() throws {
    let environment = try ScenarioEnvironment(root: FileManager.default.temporaryDirectory.path)
    let engine = try ScenarioEngine(environment: environment)
    let file = ScenarioFile(
      path: "big.lua", absolutePath: "/nowhere/big.lua",
      source: "scenario('big', function() error(string.rep('x', 1 << 20) .. 'END', 0) end)\n")
    guard case .registered(let scenarios) = engine.collect(file), let scenario = scenarios.first else {
      Issue.record("the file did not register its scenario")
      return
    }
    let request = WorkerRequest.run(
      WorkerFile(file), scenario: scenario.identity, name: "big", iosVersion: .init(OSVersion(18)), keepsTranscript: false)
    let reply = WorkerServer.handle(request, file: file, on: engine)
    #expect(reply.line.count < 200_000, "\(reply.line.count) bytes")
    guard case .ran(let run) = reply, case .errored(let problem) = run.outcome else {
      Issue.record("not an errored run")
      return
    }
    #expect((problem.headline + problem.details).contains("END"), "the end of the message is kept")
    #expect((problem.headline + problem.details).contains("bytes not shown"))
  }
}

/// The line protocol under the worker pipes.
@Suite("Worker channel")
struct WorkerChannelTests {
  @Test("lines of any length arrive whole and in order, however the reads cut them")
  func lines() throws {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    let (input, output) = (ends[0], ends[1])
    defer { close(input) }
    // Eight MiB in one line (read in 64 KiB pieces and scanned once), short lines around it, an empty one.
    let lines = ["a", String(repeating: "x", count: 8 << 20), "", "b", String(repeating: "y", count: 65_535), "c"]
    let writer = Thread {
      let channel = WorkerChannel(input: -1, output: output)
      for line in lines { channel.send(Array(line.utf8)) }
      close(output)
    }
    writer.start()
    let channel = WorkerChannel(input: input, output: -1)
    for line in lines {
      let received = try channel.receive { String(decoding: $0, as: UTF8.self) }
      #expect(received.count == line.count && received.first == line.first)
    }
    #expect(throws: WorkerChannel.Interruption.closed) { try channel.receive { $0.count } }
  }
}
