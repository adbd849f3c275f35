import Foundation
import LuaBridge
import Reporting
import ScenarioRuntime

/// Runs the cases of a plan on worker threads, each in a fresh session, and posts run events in plan order.
///
/// Workers take cases in plan order and may finish them in any order; results are posted strictly in plan
/// order, so reports are the same whatever the number of jobs. `--fail-fast` reports every case after the
/// first failure or error as skipped, whether or not a worker already ran it. A stop request (SIGINT) lets
/// running cases end (within their instruction budget) and posts only the cases before the first unfinished one.
public struct RunExecutor: Sendable {
  /// How the executor runs.
  public struct Options: Sendable {
    /// How many cases run at once.
    public var jobs: Int
    /// `--fail-fast`.
    public var failFast: Bool
    /// Where event instants come from.
    public var clock: RunClock

    public init(jobs: Int, failFast: Bool = false, clock: RunClock = .wall) {
      self.jobs = max(1, jobs)
      self.failFast = failFast
      self.clock = clock
    }
  }

  /// A collected scenario file: its compiled source, or the problem that kept it from loading.
  public struct LoadedFile: Sendable {
    public var file: ScenarioFile
    public var loadProblem: CaseProblem?

    public init(file: ScenarioFile, loadProblem: CaseProblem? = nil) {
      self.file = file
      self.loadProblem = loadProblem
    }
  }

  public let environment: ScenarioEnvironment
  public let files: [LoadedFile]
  public let options: Options

  public init(environment: ScenarioEnvironment, files: [LoadedFile], options: Options) {
    self.environment = environment
    self.files = files
    self.options = options
  }

  /// Runs `plan`, posting `runStarted` … `runEnded` to `post` on the calling thread; returns whether it was stopped.
  @discardableResult
  public func execute(_ plan: RunPlan, info: RunInfo, stop: StopFlag, post: (RunEvent) -> Void) -> Bool {
    let jobs = plan.suites.enumerated().flatMap { suite, entry in entry.cases.indices.map { Job(suite: suite, index: $0) } }
    let workers = min(options.jobs, max(1, jobs.count))
    let board = ResultBoard(count: jobs.count, workers: workers)
    post(RunEvent(.runStarted(info), at: options.clock.now()))

    for _ in 0..<workers {
      let worker = Thread { [self] in
        let engine = Result { () throws(LuaError) in try ScenarioEngine(environment: environment) }
        while !stop.isSet, !board.isCancelled, let next = board.takeNext() {
          let job = jobs[next]
          let suite = plan.suites[job.suite]
          board.finish(next, run(suite.cases[job.index], of: files[suite.fileIndex], on: engine))
        }
        board.workerDone()
      }
      worker.stackSize = 16 << 20
      worker.start()
    }

    var stopped = false
    var failed = false
    var position = 0
    for suite in plan.suites {
      let path = files[suite.fileIndex].file.path
      var suiteStarted = false
      for caseIndex in suite.cases.indices {
        let result: Finished
        if failed {
          let now = options.clock.now()
          result = Finished(
            outcome: .skipped(reason: "not run: --fail-fast stopped the run after the first failure or error"),
            transcript: [], started: now, ended: now)
        } else if let finished = board.wait(for: position, stop: stop) {
          result = finished
        } else {
          stopped = true
          break
        }
        position += 1
        let planned = suite.cases[caseIndex]
        let line = planned.scenarioIndex == 0 ? files[suite.fileIndex].loadProblem?.location?.line : planned.line
        if !suiteStarted {
          post(RunEvent(.suiteStarted(SuiteInfo(path: path)), at: result.started))
          suiteStarted = true
        }
        let info = CaseInfo(suitePath: path, name: planned.name, line: line, iOSVersion: planned.iosVersion, tags: planned.tags)
        post(RunEvent(.caseStarted(info), at: result.started))
        post(RunEvent(.caseEnded(CaseResult(info: info, outcome: result.outcome, transcript: result.transcript)), at: result.ended))
        if options.failFast, !failed, result.outcome.isProblem {
          failed = true
          board.cancel()
        }
        if caseIndex == suite.cases.count - 1 {
          post(RunEvent(.suiteEnded(SuiteInfo(path: path)), at: result.ended))
        }
      }
      if stopped {
        if suiteStarted { post(RunEvent(.suiteEnded(SuiteInfo(path: path)), at: options.clock.now())) }
        break
      }
    }
    board.cancel()
    board.waitForWorkers()
    post(RunEvent(.runEnded(RunEnd(interrupted: stopped)), at: options.clock.now()))
    return stopped
  }

  // MARK: - One case

  private struct Job: Sendable {
    var suite: Int
    var index: Int
  }

  /// What a worker hands back for one case.
  struct Finished: Sendable {
    var outcome: CaseOutcome
    var transcript: [String]
    var started: RunEvent.Instant
    var ended: RunEvent.Instant
  }

  private func run(_ planned: RunPlan.Case, of loaded: LoadedFile, on engine: Result<ScenarioEngine, LuaError>) -> Finished {
    let started = options.clock.now()
    let outcome: CaseOutcome
    var transcript: [String] = []
    if let reason = planned.skipReason {
      outcome = .skipped(reason: reason)
    } else if let problem = loaded.loadProblem {
      outcome = .errored(problem)
    } else {
      do {
        let run = try engine.get().run(
          planned.scenario, named: planned.name, of: loaded.file, iosVersion: planned.iosVersion)
        outcome = run.outcome
        transcript = run.transcript
      } catch {
        outcome = CaseVerdict.outcome(of: error, memoryLimit: environment.limits.memory)
      }
    }
    return Finished(outcome: outcome, transcript: transcript, started: started, ended: options.clock.now())
  }
}

extension CaseOutcome {
  /// Whether the outcome is a failure or an error.
  var isProblem: Bool {
    switch self {
    case .failed, .errored: true
    case .passed, .skipped: false
    }
  }
}

/// Finished cases by plan position, handed from workers to the thread that posts events.
private final class ResultBoard: @unchecked Sendable {
  private let _condition = NSCondition()
  /// The finished results not yet handed to the poster, by position (a run of 100,000 cases holds a few).
  private var _results: [Int: RunExecutor.Finished] = [:]
  private let _count: Int
  private var _next = 0
  private var _cancelled = false
  private let _workers: Int
  private var _workersDone = 0

  init(count: Int, workers: Int) {
    _count = count
    _workers = workers
  }

  var isCancelled: Bool {
    _condition.lock()
    defer { _condition.unlock() }
    return _cancelled
  }

  /// The next case to run, or nil when all are taken or the run was cancelled.
  func takeNext() -> Int? {
    _condition.lock()
    defer { _condition.unlock() }
    guard !_cancelled, _next < _count else { return nil }
    _next += 1
    return _next - 1
  }

  /// Results the poster takes per wake-up, at most: waking a thread for every case costs more than a small case.
  static let batch = 32
  /// The position the poster sleeps on, if it does.
  private var _awaited: Int?

  func finish(_ position: Int, _ result: RunExecutor.Finished) {
    _condition.lock()
    _results[position] = result
    // Wake the poster once a batch is ready from what it waits for, or once the last cases are done.
    if let awaited = _awaited {
      var ready = awaited
      while ready < _next, ready - awaited < Self.batch, _results[ready] != nil { ready += 1 }
      if ready - awaited == Self.batch || (ready == _next && _next == _count) {
        _awaited = nil
        _condition.broadcast()
      }
    }
    _condition.unlock()
  }

  /// Waits for the case at `position` and hands it over (its slot is then freed), or nil when stopped first.
  func wait(for position: Int, stop: StopFlag) -> RunExecutor.Finished? {
    _condition.lock()
    defer { _condition.unlock() }
    while _results[position] == nil {
      if stop.isSet { return nil }
      _awaited = position
      _ = _condition.wait(until: Date(timeIntervalSinceNow: 0.05))
    }
    let result = _results.removeValue(forKey: position)
    return result
  }

  func cancel() {
    _condition.lock()
    _cancelled = true
    _condition.broadcast()
    _condition.unlock()
  }

  func workerDone() {
    _condition.lock()
    _workersDone += 1
    _condition.broadcast()
    _condition.unlock()
  }

  func waitForWorkers() {
    _condition.lock()
    defer { _condition.unlock() }
    while _workersDone < _workers { _condition.wait() }
  }
}
