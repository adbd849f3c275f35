/// The runner's side of its link to one worker process, as a state machine that does no I/O.
///
/// Its events — a job submitted, bytes received, bytes written, the clock's tick, the process's end —
/// return the actions its executor (``ScenarioLane`` with a ``WorkerPump``) carries out: deliver a
/// reply, fail a job, kill the process, start another. Jobs are answered in the order they were
/// submitted; the oldest unanswered one (the head) is the one the worker runs, and its time limit
/// counts from when it came to the head. The bytes to write wait in ``pendingOutput`` until the pump
/// writes what the pipe takes, so neither side ever waits on the other, whatever a message's size.
struct WorkerLink {
  /// A job's number, given by the executor.
  typealias JobID = Int

  /// What the executor does after an event.
  enum Action {
    /// The job came to the head of the worker's queue: it runs now.
    case began(JobID)
    /// The worker answered the job.
    case deliver(JobID, WorkerReply)
    /// The job gets no reply, for this reason.
    case fail(JobID, WorkerFailure)
    /// End the process now (SIGKILL), for this reason.
    case kill(WorkerFailure)
    /// Start a new process: the link holds these jobs (in order) and the bytes that send them to it.
    case respawn(requeue: [JobID])
  }

  /// How far a stop of the run has gone.
  enum Stopping: Sendable {
    case none
    /// Finish the job that runs; start no other.
    case finishing
    /// Abandon every job now.
    case abandoning
  }

  private enum State {
    /// A process was started and has not said it is ready; since when.
    case starting(since: ContinuousClock.Instant)
    /// The process is ready; the head of the queue runs since `headStarted` (nil: nothing queued).
    case ready(headStarted: ContinuousClock.Instant?)
    /// No process: the last one ended for this reason (or none was started yet).
    case dead(WorkerFailure?)
  }

  private var _state: State
  /// The jobs sent to the current process and not answered, oldest first.
  private var _queue: [(id: JobID, request: WorkerRequest)] = []
  /// Replies the current process gave.
  private var _answered = 0
  /// A number for each file the link has sent, the same across processes.
  private var _fileNumbers: [WorkerFile: Int] = [:]
  /// The file numbers the current process was told the paths of.
  private var _introduced: Set<Int> = []
  private var _output: [UInt8] = []
  private var _written = 0
  private var _lines = LineBuffer()
  /// Whether a stop lets the head job finish and then ends the process (``Stopping/finishing``).
  private var _draining = false
  private let _timeLimit: Duration
  private let _memoryLimit: Int

  /// A link to a process started at `now` (nil: none yet), with the launch's time and memory limits.
  init(startedAt now: ContinuousClock.Instant?, timeLimit: Duration, memoryLimit: Int) {
    _state = now.map { .starting(since: $0) } ?? .dead(nil)
    _timeLimit = timeLimit
    _memoryLimit = memoryLimit
  }

  // MARK: - What the executor reads

  /// The bytes waiting to be written to the worker.
  var pendingOutput: ArraySlice<UInt8> { _output[_written...] }

  /// How many jobs wait for a reply.
  var queued: Int { _queue.count }

  /// Where the first collection is in the queue (0: the head), if one is queued.
  var firstCollection: Int? {
    _queue.firstIndex { if case .collect = $0.request { true } else { false } }
  }

  /// Whether the current process has said it is ready.
  var isReady: Bool {
    if case .ready = _state { true } else { false }
  }

  /// Whether a process is connected (starting or ready).
  var hasProcess: Bool {
    if case .dead = _state { false } else { true }
  }

  /// When the link next needs a tick for its time limit: the head's (or a start's) deadline.
  var deadline: ContinuousClock.Instant? {
    switch _state {
    case .starting(let since): since + _timeLimit
    case .ready(let started): started.map { $0 + _timeLimit }
    case .dead: nil
    }
  }

  // MARK: - Events

  /// Queues `request` as job `id`; with no process, asks for one.
  mutating func submit(_ id: JobID, _ request: WorkerRequest, now: ContinuousClock.Instant) -> [Action] {
    _queue.append((id, request))
    switch _state {
    case .dead:
      return [.respawn(requeue: _queue.map(\.id))]
    case .starting:
      _send(request)
      return []
    case .ready(let started):
      _send(request)
      guard started == nil else { return [] }
      _state = .ready(headStarted: now)
      return [.began(id)]
    }
  }

  /// A new process was started for the jobs of the last ``Action/respawn(requeue:)``.
  mutating func connected(now: ContinuousClock.Instant) {
    _state = .starting(since: now)
    _answered = 0
    _introduced = []
    _output = []
    _written = 0
    _lines = LineBuffer()
    for (_, request) in _queue { _send(request) }
  }

  /// No process could be started: every queued job fails.
  mutating func couldNotStart(_ reason: String) -> [Action] {
    let failure = WorkerFailure.unusable("could not start a worker process: \(reason)")
    defer { _queue = [] }
    _state = .dead(failure)
    return _queue.map { .fail($0.id, failure) }
  }

  /// The pump wrote `count` bytes of ``pendingOutput``.
  mutating func wrote(_ count: Int) {
    _written += count
    if _written == _output.count {
      _output.removeAll(keepingCapacity: _output.capacity <= 64 << 10)
      _written = 0
    }
  }

  /// The pump read `bytes` from the worker.
  mutating func received(_ bytes: ArraySlice<UInt8>, now: ContinuousClock.Instant) -> [Action] {
    _lines.append(bytes)
    var actions: [Action] = []
    while hasProcess, let line = _lines.next() {
      guard case .starting = _state else {
        actions += _reply(line, now: now)
        continue
      }
      guard line.elementsEqual(WorkerLink.readyLine) else {
        return actions + _failHead(.unusable("the worker answered before it said it was ready"), now: now)
      }
      _state = .ready(headStarted: _queue.isEmpty ? nil : now)
      if let head = _queue.first { actions.append(.began(head.id)) }
    }
    return actions
  }

  /// The clock, the process's resident memory (nil: unknown) and the run's stop, looked at now.
  mutating func tick(now: ContinuousClock.Instant, residentBytes: Int?, stopping: Stopping) -> [Action] {
    guard hasProcess else { return [] }
    if stopping == .finishing, !_draining {
      _draining = true
      // Only a job that already runs may finish; none runs while the process starts.
      if !isReady || _queue.isEmpty { return _stop() }
    }
    if stopping == .abandoning { return _stop() }
    if let deadline, now >= deadline {
      return _failHead(.timedOut, now: now)
    }
    if _memoryLimit > 0, let residentBytes, residentBytes > _memoryLimit {
      // What a worker held before the job (other files' top levels, its allocator's free lists) counts
      // toward --worker-memory: a job that went over on a worker that answered others runs again on a
      // new one, where it comes first (so once).
      let failure = WorkerFailure.overMemory(bytes: residentBytes)
      guard _answered == 0 else {
        _state = .dead(failure)
        return [.kill(failure), .respawn(requeue: _queue.map(\.id))]
      }
      return _failHead(failure, now: now)
    }
    return []
  }

  /// The process closed its output and ended as `exit`.
  mutating func ended(_ exit: WorkerExit, now: ContinuousClock.Instant) -> [Action] {
    guard hasProcess else { return [] }
    return _failHead(.ended(exit), now: now, killing: false)
  }

  // MARK: - Inside

  /// The line a worker sends once, first, when its engine is loaded (``WorkerServer``).
  static let readyLine: [UInt8] = Array("Y".utf8)

  private mutating func _send(_ request: WorkerRequest) {
    let number = _fileNumbers[request.file] ?? _fileNumbers.count
    _fileNumbers[request.file] = number
    let introducing = _introduced.insert(number).inserted
    _output += request.line(fileNumber: number, introducing: introducing)
    _output.append(UInt8(ascii: "\n"))
  }

  /// The reply in `line` to the head job, and the next job's start.
  private mutating func _reply(_ line: ArraySlice<UInt8>, now: ContinuousClock.Instant) -> [Action] {
    guard let head = _queue.first else {
      return _failHead(.unusable("the worker answered a request it was not sent"), now: now)
    }
    let reply: WorkerReply
    do {
      reply = try WorkerReply(line: line)
      switch (head.request, reply) {
      case (.run, .ran), (.collect, .collected): break
      default: return _failHead(.unusable("the worker answered another request"), now: now)
      }
    } catch {
      let shown = String(decoding: line.prefix(200), as: UTF8.self)
      return _failHead(.unusable("the worker answered with something else than a reply: \(shown)"), now: now)
    }
    _queue.removeFirst()
    _answered += 1
    var actions: [Action] = [.deliver(head.id, reply)]
    if _draining { return actions + _stop() }
    if let next = _queue.first {
      _state = .ready(headStarted: now)
      actions.append(.began(next.id))
    } else {
      _state = .ready(headStarted: nil)
    }
    return actions
  }

  /// The head job fails; the process is killed (unless it ended by itself) and the other jobs go to a new one.
  private mutating func _failHead(_ failure: WorkerFailure, now: ContinuousClock.Instant, killing: Bool = true) -> [Action] {
    _state = .dead(failure)
    var actions: [Action] = killing ? [.kill(failure)] : []
    guard !_queue.isEmpty else { return actions }
    actions.append(.fail(_queue.removeFirst().id, failure))
    if !_queue.isEmpty { actions.append(.respawn(requeue: _queue.map(\.id))) }
    return actions
  }

  /// A stop: the process goes, and every job it holds fails as stopped.
  private mutating func _stop() -> [Action] {
    _state = .dead(.stopped)
    defer { _queue = [] }
    return [.kill(.stopped)] + _queue.map { .fail($0.id, .stopped) }
  }
}
