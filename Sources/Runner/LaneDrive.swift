import Foundation
import Reporting
import ScenarioRuntime

/// One run of a lane's jobs over worker processes: the executor of the lane's ``WorkerLink``, which
/// carries out the actions the link's events return, with a ``WorkerPump`` moving the bytes.
struct LaneDrive {
  private let _lane: ScenarioLane
  private let _launch: WorkerLaunch
  private let _keepsTranscript: Bool
  private let _began: (Int) -> Void
  private let _finish: (Int, ScenarioEngine.CaseRun?) -> Void
  /// The jobs the link holds, by their number (given in the order they were submitted).
  private var _jobs: [WorkerLink.JobID: ScenarioLane.Job] = [:]
  /// The jobs that came to the head of the worker's queue: a stop reports them as interrupted.
  private var _running: Set<WorkerLink.JobID> = []
  private var _nextID = 0
  private var _pace = WorkerPace()

  init(
    lane: ScenarioLane, launch: WorkerLaunch, keepsTranscript: Bool, began: @escaping (Int) -> Void,
    finish: @escaping (Int, ScenarioEngine.CaseRun?) -> Void
  ) {
    _lane = lane
    _launch = launch
    _keepsTranscript = keepsTranscript
    _began = began
    _finish = finish
  }

  /// Whether jobs wait for their worker.
  var hasWork: Bool { !_jobs.isEmpty }

  /// Waits for the lane's worker (started now when it has none) to say it is ready; false when the
  /// run needs no more of this lane meanwhile (`isDone`, or an abandoning stop). A worker that failed
  /// to start is started again when the lane submits its next job.
  mutating func awaitReady(isDone: () -> Bool) -> Bool {
    if !_lane.link.hasProcess { carryOut(_lane.connect(_launch)) }
    while _lane.link.hasProcess, !_lane.link.isReady {
      if isDone() || _lane.stop.isAbandoned { return false }
      turn(isLast: true)
    }
    return true
  }

  /// Queues the jobs `take` hands out in the worker, up to the pace's depth.
  mutating func topUp(take: () -> ScenarioLane.Job?) {
    while _lane.link.queued < _pace.depth, let job = take() {
      let id = _nextID
      _nextID += 1
      _jobs[id] = job
      carryOut(_lane.link.submit(id, request(job), now: .now))
    }
  }

  /// Naps at the worker's pace, then waits one turn of the pump and carries out what it brought.
  mutating func turn(isLast: Bool) {
    guard let process = _lane.process else {
      return carryOut(_lane.link.couldNotStart("the worker is gone"))
    }
    if _lane.link.isReady, _lane.link.pendingOutput.isEmpty, _lane.link.queued > 0 {
      // A collection's reply ends the nap: the lane queues that file's cases as soon as it comes.
      _pace.nap(
        queued: _lane.link.queued, collection: _lane.link.firstCollection, until: _lane.link.deadline ?? .now,
        isLast: isLast)
    }
    let stop = _lane.stop
    let stopping: WorkerLink.Stopping = stop.isAbandoned ? .abandoning : stop.isSet ? .finishing : .none
    carryOut(_lane.pump.turn(&_lane.link, process: process, memoryLimit: _launch.memoryLimit, stopping: stopping))
  }

  private func request(_ job: ScenarioLane.Job) -> WorkerRequest {
    switch job.work {
    case .run(let planned): ScenarioLane.request(planned, job.file, keepsTranscript: _keepsTranscript)
    case .collect(let keepsTopLevel, _): .collect(WorkerFile(job.file), keepsTopLevel: keepsTopLevel)
    }
  }

  private mutating func carryOut(_ actions: [WorkerLink.Action]) {
    for action in actions {
      switch action {
      case .began(let id):
        _running.insert(id)
        if let job = _jobs[id], case .run = job.work { _began(job.position) }
      case .deliver(let id, let reply):
        guard let job = _jobs.removeValue(forKey: id) else { continue }
        _running.remove(id)
        deliver(job, reply)
      case .fail(let id, let failure):
        guard let job = _jobs.removeValue(forKey: id) else { continue }
        end(job, failure, wasRunning: _running.remove(id) != nil)
      case .kill:
        _lane.process?.stop()
        _lane.process = nil
      case .respawn:
        carryOut(_lane.connect(_launch))
      }
    }
  }

  private mutating func deliver(_ job: ScenarioLane.Job, _ reply: WorkerReply) {
    switch (job.work, reply) {
    case (.run, .ran(let run)):
      _pace.received += 1
      _finish(job.position, run)
    case (.collect(_, let then), .collected(let collection)):
      _pace.sawCollection = true
      then(collection)
    default:
      end(job, .unusable(ScenarioLane.answeredAnother.headline), wasRunning: true)
    }
  }

  /// A job that ends without an answer: its problem; after a stop, a case that was running then is
  /// reported as interrupted, and one that had not begun is abandoned (not reported).
  private func end(_ job: ScenarioLane.Job, _ failure: WorkerFailure, wasRunning: Bool) {
    let problem: CaseProblem? =
      failure == .stopped && !wasRunning ? nil : failure.problem(_launch, at: job.location)
    switch job.work {
    case .run:
      _finish(job.position, problem.map { ScenarioEngine.CaseRun(outcome: .errored($0), transcript: [], deviceVersions: []) })
    case .collect(_, let then):
      then(.failed(ScenarioLane.topLevelProblem(problem ?? WorkerFailure.stopped.problem(_launch, at: job.location))))
    }
  }
}
