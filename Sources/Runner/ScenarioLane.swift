import Foundation
import Reporting
import ScenarioRuntime

/// One lane of scenario work, used by one thread at a time: an engine, or a worker process started again after each failure.
final class ScenarioLane: CaseLane {
  private let _isolation: CaseIsolation
  private let _environment: ScenarioEnvironment
  let stop: StopFlag
  private lazy var _engine = Result { () throws in try ScenarioEngine(environment: _environment) }
  /// The lane's worker process, while it has one.
  var process: WorkerProcess?
  /// What the runner and the worker process said to each other: the state of the lane's worker.
  var link: WorkerLink
  var pump = WorkerPump()
  /// Workers the lane let go (``retire()``): killed, and reaped when the lane goes.
  private var _retired: [WorkerProcess] = []
  /// The paths of the files the lane collected or took cases of: a preference only (a worker started
  /// again after a failure has lost them, which is rare enough not to track).
  private var _compiled: Set<String> = []
  /// The path the lane inserted last into `_compiled` (most jobs are of the same file as the one before).
  private var _lastCompiled: String?

  init(_ isolation: CaseIsolation, environment: ScenarioEnvironment, stop: StopFlag) {
    _isolation = isolation
    _environment = environment
    self.stop = stop
    link = Self.newLink(isolation)
  }

  private static func newLink(_ isolation: CaseIsolation) -> WorkerLink {
    guard case .workerProcesses(let launch) = isolation else {
      return WorkerLink(startedAt: nil, timeLimit: .zero, memoryLimit: 0)
    }
    return WorkerLink(startedAt: nil, timeLimit: launch.timeLimit, memoryLimit: launch.memoryLimit)
  }

  /// Starts the lane's worker process now, without waiting for it, so that it loads while the runner
  /// still finds and reads the run's files.
  func prepare() {
    guard case .workerProcesses(let launch) = _isolation, process == nil else { return }
    _ = connect(launch)
  }

  /// Ends the lane's worker process without waiting for it to go (it is reaped when the lane goes):
  /// the run has no more work for it. A job the lane takes later starts another.
  func retire() {
    if let process {
      process.dismiss()
      _retired.append(process)
    }
    process = nil
    link = Self.newLink(_isolation)
  }

  /// Starts a worker process for the lane's link (the one ``WorkerPrestart`` started, if any); when
  /// none can be, the link's jobs fail, as the returned actions say.
  func connect(_ launch: WorkerLaunch) -> [WorkerLink.Action] {
    do {
      process = try WorkerProcess.start(launch)
      link.connected(now: .now)
      return []
    } catch {
      process = nil
      return link.couldNotStart("\(error)")
    }
  }

  /// Runs the file's top level and returns the scenarios it registers, or the problem to report for it;
  /// with `keepsTopLevel`, the lane's engine keeps that run for the file's next case (its cases come next).
  private func collect(_ file: ScenarioFile, keepsTopLevel: Bool) -> ScenarioEngine.Collection {
    if case .collected(let collection) = perform(.collect(WorkerFile(file), keepsTopLevel: keepsTopLevel), file: file) {
      return collection
    }
    return .failed(Self.answeredAnother)
  }

  /// A problem of a worker while it ran a file's top level, as the file's collection reports it.
  static func topLevelProblem(_ problem: CaseProblem) -> CaseProblem {
    CaseProblem(kind: problem.kind, headline: "its top level " + problem.headline, location: problem.location)
  }

  static let answeredAnother = CaseProblem(kind: .workerCrashed, headline: "the worker answered another request")

  /// Runs one case, or says why it could not be run to its end; nil when a stop abandoned it (it did not finish).
  func run(_ planned: RunPlan.Case, of file: ScenarioFile, keepsTranscript: Bool) -> ScenarioEngine.CaseRun? {
    var result: ScenarioEngine.CaseRun?
    var job: Job? = Job(position: 0, planned: planned, file: file)
    guard case .workerProcesses = _isolation else {
      if case .ran(let run) = perform(Self.request(planned, file, keepsTranscript: keepsTranscript), file: file) { return run }
      return ScenarioEngine.CaseRun(outcome: .errored(Self.answeredAnother), transcript: [], deviceVersions: [])
    }
    runAll(
      keepsTranscript: keepsTranscript, isDone: { job == nil }, next: { defer { job = nil }; return job }, began: { _ in },
      finish: { result = $1 })
    return result
  }

  /// A case a lane runs and its place in the plan, or a file it collects.
  struct Job {
    var position: Int
    var work: Work
    var file: ScenarioFile

    enum Work {
      /// Run this case.
      case run(RunPlan.Case)
      /// Collect the file, keeping its top level for its next case or not, and hand the collection to `then`.
      case collect(keepsTopLevel: Bool, then: (ScenarioEngine.Collection) -> Void)
    }

    /// The line a problem of the job is reported at: the case's declaration (none for a collection).
    var line: Int? {
      if case .run(let planned) = work { planned.line } else { nil }
    }

    /// Where a problem of the job is reported: its file, at its declaration.
    var location: ScriptLocation { ScriptLocation(path: file.path, line: line) }
  }

  /// Runs the jobs `next` hands out, in order, giving each case's result to `finish` (nil: a stop
  /// abandoned it before it began, and the lane takes no more) and each collection to its job's
  /// `then`; `began` is told when a case starts running.
  ///
  /// Collections queue in the worker like cases: a lane that collects a file while the cases of the
  /// one before still run keeps its worker busy, and the collection keeps the top level it ran for the
  /// file's cases that follow it in the queue (``ScenarioCollector``).
  ///
  /// In a worker process later jobs wait in the worker's queue while the first runs (``WorkerPace/queueDepth``),
  /// so the worker rarely waits for the runner between cases; the lane's ``WorkerLink`` says what each
  /// reply, failure and limit means, and its ``WorkerPump`` moves the bytes. After a stop a lane starts
  /// nothing more: the jobs it queued and did not start are abandoned, and a case that was running when
  /// the run was abandoned ends as an error that says so. A lane without a worker takes no job before
  /// its new worker is ready: meanwhile other lanes take them, and a short run never waits for a worker
  /// it does not need.
  func runAll(
    keepsTranscript: Bool, isDone: () -> Bool, next: () -> Job?, began: (Int) -> Void,
    finish: (Int, ScenarioEngine.CaseRun?) -> Void
  ) {
    guard case .workerProcesses(let launch) = _isolation else {
      return runInProcess(keepsTranscript: keepsTranscript, next: next, began: began, finish: finish)
    }
    withoutActuallyEscaping(began) { began in
      withoutActuallyEscaping(finish) { finish in
        var drive = LaneDrive(lane: self, launch: launch, keepsTranscript: keepsTranscript, began: began, finish: finish)
        guard drive.awaitReady(isDone: isDone) else { return }
        while true {
          drive.topUp(take: { stop.isSet ? nil : take(next) })
          guard drive.hasWork else { return }
          drive.turn(isLast: isDone())
        }
      }
    }
  }

  /// Every job the lane takes is of a file it has then compiled (or soon will).
  private func take(_ next: () -> Job?) -> Job? {
    guard let job = next() else { return nil }
    if job.file.path != _lastCompiled {
      _compiled.insert(job.file.path)
      _lastCompiled = job.file.path
    }
    return job
  }

  /// ``runAll(keepsTranscript:isDone:next:began:finish:)`` on the lane's engine, in this process.
  private func runInProcess(
    keepsTranscript: Bool, next: () -> Job?, began: (Int) -> Void, finish: (Int, ScenarioEngine.CaseRun?) -> Void
  ) {
    while let job = take(next) {
      switch job.work {
      case .collect(let keepsTopLevel, let then):
        then(collect(job.file, keepsTopLevel: keepsTopLevel))
      case .run(let planned):
        began(job.position)
        let run = run(planned, of: job.file, keepsTranscript: keepsTranscript)
        finish(job.position, run)
        if run == nil { return }
      }
    }
  }

  func hasCompiled(_ file: ScenarioFile) -> Bool {
    _compiled.contains(file.path)
  }

  /// The request that runs `planned` of `file`.
  static func request(_ planned: RunPlan.Case, _ file: ScenarioFile, keepsTranscript: Bool) -> WorkerRequest {
    .run(
      WorkerFile(file), scenario: planned.scenario, name: planned.name, iosVersion: planned.iosVersion,
      keepsTranscript: keepsTranscript)
  }

  /// Answers `request` on the lane's engine, in this process.
  private func perform(_ request: WorkerRequest, file: ScenarioFile) -> WorkerReply {
    do {
      return WorkerServer.handle(request, file: file, on: try _engine.get())
    } catch {
      return WorkerServer.failedStart(request, error, environment: _environment)
    }
  }
}

extension ScenarioLane.Job {
  /// The case `planned` at `position` of the plan.
  init(position: Int, planned: RunPlan.Case, file: ScenarioFile) {
    self.init(position: position, work: .run(planned), file: file)
  }
}

