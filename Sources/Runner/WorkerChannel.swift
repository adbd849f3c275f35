import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One message per line over a pair of file descriptors: how the runner and a worker process talk (``WorkerRequest``).
///
/// Lines sent with ``enqueue(_:)`` wait in the channel until ``flush()``, or until ``receive(_:slice:check:)``
/// has to wait for the other end: whatever was queued then goes out in one `write`, so a side that
/// answers several messages in a row wakes the other once, and never waits with an answer unsent.
final class WorkerChannel {
  /// Why nothing was received.
  enum Interruption: Error, Equatable {
    /// The other end closed its side (a worker that exited or died).
    case closed
    /// `check` said to stop waiting, with its reason.
    case stopped(String)
    /// A line was not a message.
    case malformed(String)
  }

  private let _input: Int32
  private let _output: Int32
  private var _buffer: [UInt8] = []
  /// Where the unread part of `_buffer` starts.
  private var _start = 0
  /// How many bytes from `_start` are known to hold no line break: a long line is scanned once, not
  /// again after every read that adds to it.
  private var _scanned = 0
  /// What each read fills, allocated once.
  private var _chunk = [UInt8](repeating: 0, count: 64 << 10)
  /// Lines queued and not yet written, each with its line break.
  private var _outgoing: [UInt8] = []
  /// How many `write` calls the channel made (for tests of the batching).
  private(set) var writeCount = 0

  /// How ``receive(_:slice:check:)`` waits for the other end.
  enum Wait {
    /// In slices, calling its `check` after each (the runner's side: time limits, memory, stops).
    case polling
    /// In one blocking `read` (a worker's side: it has nothing else to look at while it waits).
    case blocking
  }
  private let _waits: Wait

  /// A channel reading `input` and writing `output` (it closes neither).
  init(input: Int32, output: Int32, waits: Wait = .polling) {
    _input = input
    _output = output
    _waits = waits
  }

  /// Writes `line` and a line break now, after anything queued; false when the other end is gone.
  @discardableResult
  func send(_ line: [UInt8]) -> Bool {
    enqueue(line)
    return flush()
  }

  /// Queues `line` and a line break, to go out with the next ``flush()`` (or before the next wait to receive).
  func enqueue(_ line: [UInt8]) {
    _outgoing.append(contentsOf: line)
    _outgoing.append(UInt8(ascii: "\n"))
  }

  /// Whether lines are queued and not yet written.
  var hasQueued: Bool { !_outgoing.isEmpty }

  /// Whether a whole line has been read and not yet received: ``receive(_:slice:check:)`` returns it without waiting.
  var hasBufferedLine: Bool {
    _buffer[(_start + _scanned)...].contains(UInt8(ascii: "\n"))
  }

  /// Writes every queued line, in one `write` unless the pipe takes less; false when the other end is gone
  /// (what was queued is dropped).
  @discardableResult
  func flush() -> Bool {
    guard !_outgoing.isEmpty else { return true }
    defer { _outgoing.removeAll(keepingCapacity: _outgoing.capacity <= 64 << 10) }
    return _outgoing.withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        writeCount += 1
        let written = write(_output, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return false
        }
        offset += written
      }
      return true
    }
  }

  /// Reads the next message, waiting as long as it takes; `check` runs every `slice` while none has
  /// come and may stop the wait by returning a reason (a channel made with `waits: .blocking` makes one
  /// blocking `read` instead, and never calls `check`).
  /// Queued lines are written before any wait, never held while the other end may be waiting for them.
  func receive<Message>(
    _ decode: (ArraySlice<UInt8>) throws -> Message, slice: Duration = .milliseconds(100), check: () -> String? = { nil }
  ) throws(Interruption) -> Message {
    while true {
      if let newline = _buffer[(_start + _scanned)...].firstIndex(of: UInt8(ascii: "\n")) {
        let line = _buffer[_start..<newline]
        _start = newline + 1
        _scanned = 0
        if _start == _buffer.count {
          _buffer.removeAll(keepingCapacity: true)
          _start = 0
        }
        do {
          return try decode(line)
        } catch {
          throw .malformed(String(decoding: line.prefix(200), as: UTF8.self))
        }
      }
      _scanned = _buffer.count - _start
      if _start > 0 {
        _buffer.removeSubrange(..<_start)
        _start = 0
      }
      guard flush() else { throw .closed }
      if _waits == .polling {
        var descriptor = pollfd(fd: _input, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(slice.components.seconds * 1000 + slice.components.attoseconds / 1_000_000_000_000_000)
        let ready = poll(&descriptor, 1, milliseconds)
        if ready < 0, errno != EINTR { throw .closed }
        if ready <= 0 {
          if let reason = check() { throw .stopped(reason) }
          continue
        }
      }
      let count = read(_input, &_chunk, _chunk.count)
      if count < 0, errno == EINTR || errno == EAGAIN { continue }
      if count <= 0 { throw .closed }
      _buffer.append(contentsOf: _chunk[..<count])
    }
  }
}
