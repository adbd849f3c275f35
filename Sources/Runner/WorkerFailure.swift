/// Why a worker process gave a request no reply.
enum WorkerFailure: Error, Equatable, Sendable {
  /// The request ran past its time limit (`--timeout`).
  case timedOut
  /// The process grew past its host memory limit (`--worker-memory`), to this many bytes.
  case overMemory(bytes: Int)
  /// The process ended by itself.
  case ended(WorkerExit)
  /// The run was stopped (a signal, `--fail-fast`): the request was abandoned.
  case stopped
  /// The process answered something that is not a reply, or could not be started.
  case unusable(String)
}

/// How a worker process ended.
enum WorkerExit: Equatable, Sendable, CustomStringConvertible {
  case status(Int32)
  case signal(Int32)

  /// `exit status 3`, `signal 11 (Segmentation fault)`.
  var description: String {
    switch self {
    case .status(let status): "exit status \(status)"
    case .signal(let number): "signal \(number) (\(strsignal(number).map { String(cString: $0) } ?? "signal"))"
    }
  }

  /// How the process of a `waitpid` status ended.
  init(waitStatus status: Int32) {
    let signal = status & 0x7f
    self = signal == 0 ? .status((status >> 8) & 0xff) : .signal(signal)
  }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
