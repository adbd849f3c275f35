import Foundation
import LuaBridge
import Reporting
import ScenarioRuntime

/// Where the runner runs scenario code: on engines in this process, or in worker processes it can stop.
public enum CaseIsolation: Sendable {
  /// Engines in this process: the fastest, for tests and trusted input, but a case stuck inside one C
  /// call, or a crash in a C library, cannot be stopped without ending the run.
  case inProcess
  /// Worker processes (`permsim worker`, ``WorkerServer``): every case and every file's top level runs within a time
  /// limit and a host memory limit, and a worker that dies takes only its case with it.
  case workerProcesses(WorkerLaunch)
}

/// One lane of scenario work, used by one thread at a time: an engine, or a worker process started again after each failure.
final class ScenarioLane: CaseLane {
  private let _isolation: CaseIsolation
  private let _environment: ScenarioEnvironment
  private let _stop: StopFlag
  private lazy var _engine = Result { () throws(LuaError) in try ScenarioEngine(environment: _environment) }
  private var _worker: WorkerProcess?
  /// A worker started before the lane's first job (``prepare()``), not yet seen ready.
  private var _starting: WorkerProcess?
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
    _stop = stop
  }

  /// Starts the lane's worker process now, without waiting for it, so that it loads while the runner
  /// still finds and reads the run's files.
  func prepare() {
    guard case .workerProcesses(let launch) = _isolation, _worker == nil, _starting == nil else { return }
    _starting = try? WorkerProcess.start(launch)
  }

  /// Ends the lane's worker process without waiting for it to go (it is reaped when the lane goes):
  /// the run has no more work for it. A job the lane takes later starts another.
  func retire() {
    for worker in [_worker, _starting].compactMap({ $0 }) {
      worker.dismiss()
      _retired.append(worker)
    }
    _worker = nil
    _starting = nil
  }

  /// The worker ``prepare()`` started, handed over once, or a new one.
  private func startWorker(_ launch: WorkerLaunch) throws -> WorkerProcess {
    defer { _starting = nil }
    return try _starting ?? WorkerProcess.start(launch)
  }

  /// Runs the file's top level and returns the scenarios it registers, or the problem to report for it;
  /// with `keepsTopLevel`, the lane's engine keeps that run for the file's next case (its cases come next).
  private func collect(_ file: ScenarioFile, keepsTopLevel: Bool) -> ScenarioEngine.Collection {
    switch perform(.collect(WorkerFile(file), keepsTopLevel: keepsTopLevel), file: file) {
    case .reply(.collected(let collection)): return collection
    case .reply(.ran): return .failed(Self.answeredAnother)
    case .problem(let problem): return .failed(Self.topLevelProblem(problem))
    }
  }

  /// A problem of a worker while it ran a file's top level, as the file's collection reports it.
  private static func topLevelProblem(_ problem: CaseProblem) -> CaseProblem {
    CaseProblem(kind: problem.kind, headline: "its top level " + problem.headline, location: problem.location)
  }

  private static let answeredAnother = CaseProblem(kind: .workerCrashed, headline: "the worker answered another request")

  /// Runs one case, or says why it could not be run to its end; nil when a stop abandoned it (it did not finish).
  func run(_ planned: RunPlan.Case, of file: ScenarioFile, keepsTranscript: Bool) -> ScenarioEngine.CaseRun? {
    switch perform(Self.request(planned, file, keepsTranscript: keepsTranscript), file: file, line: planned.line) {
    case .reply(.ran(let run)): return run
    case .reply(.collected):
      return ScenarioEngine.CaseRun(outcome: .errored(Self.answeredAnother), transcript: [], deviceVersions: [])
    case .problem(let problem) where problem.kind == Self.abandoned: return nil
    case .problem(let problem): return ScenarioEngine.CaseRun(outcome: .errored(problem), transcript: [], deviceVersions: [])
    }
  }

  /// A case a lane runs and its place in the plan, or a file it collects.
  struct Job {
    var position: Int
    var work: Work
    var file: ScenarioFile
    /// The size of its request (once queued in a worker).
    var requestBytes = 0

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
  /// abandoned it, and the lane takes no more) and each collection to its job's `then`; `began` is told
  /// when a case starts running.
  ///
  /// Collections queue in the worker like cases: a lane that collects a file while the cases of the
  /// one before still run keeps its worker busy, and the collection keeps the top level it ran for the
  /// file's cases that follow it in the queue (``ScenarioCollector``).
  ///
  /// In a worker process later jobs wait in the worker's queue while the first runs (``queueDepth``),
  /// so the worker rarely waits for the runner between cases. A job's time limit counts from when it reaches the head
  /// of the queue; when a worker fails, its head job gets the error and the others go to a new worker.
  /// After a stop a lane starts nothing more: the jobs it queued and did not start are abandoned.
  /// A lane without a worker takes no job before its new worker is ready: meanwhile other lanes take
  /// them, and a short run never waits for a worker it does not need.
  func runAll(
    keepsTranscript: Bool, isDone: () -> Bool, next: () -> Job?, began: (Int) -> Void,
    finish: (Int, ScenarioEngine.CaseRun?) -> Void
  ) {
    // Every job the lane takes is of a file it has then compiled (or soon will).
    func take() -> Job? {
      guard let job = next() else { return nil }
      if job.file.path != _lastCompiled {
        _compiled.insert(job.file.path)
        _lastCompiled = job.file.path
      }
      return job
    }
    guard case .workerProcesses(let launch) = _isolation else {
      while let job = take() {
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
      return
    }
    func request(_ job: Job) -> WorkerRequest {
      switch job.work {
      case .run(let planned): Self.request(planned, job.file, keepsTranscript: keepsTranscript)
      case .collect(let keepsTopLevel, _): .collect(WorkerFile(job.file), keepsTopLevel: keepsTopLevel)
      }
    }
    // The job at the head of the queue starts: its time limit counts from now.
    var headStarted = ContinuousClock.now
    func head(_ job: Job) {
      headStarted = .now
      if case .run = job.work { began(job.position) }
    }
    // A job that ends without an answer: a problem (nil: a stop abandoned it).
    func end(_ job: Job, _ problem: CaseProblem?) {
      switch job.work {
      case .run: finish(job.position, problem.map { ScenarioEngine.CaseRun(outcome: .errored($0), transcript: [], deviceVersions: []) })
      case .collect(_, let then):
        then(.failed(Self.topLevelProblem(problem ?? Self.problem(.stopped, launch, at: ScriptLocation(path: job.file.path)))))
      }
    }
    if _worker == nil, let worker = try? startWorker(launch) {
      do throws(WorkerProcess.Failure) {
        try worker.awaitReady(launch, isAbandoned: { _stop.isAbandoned || isDone() })
        _worker = worker
      } catch {
        if error == .stopped { return }  // nothing left to take; a worker that failed to start is started again below
      }
    }
    var queue: [Job] = []
    var pace = WorkerPace()
    var queuedBytes = 0
    var answered = 0  // replies from the worker now running
    while true {
      // Topped up each time the runner is about to wait (the requests go out in one write, and the
      // worker reads them in one), or when half the queue is gone.
      if queue.count <= pace.depth / 2 || !(_worker?.hasReply ?? false) {
        while queue.count < pace.depth, queue.isEmpty || queuedBytes < Self.queuedBytes, !_stop.isSet {
          guard let taken = take() else { break }
          if queue.isEmpty { head(taken) }
          var job = taken
          let line = request(job).line
          job.requestBytes = line.count + 1
          queuedBytes += job.requestBytes
          queue.append(job)
          try? _worker?.send(line: line)  // a failed send shows when its reply is awaited
          if _worker == nil, !start(launch, sending: queue.map(request)) { break }
        }
      }
      guard let first = queue.first else { return }
      let problem: CaseProblem?
      if let worker = _worker {
        do throws(WorkerProcess.Failure) {
          if !worker.hasReply {
            worker.flush()
            // A collection's reply ends the nap: the lane queues that file's cases as soon as it comes.
            pace.nap(
              queued: queue.count, collection: queue.firstIndex { if case .collect = $0.work { true } else { false } },
              until: headStarted + launch.timeLimit, isLast: isDone())
          }
          let reply = try worker.receive(launch, until: headStarted + launch.timeLimit, isAbandoned: { _stop.isAbandoned })
          answered += 1
          switch (first.work, reply) {
          case (.run, .ran(let run)):
            pace.received += 1
            queuedBytes -= queue.removeFirst().requestBytes
            finish(first.position, run)
          case (.collect(_, let then), .collected(let collection)):
            pace.sawCollection = true
            queuedBytes -= queue.removeFirst().requestBytes
            then(collection)
          default:
            throw .unusable(Self.answeredAnother.headline)
          }
          if _stop.isSet {
            _worker = nil  // a stop: what is queued in the worker never starts
            for job in queue { end(job, nil) }
            return
          }
          if let following = queue.first { head(following) }
          continue
        } catch {
          _worker = nil
          defer { answered = 0 }
          // What a worker held before the job (other files' top levels, its allocator's free lists) counts
          // toward --worker-memory: a job that went over on a worker that ran others runs again on a new
          // one, where it comes first (so once).
          if case .overMemory = error, answered > 0 {
            headStarted = .now
            if start(launch, sending: queue.map(request)) { continue }
          }
          let failure = Self.problem(error, launch, at: first.location)
          problem = failure.kind == Self.abandoned ? nil : failure
        }
      } else {
        problem = CaseProblem(kind: .workerCrashed, headline: "could not start a worker process", location: first.location)
      }
      guard let problem else {
        for job in queue { end(job, nil) }
        return
      }
      queuedBytes -= queue.removeFirst().requestBytes
      end(first, problem)
      if let following = queue.first {
        head(following)
        _ = start(launch, sending: queue.map(request))
      }
    }
  }

  func hasCompiled(_ file: ScenarioFile) -> Bool {
    _compiled.contains(file.path)
  }

  /// How many cases a lane keeps queued in its worker, at most (``WorkerPace/depth``): enough that the
  /// worker rarely waits for the runner, and that the lane can sleep through half of them. Measured on 10,000
  /// realistic cases, --jobs 1: 2.69 s with 2 queued, 1.98 s with 8 and a wake-up per reply; with the
  /// naps, the runner's context switches went from 18,800 to 5,300 (8 queued), 3,400 (16) and 2,800 (32),
  /// and CPU time from 3.2 s to 2.2 s (32). A fixed 2 ms wait, tried before, left the worker idle
  /// between trivial cases (0.73 s → 1.25 s for 10,000): a nap follows the worker's pace instead.
  static let queueDepth = 32

  /// The most request bytes a lane keeps queued in its worker (at least one request): what a pipe
  /// holds is 64 KiB, and a runner blocked writing into a full one could not stop a case at its time limit.
  static let queuedBytes = 32 << 10

  /// How long a lane sleeps before it waits for its worker's next replies: a worker writes each reply
  /// as its case ends (a crash or a kill loses none that finished), and a runner that slept through a
  /// few of them takes them in one read, woken once rather than by every write.
  ///
  /// The nap lasts as long as the worker took, lately, for the cases beyond half the queue, so half a
  /// queue is still waiting in the worker when the lane wakes (it never runs dry on a good guess), and
  /// at most ``longest``. A guess too long is halved by the next one; a case that runs long is waited
  /// for as before, in slices that check its time limit, after one nap.
  struct WorkerPace {
    /// Case replies received since the lane last went to wait.
    var received = 0
    /// Whether a collection was answered since then: a file's top level takes longer than a case, so
    /// that wait measures nothing of the cases.
    var sawCollection = false
    private var _lastWait: ContinuousClock.Instant?
    /// What one case took lately: the shorter of the last two measures (the first also holds the
    /// file's compilation, and a nap too short only costs a wake-up).
    private var _perCase: Duration?
    private var _measured: Duration?

    /// How many cases the lane keeps queued in its worker: ``ScenarioLane/queueDepth`` for cases of
    /// a quarter of a millisecond or less, fewer for longer ones (8 for a millisecond and more, and
    /// before the first replies), so that the cases one lane holds at the end of a run, while another
    /// lane has none left, stay a few milliseconds of work.
    var depth: Int {
      guard let perCase = _perCase, perCase > .zero else { return 8 }
      return max(8, min(ScenarioLane.queueDepth, Int(Duration.milliseconds(8) / perCase)))
    }

    static let longest = Duration.milliseconds(5)
    /// A nap shorter than this is not worth a sleep.
    static let shortest = Duration.microseconds(50)

    /// Sleeps before the lane waits for `queued` jobs, unless `isLast`: when no case is left to take,
    /// no refill waits on the replies, and the run's last results should come as soon as they can.
    /// When the job at `collection` is a file's collection, whose reply the lane must answer at once
    /// with that file's cases, it sleeps through half the cases before it, whatever the depth
    /// (measured on 10,000 trivial cases, --jobs 1: waking for every reply cost 60% more CPU; sleeping
    /// through all of them left the worker idle, 25% more wall time).
    mutating func nap(queued: Int, collection: Int? = nil, until deadline: ContinuousClock.Instant, isLast: Bool) {
      let now = ContinuousClock.now
      if let last = _lastWait, received > 0, !sawCollection {
        let measured = (now - last) / received
        _perCase = _measured.map { min($0, measured) }
        _measured = measured
      }
      _lastWait = now
      received = 0
      sawCollection = false
      let ahead = collection.map { $0 / 2 } ?? queued - depth / 2
      guard !isLast, let perCase = _perCase, ahead > 0 else { return }
      let nap = min(perCase * ahead, Self.longest, deadline - now)
      guard nap >= Self.shortest else { return }
      let (seconds, attoseconds) = nap.components
      var time = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
      var left = timespec()
      while nanosleep(&time, &left) != 0, errno == EINTR { time = left }
    }
  }

  /// Starts a worker and queues `requests` in it; false when none could be started.
  private func start(_ launch: WorkerLaunch, sending requests: [WorkerRequest]) -> Bool {
    guard let worker = try? startWorker(launch) else { return false }
    _worker = worker
    for request in requests { try? worker.send(request) }
    return true
  }

  /// The request that runs `planned` of `file`.
  private static func request(_ planned: RunPlan.Case, _ file: ScenarioFile, keepsTranscript: Bool) -> WorkerRequest {
    .run(
      WorkerFile(file), scenario: planned.scenario, name: planned.name, iosVersion: planned.iosVersion,
      keepsTranscript: keepsTranscript)
  }

  /// A worker's reply, or why there is none.
  private enum Answer {
    case reply(WorkerReply)
    case problem(CaseProblem)
  }

  private func perform(_ request: WorkerRequest, file: ScenarioFile, line: Int? = nil) -> Answer {
    switch _isolation {
    case .inProcess:
      do {
        return .reply(WorkerServer.handle(request, file: file, on: try _engine.get()))
      } catch {
        return .reply(WorkerServer.failedStart(request, error, environment: _environment))
      }
    case .workerProcesses(let launch):
      let location = ScriptLocation(path: file.path, line: line)
      do {
        let worker = try _worker ?? startWorker(launch)
        _worker = worker
        do throws(WorkerProcess.Failure) {
          return .reply(try worker.perform(request, launch, isAbandoned: { _stop.isAbandoned }))
        } catch {
          _worker = nil
          return .problem(Self.problem(error, launch, at: location))
        }
      } catch {
        return .problem(CaseProblem(kind: .workerCrashed, headline: "could not start a worker process: \(error)", location: location))
      }
    }
  }

  /// What a worker's failure means for the case it was running.
  private static func problem(_ failure: WorkerProcess.Failure, _ launch: WorkerLaunch, at location: ScriptLocation) -> CaseProblem {
    switch failure {
    case .timedOut:
      return CaseProblem(
        kind: .timeLimitExceeded, headline: "ran past its time limit of \(seconds(launch.timeLimit)) (--timeout)", location: location)
    case .overMemory(let bytes):
      return CaseProblem(
        kind: .memoryExceeded,
        headline: "made its worker process hold \(ByteCount.text(bytes)), past the limit of \(ByteCount.text(launch.memoryLimit)) (--worker-memory)",
        location: location)
    case .ended(let how):
      return CaseProblem(kind: .workerCrashed, headline: "crashed its worker process (\(how))", location: location)
    case .stopped:
      return CaseProblem(kind: abandoned, headline: "stopped: the run was interrupted", location: location)
    case .unusable(let reason):
      return CaseProblem(kind: .workerCrashed, headline: reason, location: location)
    }
  }

  /// The kind of a case a stop abandoned: never reported, the run is marked interrupted instead.
  private static let abandoned = CaseProblem.Kind(rawValue: "Abandoned")

  private static func seconds(_ duration: Duration) -> String {
    let (whole, fraction) = duration.components
    return fraction == 0 ? "\(whole) s" : String(format: "%.3g s", Double(whole) + Double(fraction) * 1e-18)
  }
}

extension ScenarioLane.Job {
  /// The case `planned` at `position` of the plan.
  init(position: Int, planned: RunPlan.Case, file: ScenarioFile) {
    self.init(position: position, work: .run(planned), file: file)
  }
}

/// The lanes of a run, shared by its collection and its execution, so a worker process (and the chunks
/// its engine compiled while collecting) serves both.
public final class LanePool: LaneSource, @unchecked Sendable {
  private let _isolation: CaseIsolation
  private let _environment: ScenarioEnvironment
  private let _stop: StopFlag
  private let _lock = NSLock()
  private var _idle: [ScenarioLane] = []

  public init(_ isolation: CaseIsolation, environment: ScenarioEnvironment, stop: StopFlag) {
    _isolation = isolation
    _environment = environment
    _stop = stop
  }

  /// Starts one lane's worker process now, without waiting for it: it loads while the runner finds and
  /// reads the run's files, and the first lane to take work gets it.
  public func prepare() {
    let lane = _newLane()
    lane.prepare()
    _lock.withLock { _idle.append(lane) }
  }

  /// Ends the worker processes of the idle lanes without waiting for them (they are reaped when the
  /// pool goes): called when the run has no more work, so that they end while the reports are written.
  public func retire() {
    _lock.withLock { _idle }.forEach { $0.retire() }
  }

  /// Runs `body` with a lane no other thread uses meanwhile (an idle one, or a new one).
  func withLane<Result>(_ body: (ScenarioLane) -> Result) -> Result {
    let lane = _lock.withLock { _idle.popLast() } ?? _newLane()
    defer { _lock.withLock { _idle.append(lane) } }
    return body(lane)
  }

  func withLane(_ body: (any CaseLane) -> Void) {
    withLane { (lane: ScenarioLane) in body(lane) }
  }

  private func _newLane() -> ScenarioLane {
    ScenarioLane(_isolation, environment: _environment, stop: _stop)
  }
}
