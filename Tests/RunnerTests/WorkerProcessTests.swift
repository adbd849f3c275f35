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
    let worker = try WorkerProcess(Self.launch("read line; kill -SEGV $$"))
    #expect(throws: WorkerProcess.Failure.ended("signal 11 (Segmentation fault)")) {
      try worker.perform(Self.request, Self.launch(""), isAbandoned: { false })
    }
  }

  @Test("a worker that exits fails its request with its status")
  func exit() throws {
    let worker = try WorkerProcess(Self.launch("read line; exit 3"))
    #expect(throws: WorkerProcess.Failure.ended("exit status 3")) {
      try worker.perform(Self.request, Self.launch(""), isAbandoned: { false })
    }
  }

  @Test("a request past its time limit ends the worker, whatever it is doing")
  func timeLimit() throws {
    let launch = Self.launch("read line; exec sleep 60", timeLimit: .milliseconds(300))
    let worker = try WorkerProcess(launch)
    let start = ContinuousClock.now
    #expect(throws: WorkerProcess.Failure.timedOut) { try worker.perform(Self.request, launch, isAbandoned: { false }) }
    #expect(ContinuousClock.now - start < .seconds(3))
    #expect(kill(worker.pid, 0) != 0, "the process is gone")
  }

  @Test("a worker past its host memory limit is ended", .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/statm")))
  func memory() throws {
    let launch = WorkerLaunch(
      executable: "/usr/bin/env",
      arguments: ["python3", "-c", "import sys, time; sys.stdin.readline(); x = bytearray(300 << 20); time.sleep(60)"], settings: nil,
      timeLimit: .seconds(30), memoryLimit: 100 << 20)
    let worker = try WorkerProcess(launch)
    #expect {
      try worker.perform(Self.request, launch, isAbandoned: { false })
    } throws: { error in
      if case WorkerProcess.Failure.overMemory(let bytes) = error { bytes > 100 << 20 } else { false }
    }
  }

  @Test("an abandoned request ends its worker at once")
  func abandoned() throws {
    let launch = Self.launch("read line; exec sleep 60")
    let worker = try WorkerProcess(launch)
    #expect(throws: WorkerProcess.Failure.stopped) { try worker.perform(Self.request, launch, isAbandoned: { true }) }
  }

  @Test("requests and replies survive their line forms (collect, run, pass): tabs, line breaks and backslashes in names, a name that is not UTF-8, an empty name, numbers of many digits and zero")
  func lines() throws {
    let file = WorkerFile(path: "a\tb.lua", absolutePath: "/x/a\tb.lua", readsDirectly: false)
    var reader = WorkerRequest.Reader()
    for scenario in [
      ScenarioIdentity(index: 2, name: "x\ty\nz\\", line: 7, occurrence: 3),
      ScenarioIdentity(index: 2, name: "x\u{FFFD}", line: 7, occurrence: 1, rawName: [0x78, 0xFF]),
      ScenarioIdentity(index: 1_234_567, name: "", line: 0, occurrence: 10),  // numbers written digit by digit
    ] {
      let request = WorkerRequest.run(file, scenario: scenario, name: scenario.name + " [iOS 14]", iosVersion: RequestedVersion(written: "14"), keepsTranscript: true)
      guard case .run(let file2, let scenario2, let name2, let version2, let keeps2) = try reader.request(request.line[...]) else {
        Issue.record("not a run request")
        continue
      }
      #expect(file2 == file && scenario2 == scenario && name2 == scenario.name + " [iOS 14]" && version2.text == "14" && keeps2)
    }
    for (readsDirectly, keeps) in [(false, false), (true, false), (false, true)] {
      let collect = WorkerRequest.collect(
        WorkerFile(path: file.path, absolutePath: file.absolutePath, readsDirectly: readsDirectly), keepsTopLevel: keeps)
      #expect(collect.line.first == UInt8(ascii: "K"))
      guard case .collect(let file2, let keeps2) = try reader.request(collect.line[...]) else {
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
  }

  @Test("a worker's reader takes a request's file and version from the one before only when they are the same")
  func readerReuses() throws {
    let a = WorkerFile(path: "a.lua", absolutePath: "/r/a.lua", readsDirectly: false)
    let b = WorkerFile(path: "a.lua", absolutePath: "/r/a.lua", readsDirectly: true)
    let c = WorkerFile(path: "a.lua", absolutePath: "/s/a.lua", readsDirectly: false)
    var reader = WorkerRequest.Reader()
    for (file, version, name) in [(a, "14", "x"), (a, "14", "y [iOS 14]"), (b, "15.2", "y"), (c, "15.2", "z"), (a, "14", "x")] {
      let scenario = ScenarioIdentity(index: 1, name: "x\ty", line: Int.max, occurrence: 1)
      let request = WorkerRequest.run(file, scenario: scenario, name: name, iosVersion: RequestedVersion(written: version), keepsTranscript: false)
      guard case .run(let file2, let scenario2, let name2, let version2, _) = try reader.request(request.line[...]) else {
        Issue.record("not a run request")
        continue
      }
      #expect(file2 == file && scenario2 == scenario && name2 == name && version2.text == version)
    }
    guard case .collect(let file2, _) = try reader.request(WorkerRequest.collect(c, keepsTopLevel: true).line[...]) else {
      Issue.record("not a collect request")
      return
    }
    #expect(file2 == c)
    for malformed in ["R\tx\t1\t1\t14\t0\t0\ta\tb\tn\tn", "R\t99999999999999999999\t1\t1\t14\t0\t0\ta\tb\tn\tn", "R\t\t1\t1\t14\t0\t0\ta\tb\tn\tn"] {
      #expect(throws: (any Error).self, "\(malformed)") { try reader.request(Array(malformed.utf8)[...]) }
    }
    guard case .run(_, let scenario, _, _, _) = try reader.request(Array("R\t-9223372036854775808\t0\t1\t14\t0\t0\ta\tb\tn\tn".utf8)[...]) else {
      Issue.record("not a run request")
      return
    }
    #expect(scenario.index == Int.min, "the most negative number reads")
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
    let raw = [DeclaredScenario(index: 1, name: "x\u{FFFD}", line: 1, rawName: [0x78, 0xFF])]
    let reply = WorkerReply.collected(.registered(raw))
    #expect(reply.line.first == UInt8(ascii: "J"), "a name that is not UTF-8 goes as JSON")
    guard case .collected(.registered(let decoded)) = try WorkerReply(line: reply.line[...]) else {
      Issue.record("not a collection")
      return
    }
    #expect(decoded == raw)
    #expect(throws: (any Error).self) { try WorkerReply(line: Array("C\t1\tname".utf8)[...]) }
  }

  @Test("a worker is ready once it says so; a reply before that makes it unusable")
  func ready() throws {
    let worker = try WorkerProcess(Self.launch("echo Y; read line; echo P"))
    try worker.awaitReady(Self.launch(""), isAbandoned: { false })
    #expect(try worker.perform(Self.request, Self.launch(""), isAbandoned: { false }).isPass)
    let early = try WorkerProcess(Self.launch("echo P; exec sleep 60"))
    #expect(throws: WorkerProcess.Failure.unusable("the worker answered before it said it was ready")) {
      try early.awaitReady(Self.launch(""), isAbandoned: { false })
    }
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
        case "$line" in K*) echo C ;; *) rest=${line#R\(tab)}; echo "P\(tab)${rest%%\(tab)*}" ;; esac
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
    let count = ScenarioLane.queueDepth * 3 + 5
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
      while IFS= read -r line; do rest=${line#R\(tab)}; echo "P\(tab)${rest%%\(tab)*}"; done
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
    let worker = try WorkerProcess(Self.launch("read line; echo P; exec sleep 60"))
    try worker.send(Self.request)
    // Were it held, the reply would never come and the wait would end at the time limit instead.
    #expect(try worker.receive(Self.launch(""), until: .now + .seconds(30), isAbandoned: { false }).isPass)
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

  @Test("queued lines wait for a flush, then go out in one write, in order")
  func batch() throws {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    defer { close(ends[0]); close(ends[1]) }
    let writer = WorkerChannel(input: -1, output: ends[1])
    for line in ["one", "two", "three"] { writer.enqueue(Array(line.utf8)) }
    #expect(writer.hasQueued && writer.writeCount == 0)
    var descriptor = pollfd(fd: ends[0], events: Int16(POLLIN), revents: 0)
    #expect(poll(&descriptor, 1, 0) == 0, "nothing written before the flush")
    #expect(writer.flush())
    #expect(!writer.hasQueued && writer.writeCount == 1)
    let reader = WorkerChannel(input: ends[0], output: -1)
    var received: [String] = []
    for _ in 0..<3 { received.append(try reader.receive { String(decoding: $0, as: UTF8.self) }) }
    #expect(received == ["one", "two", "three"])
    #expect(!reader.hasBufferedLine)
  }

  @Test("a channel writes what it queued before it waits to receive")
  func flushBeforeWaiting() throws {
    do {
      var requests: [Int32] = [0, 0]
      var replies: [Int32] = [0, 0]
      #expect(pipe(&requests) == 0 && pipe(&replies) == 0)
      let (requestsIn, repliesOut) = (requests[0], replies[1])
      // The other side answers each line it reads with the line backwards, and ends when its input closes.
      let echo = Thread {
        let other = WorkerChannel(input: requestsIn, output: repliesOut)
        while let line = try? other.receive({ Array($0) }) { other.send(line.reversed()) }
        close(repliesOut)
      }
      echo.start()
      let channel = WorkerChannel(input: replies[0], output: requests[1])
      channel.enqueue(Array("ping".utf8))
      channel.enqueue(Array("pong".utf8))
      // Were the lines held, both sides would wait for each other: the check ends such a wait.
      var slices = 0
      let check = { () -> String? in
        slices += 1
        return slices > 300 ? "no answer" : nil
      }
      #expect(try channel.receive({ String(decoding: $0, as: UTF8.self) }, check: check) == "gnip")
      #expect(try channel.receive({ String(decoding: $0, as: UTF8.self) }, check: check) == "gnop")
      close(requests[1])
      #expect(throws: WorkerChannel.Interruption.closed) { try channel.receive({ $0.count }, check: check) }
      close(requests[0])
      close(replies[0])
    }
  }
}
