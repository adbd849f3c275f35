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

/// One worker process: the same binary in its worker mode, behind two pipes whose runner ends never block.
///
/// The process only starts, ends and is reaped here; what crosses the pipes is the business of its
/// ``WorkerLink`` and the ``WorkerPump`` that moves the bytes. A process that ends (a signal in a C
/// library, say) is noticed when its output closes; one the runner kills is reaped at once.
final class WorkerProcess {
  let pid: pid_t
  /// The binary the process runs.
  let executable: String
  /// The runner's end of the worker's standard input (non-blocking).
  let input: Int32
  /// The runner's end of the worker's standard output (non-blocking).
  let output: Int32
  /// How the process ended, once it was reaped.
  private(set) var exit: WorkerExit?

  /// Starts a worker; standard error is shared with the runner (a worker's own warnings show there).
  init(_ launch: WorkerLaunch) throws {
    signal(SIGPIPE, SIG_IGN)  // a worker that died must not take the runner with it
    var requests: [Int32] = [0, 0]
    var replies: [Int32] = [0, 0]
    guard pipe(&requests) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EMFILE) }
    guard pipe(&replies) == 0 else {
      close(requests[0])
      close(requests[1])
      throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EMFILE)
    }
    for descriptor in [requests[1], replies[0]] {
      _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
      _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }
    let spawned = Self.spawn(launch, input: requests[0], output: replies[1])
    close(requests[0])
    close(replies[1])
    guard case .success(let pid) = spawned else {
      close(requests[1])
      close(replies[0])
      if case .failure(let error) = spawned { throw error }
      throw POSIXError(.ENOEXEC)
    }
    self.pid = pid
    executable = launch.executable
    input = requests[1]
    output = replies[0]
    if let settings = launch.settings { configure(settings) }
  }

  /// Starts `launch`'s binary with `input` and `output` as its standard input and output, every signal
  /// at its default and none blocked, whatever the runner ignores.
  private static func spawn(_ launch: WorkerLaunch, input: Int32, output: Int32) -> Result<pid_t, POSIXError> {
    #if os(Linux)
    var actions = posix_spawn_file_actions_t()
    var attributes = posix_spawnattr_t()
    #else
    var actions: posix_spawn_file_actions_t?
    var attributes: posix_spawnattr_t?
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, input, 0)
    posix_spawn_file_actions_adddup2(&actions, output, 1)
    posix_spawn_file_actions_addclose(&actions, input)
    posix_spawn_file_actions_addclose(&actions, output)
    let argv = ([launch.executable] + launch.arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    let environment = ProcessInfo.processInfo.environment.map { strdup("\($0)=\($1)") } + [nil]
    defer { environment.forEach { free($0) } }
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
    guard status == 0 else { return .failure(POSIXError(POSIXErrorCode(rawValue: status) ?? .ENOEXEC)) }
    return .success(pid)
  }

  /// Starts a worker for `launch`: the one ``WorkerPrestart`` started, when it waits, or a new one.
  static func start(_ launch: WorkerLaunch) throws -> WorkerProcess {
    try WorkerPrestart.take(launch) ?? WorkerProcess(launch)
  }

  /// Sends the worker its settings, the first line it reads: a new pipe takes the short line whole
  /// without blocking, so the worker goes on loading while the runner still looks for its files.
  func configure(_ settings: WorkerSettings) {
    let line = settings.line + [UInt8(ascii: "\n")]
    _ = line.withUnsafeBytes { write(input, $0.baseAddress, $0.count) }  // a worker that is gone shows later
  }

  deinit {
    stop()
    close(input)
    close(output)
  }

  /// Ends the process at once (SIGKILL) without waiting for it: ``stop()`` reaps it, as this object's end does.
  func dismiss() {
    if exit == nil { kill(pid, SIGKILL) }
  }

  /// Ends the process at once (SIGKILL) and reaps it.
  func stop() {
    guard exit == nil else { return }
    dismiss()
    _ = reap(waiting: true)
  }

  /// How the process ended, once its output closed: reaped, given a moment to exit by itself, and
  /// killed if it still runs then (a process that closed its output and went on is of no use).
  func ended() -> WorkerExit {
    if let exit { return exit }
    for _ in 0..<100 {
      if let exit = reap(waiting: false) { return exit }
      usleep(2_000)
    }
    dismiss()
    return reap(waiting: true) ?? .signal(SIGKILL)
  }

  /// Reaps the process if it ended (or, `waiting`, once it does).
  private func reap(waiting: Bool) -> WorkerExit? {
    if let exit { return exit }
    var status: Int32 = 0
    var reaped: pid_t
    repeat { reaped = waitpid(pid, &status, waiting ? 0 : WNOHANG) } while reaped < 0 && errno == EINTR
    guard reaped == pid else { return nil }
    exit = WorkerExit(waitStatus: status)
    return exit
  }

  /// The resident set size of `pid` in bytes (Linux: /proc/PID/statm), or nil where it cannot be read.
  static func residentBytes(of pid: pid_t) -> Int? {
    #if os(Linux)
    let file = open("/proc/\(pid)/statm", O_RDONLY | O_CLOEXEC)
    guard file >= 0 else { return nil }
    defer { close(file) }
    var buffer = [UInt8](repeating: 0, count: 128)
    let count = read(file, &buffer, buffer.count)
    guard count > 0 else { return nil }
    let fields = buffer[..<count].split(separator: UInt8(ascii: " "))
    guard fields.count > 1, let pages = Int(String(decoding: fields[1], as: UTF8.self)) else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    #else
    return nil
    #endif
  }
}
