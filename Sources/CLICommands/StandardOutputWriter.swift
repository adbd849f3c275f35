import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard output written from a thread of its own, so a reader that stalls or goes away never
/// stops the run: the run hands text over and goes on; a reader that went away (EPIPE) is ignored.
final class StandardOutputWriter: @unchecked Sendable {
  /// The most bytes that wait for a slow reader; past them, text is dropped and the drop is said once.
  static let queuedLimit = 64 << 20

  private let _descriptor: Int32
  private let _condition = NSCondition()
  private var _queued: [[UInt8]] = []
  private var _queuedBytes = 0
  private var _writing = false
  private var _broken = false
  private var _dropped = false
  private var _thread: Thread?

  /// A writer of `descriptor` (standard output by default).
  init(descriptor: Int32 = 1) {
    _descriptor = descriptor
    signal(SIGPIPE, SIG_IGN)  // a reader that went away makes write fail with EPIPE, not end the process
  }

  /// Queues `text`; never waits for the reader.
  func write(_ text: String) {
    _condition.withLock {
      guard !_broken else { return }
      guard _queuedBytes + text.utf8.count <= Self.queuedLimit else {
        if !_dropped {
          _dropped = true
          _queued.append(Array("\n[permsim: standard output is not being read; later console text was dropped]\n".utf8))
        }
        return
      }
      _queued.append(Array(text.utf8))
      _queuedBytes += text.utf8.count
      if _thread == nil {
        let thread = Thread { [self] in drain() }
        _thread = thread
        thread.start()
      }
      _condition.signal()
    }
  }

  /// Waits until everything queued was written, the reader went away, or `giveUp()` says to stop
  /// waiting (looked at every 50 ms): a run that was stopped does not wait for a reader that stalls.
  func finish(giveUp: () -> Bool) {
    while true {
      let done = _condition.withLock { _broken || (_queued.isEmpty && !_writing) }
      if done || giveUp() { return }
      usleep(50_000)
    }
  }

  private func drain() {
    while true {
      let chunk: [UInt8] = _condition.withLock {
        while _queued.isEmpty { _condition.wait() }
        _writing = true
        let chunk = _queued.removeFirst()
        _queuedBytes -= chunk.count
        return chunk
      }
      let written = chunk.withUnsafeBytes { bytes -> Bool in
        var offset = 0
        while offset < bytes.count {
          let count = Foundation.write(_descriptor, bytes.baseAddress! + offset, bytes.count - offset)
          if count < 0, errno == EINTR { continue }
          guard count > 0 else { return false }
          offset += count
        }
        return true
      }
      _condition.withLock {
        _writing = false
        if !written {
          _broken = true
          _queued = []
          _queuedBytes = 0
        }
      }
    }
  }
}
