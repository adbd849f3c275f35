/// One request at a time to one worker process, waited for: a ``WorkerLink`` and a ``WorkerPump`` of
/// its own, for a caller that has no lane (tests, and tools that talk to a worker directly).
struct WorkerConversation {
  let process: WorkerProcess
  private let _launch: WorkerLaunch
  private var _link: WorkerLink
  private var _pump = WorkerPump()
  private var _next = 0

  /// A conversation with `process`, started with `launch`'s limits, which has not said it is ready yet.
  init(_ process: WorkerProcess, _ launch: WorkerLaunch) {
    self.process = process
    _launch = launch
    _link = WorkerLink(startedAt: .now, timeLimit: launch.timeLimit, memoryLimit: launch.memoryLimit)
  }

  /// Waits until the worker says it is ready, within the launch's time limit.
  mutating func awaitReady(stopping: WorkerLink.Stopping = .none) throws(WorkerFailure) {
    while !_link.isReady {
      try check(_pump.turn(&_link, process: process, memoryLimit: _launch.memoryLimit, stopping: stopping))
      if !_link.hasProcess { throw .unusable("the worker ended before it said it was ready") }
    }
  }

  /// Sends `request` and waits for its reply within the launch's limits.
  mutating func perform(_ request: WorkerRequest, stopping: WorkerLink.Stopping = .none) throws(WorkerFailure) -> WorkerReply {
    _next += 1
    if let reply = try check(_link.submit(_next, request, now: .now)) { return reply }
    while true {
      if let reply = try check(_pump.turn(&_link, process: process, memoryLimit: _launch.memoryLimit, stopping: stopping)) {
        return reply
      }
    }
  }

  /// The reply among `actions`, or the failure; kills the process when the link says so.
  @discardableResult
  private func check(_ actions: [WorkerLink.Action]) throws(WorkerFailure) -> WorkerReply? {
    var failure: WorkerFailure?
    for action in actions {
      switch action {
      case .deliver(_, let reply): return reply
      case .fail(_, let reason): failure = reason
      case .kill(let reason):
        process.stop()
        failure = failure ?? reason
      case .began, .respawn: break
      }
    }
    if let failure { throw failure }
    return nil
  }
}
