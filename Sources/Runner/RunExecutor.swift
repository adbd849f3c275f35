import Foundation
import PermissionModel
import Reporting
import ScenarioRuntime

/// Runs the cases of a plan on worker threads, each in a fresh session, and posts run events in plan order.
///
/// Workers take cases file by file (``ResultBoard``: a file is compiled and its top level run on as few
/// workers as can share it) and may finish them in any order; results are posted strictly in plan
/// order, so reports are the same whatever the number of jobs. `--fail-fast` reports every case after the
/// first failure or error as skipped, whether or not a worker already ran it. A stop request (SIGINT) lets
/// running cases end (within their limits) and posts them, and no case starts after it; an abandoning
/// stop (a second Ctrl-C, SIGTERM) posts only the cases before the first unfinished one.
public struct RunExecutor: Sendable {
  /// How the executor runs.
  public struct Options: Sendable {
    /// How many cases run at once.
    public var jobs: Int
    /// `--fail-fast`.
    public var failFast: Bool
    /// Where event instants come from.
    public var clock: RunClock
    /// Where cases run (in this process, or in worker processes that can be stopped), or the lanes to
    /// run them on; nil: engines in this process.
    public var lanes: LanePool?
    /// Whether passing cases' transcripts are kept for the reports (failures' always are).
    public var keepsPassingTranscripts: Bool

    public init(
      jobs: Int, failFast: Bool = false, clock: RunClock = .wall, lanes: LanePool? = nil,
      keepsPassingTranscripts: Bool = true
    ) {
      self.jobs = max(1, jobs)
      self.failFast = failFast
      self.clock = clock
      self.lanes = lanes
      self.keepsPassingTranscripts = keepsPassingTranscripts
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
  /// The lanes the cases run on, when not those of the options (tests run stand-ins).
  let lanes: (any LaneSource)?

  public init(environment: ScenarioEnvironment, files: [LoadedFile], options: Options) {
    self.init(environment: environment, files: files, options: options, lanes: nil)
  }

  init(environment: ScenarioEnvironment, files: [LoadedFile], options: Options, lanes: (any LaneSource)?) {
    self.environment = environment
    self.files = files
    self.options = options
    self.lanes = lanes
  }

  /// Runs `plan`, posting `runStarted` … `runEnded` to `post` on the calling thread; returns whether a
  /// stop interrupted it (came while a case was unfinished).
  ///
  /// `ranAhead` holds, by file index, the cases collection already ran (``ScenarioCollector/RunAhead``):
  /// a suite whose cases are the ones planned then takes those results, in its first positions, and its
  /// other cases run as any others. `runStarted` is posted at `started` (when collection began), or now.
  @discardableResult
  public func execute(
    _ plan: RunPlan, info: RunInfo, stop: StopFlag, started: RunEvent.Instant? = nil,
    ranAhead: consuming [Int: RanAhead] = [:], post: (RunEvent) -> Void
  ) -> Bool {
    let workers = min(options.jobs, max(1, plan.caseCount))
    let board = ResultBoard<Finished>(caseCounts: plan.suites.map(\.cases.count), workers: workers)
    for (index, suite) in plan.suites.enumerated() {
      guard let ahead = ranAhead.removeValue(forKey: suite.fileIndex), ahead.cases == suite.cases else { continue }
      board.preset(file: index, ahead.results)
    }
    post(RunEvent(.runStarted(info), at: started ?? options.clock.now()))
    let lanes = self.lanes ?? options.lanes ?? LanePool(.inProcess, environment: environment, stop: stop)

    for _ in 0..<workers { startLane(from: lanes, plan: plan, board: board, stop: stop) }

    var poster = Poster(plan: plan, files: files)
    var stopped = false
    // A stop that came while a case was unfinished marks the run interrupted, even when the cases that
    // were running then end and are reported.
    var interrupted = false
    var failed = false
    let places = plan.places
    for (position, place) in places.enumerated() {
      let result: Finished
      if failed {
        result = Finished(
          notRun: .skipped(reason: "not run: --fail-fast stopped the run after the first failure or error"),
          clock: options.clock)
      } else if let finished = board.wait(for: position, stop: stop) {
        result = finished
        if finished.endedAfterStop { interrupted = true }
      } else {
        // The case never ends: a stop came before it ran. After a first Ctrl-C the cases other lanes
        // were running (of later files, as lanes keep to a file) still end and are reported; after an
        // abandoning stop they are reported once every lane has ended (below).
        stopped = true
        if stop.isAbandoned { break }
        continue
      }
      poster.post(place, result, to: post)
      if options.failFast, !failed, result.outcome.isProblem {
        failed = true
        board.cancel()
      }
    }
    board.cancel()
    board.waitForWorkers()
    // What finished after the first case that never will: the cases that were running when the run
    // was abandoned (reported as interrupted), so that no report of a stopped run misses them.
    if stopped, stop.isAbandoned {
      for (position, result) in board.takeRemaining() { poster.post(places[position], result, to: post) }
    }
    poster.endSuite(to: post)
    interrupted = interrupted || stopped
    post(RunEvent(.runEnded(RunEnd(interrupted: interrupted)), at: options.clock.now()))
    return interrupted
  }

  /// Starts a thread that runs the board's cases on a lane of `lanes` until none is left or a stop.
  private func startLane(from lanes: any LaneSource, plan: RunPlan, board: ResultBoard<Finished>, stop: StopFlag) {
    let worker = Thread { [self] in
      lanes.withLane { lane in
        var times = CaseTimes(clock: options.clock, stop: stop)
        var lastSuite: Int?  // the suite the lane took its last case from: it keeps to it
        lane.runAll(
          keepsTranscript: options.keepsPassingTranscripts,
          isDone: { stop.isSet || board.isCancelled || board.isAllTaken },
          next: {
            // Cases that do not run (skipped, or of a file that failed to load) are finished here.
            while !stop.isSet, !board.isCancelled,
              let taken = board.takeNext(
                continuing: lastSuite, prefers: { lane.hasCompiled(files[plan.suites[$0].fileIndex].file) })
            {
              lastSuite = taken.file
              let suite = plan.suites[taken.file]
              let planned = suite.cases[taken.index]
              let loaded = files[suite.fileIndex]
              if let outcome = Self.outcomeWithoutRunning(planned, loaded) {
                board.finish(taken.position, Finished(notRun: outcome, clock: options.clock))
                continue
              }
              return ScenarioLane.Job(position: taken.position, planned: planned, file: loaded.file)
            }
            return nil
          },
          began: { times.began($0) },
          finish: { position, run in
            // A case a stop abandoned before it began is not finished: the poster stops before it.
            guard let finished = times.finished(position, run) else { return board.abandon(position) }
            board.finish(position, finished)
          })
      }
      board.workerDone()
    }
    worker.stackSize = 16 << 20
    worker.start()
  }

  /// Posts finished cases as run events, opening and closing each file's suite around its cases.
  struct Poster {
    let plan: RunPlan
    let files: [LoadedFile]
    private var _suite: (index: Int, ended: RunEvent.Instant)?

    init(plan: RunPlan, files: [LoadedFile]) {
      self.plan = plan
      self.files = files
    }

    /// Posts the case at `place` (its suite's start first, and the suite before's end).
    mutating func post(_ place: RunPlan.Place, _ result: Finished, to post: (RunEvent) -> Void) {
      let suite = plan.suites[place.suite]
      let path = files[suite.fileIndex].file.path
      if _suite?.index != place.suite {
        endSuite(to: post)
        post(RunEvent(.suiteStarted(SuiteInfo(path: path)), at: result.started))
      }
      _suite = (place.suite, result.ended)
      let planned = suite.cases[place.index]
      let line = planned.scenarioIndex == 0 ? files[suite.fileIndex].loadProblem?.location?.line : planned.line
      // A case whose devices pinned another version than planned is reported with the one that ran.
      let info = CaseInfo(
        suitePath: path, name: planned.reportedName(ranOn: result.ranOn), line: line,
        iOSVersion: planned.reportedVersion(ranOn: result.ranOn), tags: planned.tags)
      post(RunEvent(.caseStarted(info), at: result.started))
      let ended = CaseResult(
        info: info, outcome: result.outcome, transcript: result.transcript, screens: result.screens, pathsTaken: result.pathsTaken)
      post(RunEvent(.caseEnded(ended), at: result.ended))
    }

    /// Ends the suite of the last case posted, if one is open.
    mutating func endSuite(to post: (RunEvent) -> Void) {
      guard let suite = _suite else { return }
      post(RunEvent(.suiteEnded(SuiteInfo(path: files[plan.suites[suite.index].fileIndex].file.path)), at: suite.ended))
      _suite = nil
    }
  }

  // MARK: - One case

  /// Cases a collection ran as soon as their file was collected: the file's cases as planned then, and
  /// the results of the first of them.
  public struct RanAhead: Sendable {
    /// The file's cases as planned when it was collected (``Planner/cases(of:keep:)``).
    public let cases: [RunPlan.Case]
    let results: [Finished]
  }

  /// What a worker hands back for one case.
  struct Finished: Sendable {
    var outcome: CaseOutcome
    var transcript: [String]
    /// The alerts and Settings screens the case's devices showed (kept with the transcript).
    var screens: [CaseScreen] = []
    /// What the case took of the state machine (`--coverage`).
    var pathsTaken: [TakenPaths] = []
    var started: RunEvent.Instant
    var ended: RunEvent.Instant
    /// The versions of the devices the case created, oldest first, each once.
    var ranOn: [String] = []
    /// Whether a stop came while the case ran.
    var endedAfterStop = false
  }

  /// When a lane's running cases began, by position, to stamp their results when they end.
  struct CaseTimes {
    let clock: RunClock
    let stop: StopFlag
    private var _started: [Int: RunEvent.Instant] = [:]

    init(clock: RunClock, stop: StopFlag) {
      self.clock = clock
      self.stop = stop
    }

    mutating func began(_ position: Int) {
      _started[position] = clock.now()
    }

    /// The result of the case at `position` that ended now with `run`, or nil when a stop abandoned it.
    mutating func finished(_ position: Int, _ run: ScenarioEngine.CaseRun?) -> Finished? {
      let started = _started.removeValue(forKey: position)
      guard let run else { return nil }
      return Finished(
        outcome: run.outcome, transcript: run.transcript, screens: run.screens, pathsTaken: run.pathsTaken,
        started: started ?? clock.now(), ended: clock.now(), ranOn: run.deviceVersions, endedAfterStop: stop.isSet)
    }
  }

  /// The outcome of a case that does not run: skipped, or of a file that failed to load; nil when it runs.
  static func outcomeWithoutRunning(_ planned: RunPlan.Case, _ loaded: LoadedFile) -> CaseOutcome? {
    if let reason = planned.skipReason { return .skipped(reason: reason) }
    if let problem = loaded.loadProblem { return .errored(problem) }
    return nil
  }
}

extension RunExecutor.Finished {
  /// A case that does not run (skipped, of a file that failed to load, or after `--fail-fast`), finished now.
  init(notRun outcome: CaseOutcome, clock: RunClock) {
    let now = clock.now()
    self.init(outcome: outcome, transcript: [], started: now, ended: now)
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
