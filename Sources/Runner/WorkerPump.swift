import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one place the runner waits on a worker: a `poll` over the worker's non-blocking pipes that
/// writes what the pipe takes and reads what has arrived, so neither side can block the other.
///
/// Each ``turn(_:process:stopping:)`` waits at most until the link's nearest deadline or one
/// ``slice``, whichever comes first, and looks at the run's stop and the process's memory, so a time
/// limit, a memory limit and a signal all act within a slice of their moment, even mid-message.
struct WorkerPump {
  /// The longest a turn waits: how soon a stop or a memory limit is seen.
  static let slice = Duration.milliseconds(100)
  /// The most bytes one turn reads, so a flood of output still leaves room for the limits.
  static let readsPerTurn = 4 << 20

  private var _chunk = [UInt8](repeating: 0, count: 64 << 10)
  /// When the process's memory was last read (`/proc`), at most once a slice.
  private var _memoryRead: ContinuousClock.Instant?

  /// One round of waiting and moving bytes; returns what the link asks for (often nothing).
  mutating func turn(
    _ link: inout WorkerLink, process: WorkerProcess, memoryLimit: Int, stopping: WorkerLink.Stopping
  ) -> [WorkerLink.Action] {
    var now = ContinuousClock.now
    var actions = link.tick(now: now, residentBytes: resident(of: process, limit: memoryLimit, now: now), stopping: stopping)
    guard actions.isEmpty else { return actions }
    let wait = min(Self.slice, max(.zero, (link.deadline ?? now + Self.slice) - now))
    let writes = !link.pendingOutput.isEmpty
    var descriptors = [
      pollfd(fd: process.output, events: Int16(POLLIN), revents: 0),
      pollfd(fd: process.input, events: Int16(writes ? POLLOUT : 0), revents: 0),
    ]
    let ready = poll(&descriptors, writes ? 2 : 1, Self.milliseconds(wait))
    guard ready > 0 else { return [] }  // a slice passed, or a signal came: the next turn looks again
    now = .now
    if writes, descriptors[1].revents != 0 { send(&link, to: process.input) }
    if descriptors[0].revents != 0 { actions += drain(&link, from: process, now: now) }
    return actions
  }

  /// Writes what the pipe takes of the link's pending bytes.
  private func send(_ link: inout WorkerLink, to descriptor: Int32) {
    let pending = link.pendingOutput
    let written = pending.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    // A worker that is gone (EPIPE) shows on its output, which closes.
    if written > 0 { link.wrote(written) }
  }

  /// Reads what has arrived, up to ``readsPerTurn``; at the end of the output, the process's end.
  private mutating func drain(_ link: inout WorkerLink, from process: WorkerProcess, now: ContinuousClock.Instant)
    -> [WorkerLink.Action]
  {
    var actions: [WorkerLink.Action] = []
    var total = 0
    while total < Self.readsPerTurn {
      let count = _chunk.withUnsafeMutableBytes { read(process.output, $0.baseAddress, $0.count) }
      if count > 0 {
        total += count
        actions += link.received(_chunk[..<count], now: now)
        continue
      }
      if count < 0, errno == EINTR { continue }
      if count < 0, errno == EAGAIN || errno == EWOULDBLOCK { break }
      actions += link.ended(process.ended(), now: now)  // closed, or unreadable
      break
    }
    return actions
  }

  /// The process's resident memory when a limit applies, read at most once a slice.
  private mutating func resident(of process: WorkerProcess, limit: Int, now: ContinuousClock.Instant) -> Int? {
    guard limit > 0 else { return nil }
    if let last = _memoryRead, now - last < Self.slice { return nil }
    _memoryRead = now
    return WorkerProcess.residentBytes(of: process.pid)
  }

  private static func milliseconds(_ duration: Duration) -> Int32 {
    let (seconds, attoseconds) = duration.components
    return Int32(clamping: seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
  }
}
