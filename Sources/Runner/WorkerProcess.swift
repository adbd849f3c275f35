import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How the runner starts worker processes and what it allows each request.
public struct WorkerLaunch: Sendable {
  /// The permsim binary.
  public var executable: String
  /// Its arguments for the worker mode (``mode``).
  public var arguments: [String]
  /// What the worker reads first, before any request; nil for a stand-in worker that takes none (tests).
  public var settings: WorkerSettings?
  /// How long one case (or one file's collection) may take, wall clock (`--timeout`).
  public var timeLimit: Duration
  /// The host memory (resident set) a worker may reach, in bytes; 0 for no limit (`--worker-memory`).
  public var memoryLimit: Int

  /// The one argument that starts the permsim binary as a worker process (``WorkerServer``).
  public static let mode = "worker"

  public init(executable: String, arguments: [String], settings: WorkerSettings?, timeLimit: Duration, memoryLimit: Int) {
    self.executable = executable
    self.arguments = arguments
    self.settings = settings
    self.timeLimit = timeLimit
    self.memoryLimit = memoryLimit
  }
}

/// One worker process: the same binary in its worker mode, behind two pipes.
///
/// A request that runs past its time limit, a worker that grows past its memory limit and a stop
/// request all end the process with SIGKILL, whatever it was doing (a case stuck inside one C call
/// included); a worker that died (a signal in a C library, say) is noticed when its pipe closes.
/// After any of these the process is gone and the owner starts another.
final class WorkerProcess {
  /// Why a request got no reply.
  enum Failure: Error, Equatable {
    case timedOut
    case overMemory(bytes: Int)
    /// The process ended by itself: how (`exit status 3`, `signal 11 (SIGSEGV)`).
    case ended(String)
    case stopped
    case unusable(String)
  }

  let pid: pid_t
  /// The binary the process runs.
  let executable: String
  private let _channel: WorkerChannel
  private let _toWorker: Int32
  private let _fromWorker: Int32
  private var _isRunning = true
  /// How the process ended, once it has.
  private var _ending = ""

  /// Starts a worker; standard error is shared with the runner (a worker's own warnings show there).
  init(_ launch: WorkerLaunch) throws {
    signal(SIGPIPE, SIG_IGN)  // a worker that died must not take the runner with it
    var requests: [Int32] = [0, 0]
    var replies: [Int32] = [0, 0]
    guard pipe(&requests) == 0, pipe(&replies) == 0 else { throw POSIXError(.EMFILE) }
    for descriptor in [requests[1], replies[0]] { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
    #if os(Linux)
    var actions = posix_spawn_file_actions_t()
    #else
    var actions: posix_spawn_file_actions_t?
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, requests[0], 0)
    posix_spawn_file_actions_adddup2(&actions, replies[1], 1)
    posix_spawn_file_actions_addclose(&actions, requests[0])
    posix_spawn_file_actions_addclose(&actions, replies[1])
    let argv = ([launch.executable] + launch.arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    let environment = ProcessInfo.processInfo.environment.map { strdup("\($0)=\($1)") } + [nil]
    defer { environment.forEach { free($0) } }
    // The worker starts with every signal at its default and none blocked, whatever the runner ignores.
    #if os(Linux)
    var attributes = posix_spawnattr_t()
    #else
    var attributes: posix_spawnattr_t?
    #endif
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var all = sigset_t()
    var none = sigset_t()
    sigfillset(&all)
    sigemptyset(&none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    var pid: pid_t = 0
    let status = posix_spawn(&pid, launch.executable, &actions, &attributes, argv, environment)
    close(requests[0])
    close(replies[1])
    guard status == 0 else {
      close(requests[1])
      close(replies[0])
      throw POSIXError(POSIXErrorCode(rawValue: status) ?? .ENOEXEC)
    }
    self.pid = pid
    executable = launch.executable
    _toWorker = requests[1]
    _fromWorker = replies[0]
    _channel = WorkerChannel(input: replies[0], output: requests[1])
    if let settings = launch.settings { configure(settings) }
  }

  /// Starts a worker for `launch`: the one ``WorkerPrestart`` started, when it waits, or a new one.
  static func start(_ launch: WorkerLaunch) throws -> WorkerProcess {
    try WorkerPrestart.take(launch) ?? WorkerProcess(launch)
  }

  /// Sends the worker its settings, which it reads before any request: written now, so that it goes
  /// on loading while the runner still looks for its files.
  func configure(_ settings: WorkerSettings) {
    _channel.enqueue(settings.line)
    _ = _channel.flush()  // a worker that is gone shows when the runner waits for it
  }

  deinit {
    stop()
    close(_toWorker)
    close(_fromWorker)
  }

  /// Sends `request` and waits for its reply within the launch's limits, or until `isAbandoned()`.
  func perform(_ request: WorkerRequest, _ launch: WorkerLaunch, isAbandoned: () -> Bool) throws(Failure) -> WorkerReply {
    try send(request)
    return try receive(launch, until: ContinuousClock.now + launch.timeLimit, isAbandoned: isAbandoned)
  }

  /// Queues `request` in the worker (it answers requests in order); requests queued one after another
  /// go out together, in one write, when the runner next waits for a reply.
  func send(_ request: WorkerRequest) throws(Failure) {
    try send(line: request.line)
  }

  /// Queues a request already in its line form (``WorkerRequest/line``).
  func send(line: [UInt8]) throws(Failure) {
    guard _isRunning else { throw .ended(_ending) }
    _channel.enqueue(line)
  }

  /// Whether a reply has arrived that ``receive(_:until:isAbandoned:)`` returns without waiting.
  var hasReply: Bool { _channel.hasBufferedLine }

  /// Writes the requests queued by ``send(_:)`` now, rather than when the runner next waits for a reply.
  func flush() { _channel.flush() }

  /// Waits until the worker said it is ready (its engine is loaded), within the launch's time limit
  /// and until `isAbandoned()`, looked at every few milliseconds; any failure ends the worker.
  func awaitReady(_ launch: WorkerLaunch, isAbandoned: () -> Bool) throws(Failure) {
    while !_isReady {
      guard try receiveLine(launch, until: .now + launch.timeLimit, slice: .milliseconds(5), isAbandoned: isAbandoned) == nil
      else {
        stop()
        throw .unusable("the worker answered before it said it was ready")
      }
    }
  }

  /// The reply to the oldest request not yet answered, if it comes by `deadline` and the worker stays
  /// within its memory limit; any failure ends the worker.
  func receive(_ launch: WorkerLaunch, until deadline: ContinuousClock.Instant, isAbandoned: () -> Bool) throws(Failure)
    -> WorkerReply
  {
    while true {
      if let reply = try receiveLine(launch, until: deadline, slice: .milliseconds(100), isAbandoned: isAbandoned) {
        return reply
      }
    }
  }

  /// The line a worker sends once, first, when its engine is loaded (``WorkerServer``).
  static let readyLine: [UInt8] = Array("Y".utf8)

  /// Whether the worker said it is ready.
  private var _isReady = false

  /// The next reply, or nil for the ready line.
  private func receiveLine(
    _ launch: WorkerLaunch, until deadline: ContinuousClock.Instant, slice: Duration, isAbandoned: () -> Bool
  ) throws(Failure) -> WorkerReply? {
    guard _isRunning else { throw .ended(_ending) }
    var overMemory = 0
    do {
      let decode = { [_isReady] (line: ArraySlice<UInt8>) throws -> WorkerReply? in
        if !_isReady, line.elementsEqual(Self.readyLine) { return nil }
        return try WorkerReply(line: line)
      }
      let reply = try _channel.receive(decode, slice: slice) {
        if isAbandoned() { return "stopped" }
        if ContinuousClock.now >= deadline { return "timed out" }
        if launch.memoryLimit > 0, let resident = Self.residentBytes(of: pid), resident > launch.memoryLimit {
          overMemory = resident
          return "memory"
        }
        return nil
      }
      if reply == nil { _isReady = true }
      return reply
    } catch {
      switch error {
      case .closed:
        throw .ended(ended())
      case .malformed(let line):
        stop()
        throw .unusable("the worker answered with something else than a reply: \(line)")
      case .stopped(let reason):
        stop()
        switch reason {
        case "timed out": throw .timedOut
        case "memory": throw .overMemory(bytes: overMemory)
        default: throw .stopped
        }
      }
    }
  }

  /// Ends the process at once (SIGKILL) without waiting for it: ``stop()`` reaps it, as this object's end does.
  func dismiss() {
    if _isRunning { kill(pid, SIGKILL) }
  }

  /// Ends the process at once (SIGKILL) and reaps it.
  func stop() {
    guard _isRunning else { return }
    dismiss()
    _ = ended()
  }

  /// Waits for the process to end and says how it did.
  private func ended() -> String {
    guard _isRunning else { return _ending }
    _isRunning = false
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    let signal = status & 0x7f
    if signal == 0 {
      _ending = "exit status \((status >> 8) & 0xff)"
    } else {
      _ending = "signal \(signal) (\(strsignal(signal).map { String(cString: $0) } ?? "signal"))"
    }
    return _ending
  }

  /// The resident set size of `pid` in bytes (Linux: /proc/PID/statm), or nil where it cannot be read.
  static func residentBytes(of pid: pid_t) -> Int? {
    #if os(Linux)
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/statm", encoding: .utf8) else { return nil }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    #else
    return nil
    #endif
  }
}
