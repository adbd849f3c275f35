import Foundation
import PermissionModel
import Reporting
import ScenarioRuntime
import Testing

@testable import Runner

/// The executor's concurrency core, on stand-in lanes whose cases end when the test says: results are
/// posted in plan order whatever order lanes finish them in, `--fail-fast` and stops (issue 12).
///
/// No test sleeps: each waits for what the lanes or the poster did (with a generous deadline, so a
/// broken executor fails the test rather than hanging it).
@Suite("Run executor")
struct RunExecutorTests {
  static let files = ["a.lua", "b.lua"].map {
    RunExecutor.LoadedFile(file: ScenarioFile(path: $0, absolutePath: "/nowhere/" + $0, source: ""))
  }

  /// Two suites of two cases: positions 0 and 1 in a.lua, 2 and 3 in b.lua.
  static let plan = RunPlan(
    suites: (0..<2).map { file in
      RunPlan.Suite(
        fileIndex: file,
        cases: (1...2).map { index in
          RunPlan.Case(
            scenario: ScenarioIdentity(index: index, name: "c\(index)", line: index), name: "c\(index)", line: index,
            iosVersion: .init(OSVersion(18)), tags: [], skipReason: nil)
        })
    })

  /// Runs `plan` on `lanes` in the background; the returned run says when it ended and what it posted.
  static func start(
    _ lanes: ScriptedLanes, jobs: Int, failFast: Bool = false, stop: StopFlag = StopFlag(), plan: RunPlan = plan
  ) throws -> BackgroundRun {
    let executor = RunExecutor(
      environment: try ScenarioEnvironment(root: FileManager.default.temporaryDirectory.path), files: files,
      options: RunExecutor.Options(jobs: jobs, failFast: failFast, clock: .fixed(RunEvent.Instant(nanosecondsSinceEpoch: 0))),
      lanes: lanes)
    let run = BackgroundRun()
    let thread = Thread {
      let stopped = executor.execute(plan, info: RunInfo(version: "test"), stop: stop) { run.append($0) }
      run.end(stopped: stopped)
    }
    thread.start()
    return run
  }

  @Test("cases are posted in plan order, none before the first case finished, whatever order the lanes finish them in")
  func planOrder() throws {
    let lanes = ScriptedLanes()
    let run = try Self.start(lanes, jobs: 2)
    // Two lanes hold positions 0 and 2, a file each; the later positions finish first, on the lane
    // that held 2, which then helps with the first file.
    for position in [2, 3, 1] {
      try lanes.waitUntilStarted(position)
      lanes.release(position, as: .passed)
    }
    try lanes.waitUntilFinished(1)
    #expect(run.caseNames.isEmpty, "nothing is posted while the first case runs")
    lanes.release(0, as: .failed(CaseProblem(kind: .expectationFailed, headline: "no")))
    let stopped = try run.waitForEnd()
    #expect(!stopped)
    #expect(run.kinds == Self.expectedKinds(cases: 4))
    #expect(run.caseNames == ["a.lua c1", "a.lua c2", "b.lua c1", "b.lua c2"])
    #expect(run.outcomes.first == .failed(CaseProblem(kind: .expectationFailed, headline: "no")))
    #expect(run.outcomes.dropFirst().allSatisfy { $0 == .passed })
  }

  @Test("one job and two post the same events")
  func jobsAgree() throws {
    var posted: [[RunEvent]] = []
    for jobs in [1, 2] {
      let lanes = ScriptedLanes(
        default: { $0 == 2 ? .errored(CaseProblem(kind: .scriptError, headline: "boom")) : .passed })
      let run = try Self.start(lanes, jobs: jobs)
      _ = try run.waitForEnd()
      posted.append(run.events)
    }
    #expect(posted[0] == posted[1])
    #expect(posted[0].count == Self.expectedKinds(cases: 4).count)
  }

  @Test("--fail-fast reports every case after the first failure as skipped, also one a lane already passed")
  func failFast() throws {
    let lanes = ScriptedLanes()
    let run = try Self.start(lanes, jobs: 2, failFast: true)
    try lanes.waitUntilStarted(2)
    lanes.release(2, as: .passed)
    try lanes.waitUntilFinished(2)
    lanes.release(0, as: .failed(CaseProblem(kind: .expectationFailed, headline: "no")))
    try run.waitForCases(4)
    lanes.releaseAll(as: .passed)  // whatever a lane took before the cancellation
    #expect(try !run.waitForEnd())
    #expect(run.kinds == Self.expectedKinds(cases: 4))
    #expect(run.outcomes.dropFirst().allSatisfy {
      $0 == .skipped(reason: "not run: --fail-fast stopped the run after the first failure or error")
    })
  }

  @Test("a stop lets the running case end and reports it; no case starts after it")
  func stopReportsRunningCase() throws {
    let lanes = ScriptedLanes()
    let stop = StopFlag()
    let run = try Self.start(lanes, jobs: 1, stop: stop)
    try lanes.waitUntilStarted(0)
    stop.set()
    lanes.release(0, as: .passed)
    #expect(try run.waitForEnd())
    #expect(run.caseNames == ["a.lua c1"])
    #expect(run.outcomes == [.passed])
    #expect(lanes.started == [0])
    #expect(run.events.last?.kind == .runEnded(RunEnd(interrupted: true)))
  }

  @Test("a stop during the last case reports it and still marks the run interrupted")
  func stopDuringLastCase() throws {
    var plan = Self.plan
    plan.suites = [RunPlan.Suite(fileIndex: 0, cases: [plan.suites[0].cases[0]])]
    let lanes = ScriptedLanes()
    let stop = StopFlag()
    let run = try Self.start(lanes, jobs: 2, stop: stop, plan: plan)
    try lanes.waitUntilStarted(0)
    stop.set()
    lanes.release(0, as: .errored(CaseProblem(kind: .timeLimitExceeded, headline: "ran past its time limit")))
    #expect(try run.waitForEnd())
    #expect(run.caseNames == ["a.lua c1"])
    #expect(run.events.last?.kind == .runEnded(RunEnd(interrupted: true)))
  }

  /// Two lanes run the first case of each file (positions 0 and 2; position 1 never starts) when the stop comes.
  @Test(
    "a first Ctrl-C lets every lane's running case end and reports each, past the case that never ran; after an abandoning stop, the cases that finished are reported too, past the first unfinished one (issue 44)",
    arguments: [false, true])
  func stopWithTwoLanes(abandons: Bool) throws {
    let lanes = ScriptedLanes()
    let stop = StopFlag()
    let run = try Self.start(lanes, jobs: 2, stop: stop)
    try lanes.waitUntilStarted(0)
    try lanes.waitUntilStarted(2)
    if abandons {
      stop.abandon()
      lanes.abandon(0)
    } else {
      stop.set()
      lanes.release(0, as: .passed)
    }
    lanes.release(2, as: .passed)
    #expect(try run.waitForEnd())
    #expect(lanes.started.sorted() == [0, 2])  // two lanes start in whichever order the threads run
    if abandons {
      #expect(run.caseNames == ["b.lua c1"])
      #expect(run.kinds == ["runStarted", "suiteStarted", "caseStarted", "caseEnded", "suiteEnded", "runEnded"])
    } else {
      #expect(run.caseNames == ["a.lua c1", "b.lua c1"])
      let suite = ["suiteStarted", "caseStarted", "caseEnded", "suiteEnded"]
      #expect(run.kinds == ["runStarted"] + suite + suite + ["runEnded"])
      #expect(run.events.last?.kind == .runEnded(RunEnd(interrupted: true)))
    }
  }

  @Test("a stop before any case started posts none and marks the run interrupted")
  func stopFirst() throws {
    let lanes = ScriptedLanes(default: { _ in .passed })
    let stop = StopFlag()
    stop.set()
    let run = try Self.start(lanes, jobs: 2, stop: stop)
    #expect(try run.waitForEnd())
    #expect(run.kinds == ["runStarted", "runEnded"])
    #expect(lanes.started.isEmpty)
  }

  @Test("skipped cases and cases of a file that failed to load are reported without reaching a lane")
  func withoutRunning() throws {
    var plan = Self.plan
    plan.suites[0].cases[1].skipReason = "pending"
    let lanes = ScriptedLanes(default: { _ in .passed })
    let run = try Self.start(lanes, jobs: 2, plan: plan)
    _ = try run.waitForEnd()
    #expect(run.outcomes == [.passed, .skipped(reason: "pending"), .passed, .passed])
    #expect(lanes.started.sorted() == [0, 2, 3])
  }

  /// The kinds of a run's events when every case of ``plan`` is reported.
  static func expectedKinds(cases: Int) -> [String] {
    precondition(cases == 4)
    let suite = ["suiteStarted"] + Array(repeating: ["caseStarted", "caseEnded"], count: 2).flatMap { $0 } + ["suiteEnded"]
    return ["runStarted"] + suite + suite + ["runEnded"]
  }
}

/// How long a test waits for something the executor must do before it counts it as not done.
private let deadline: Duration = .seconds(20)

/// What a stand-in lane does with a case: end it with an outcome, or abandon it.
enum ScriptedEnding {
  case outcome(CaseOutcome)
  case abandoned
}

/// Stand-in lanes: each case waits until the test releases it (or ends at once with a default outcome).
final class ScriptedLanes: LaneSource, @unchecked Sendable {
  private let _condition = NSCondition()
  private var _endings: [Int: ScriptedEnding] = [:]
  private var _started: [Int] = []
  private var _finished: Set<Int> = []
  private var _default: ((Int) -> CaseOutcome)?

  /// Lanes whose cases wait for the test, or end with `default(position)` when it is given.
  init(default: ((Int) -> CaseOutcome)? = nil) {
    _default = `default`
  }

  /// The positions started, in the order they started.
  var started: [Int] { _condition.withLock { _started } }

  func release(_ position: Int, as outcome: CaseOutcome) { end(position, .outcome(outcome)) }

  func abandon(_ position: Int) { end(position, .abandoned) }

  /// Ends every case that waits or comes later with `outcome`.
  func releaseAll(as outcome: CaseOutcome) {
    _condition.withLock {
      _default = { _ in outcome }
      _condition.broadcast()
    }
  }

  private func end(_ position: Int, _ ending: ScriptedEnding) {
    _condition.withLock {
      _endings[position] = ending
      _condition.broadcast()
    }
  }

  func waitUntilStarted(_ position: Int) throws { try waitUntil { self._started.contains(position) } }

  func waitUntilFinished(_ position: Int) throws { try waitUntil { self._finished.contains(position) } }

  private func waitUntil(_ condition: () -> Bool) throws {
    let end = Date(timeIntervalSinceNow: Double(deadline.components.seconds))
    _condition.lock()
    defer { _condition.unlock() }
    while !condition() {
      guard _condition.wait(until: end) else { throw ScriptedTimeout() }
    }
  }

  func withLane(_ body: (any CaseLane) -> Void) { body(Lane(self)) }

  /// The ending of `position`, once the test gives one.
  fileprivate func ending(of position: Int) -> ScriptedEnding {
    _condition.lock()
    defer { _condition.unlock() }
    _started.append(position)
    _condition.broadcast()
    while true {
      if let ending = _endings[position] { return ending }
      if let outcome = _default?(position) { return .outcome(outcome) }
      _condition.wait()
    }
  }

  fileprivate func finished(_ position: Int) {
    _condition.withLock {
      _finished.insert(position)
      _condition.broadcast()
    }
  }

  private final class Lane: CaseLane {
    let lanes: ScriptedLanes

    init(_ lanes: ScriptedLanes) { self.lanes = lanes }

    func hasCompiled(_ file: ScenarioFile) -> Bool { false }

    func runAll(
      keepsTranscript: Bool, isDone: () -> Bool, next: () -> ScenarioLane.Job?, began: (Int) -> Void,
      finish: (Int, ScenarioEngine.CaseRun?) -> Void
    ) {
      while let job = next() {
        began(job.position)
        switch lanes.ending(of: job.position) {
        case .outcome(let outcome):
          finish(job.position, ScenarioEngine.CaseRun(outcome: outcome, transcript: [], deviceVersions: []))
          lanes.finished(job.position)
        case .abandoned:
          finish(job.position, nil)
          lanes.finished(job.position)
          return
        }
      }
    }
  }
}

struct ScriptedTimeout: Error {}

/// A run going on in the background: the events it posted so far, and its end.
final class BackgroundRun: @unchecked Sendable {
  private let _condition = NSCondition()
  private var _events: [RunEvent] = []
  private var _stopped: Bool?

  func append(_ event: RunEvent) {
    _condition.withLock {
      _events.append(event)
      _condition.broadcast()
    }
  }

  func end(stopped: Bool) {
    _condition.withLock {
      _stopped = stopped
      _condition.broadcast()
    }
  }

  var events: [RunEvent] { _condition.withLock { _events } }

  /// Each event's kind, by name.
  var kinds: [String] {
    events.map {
      switch $0.kind {
      case .runStarted: "runStarted"
      case .suiteStarted: "suiteStarted"
      case .caseStarted: "caseStarted"
      case .caseEnded: "caseEnded"
      case .suiteEnded: "suiteEnded"
      case .runEnded: "runEnded"
      }
    }
  }

  private var results: [CaseResult] { Self.results(events) }

  private static func results(_ events: [RunEvent]) -> [CaseResult] {
    events.compactMap { if case .caseEnded(let result) = $0.kind { result } else { nil } }
  }

  /// The reported cases as `path name`.
  var caseNames: [String] { results.map { "\($0.info.suitePath) \($0.info.name)" } }

  var outcomes: [CaseOutcome] { results.map(\.outcome) }

  /// Waits until `count` cases were reported.
  func waitForCases(_ count: Int) throws {
    try waitUntil { Self.results(self._events).count >= count }
  }

  /// Waits for the end of the run and says whether it was stopped.
  func waitForEnd() throws -> Bool {
    try waitUntil { self._stopped != nil }
    return _condition.withLock { _stopped ?? false }
  }

  private func waitUntil(_ condition: () -> Bool) throws {
    let end = Date(timeIntervalSinceNow: Double(deadline.components.seconds))
    _condition.lock()
    defer { _condition.unlock() }
    while !condition() {
      guard _condition.wait(until: end) else { throw ScriptedTimeout() }
    }
  }
}
