import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One JSON object per line over a pair of file descriptors: how the runner and a worker process talk.
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
  private let _encoder = JSONEncoder()
  private let _decoder = JSONDecoder()

  /// A channel reading `input` and writing `output` (it closes neither).
  init(input: Int32, output: Int32) {
    _input = input
    _output = output
  }

  /// Writes `message` as one line; false when the other end is gone.
  @discardableResult
  func send(_ message: some Encodable) -> Bool {
    guard var data = try? _encoder.encode(message) else { return false }
    data.append(UInt8(ascii: "\n"))
    return data.withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count {
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
  /// come and may stop the wait by returning a reason.
  func receive<Message: Decodable>(
    _ type: Message.Type, slice: Duration = .milliseconds(100), check: () -> String? = { nil }
  ) throws(Interruption) -> Message {
    while true {
      if let newline = _buffer.firstIndex(of: UInt8(ascii: "\n")) {
        let line = Data(_buffer[..<newline])
        _buffer.removeSubrange(...newline)
        do {
          return try _decoder.decode(Message.self, from: line)
        } catch {
          throw .malformed(String(decoding: line.prefix(200), as: UTF8.self))
        }
      }
      var descriptor = pollfd(fd: _input, events: Int16(POLLIN), revents: 0)
      let milliseconds = Int32(slice.components.seconds * 1000 + slice.components.attoseconds / 1_000_000_000_000_000)
      let ready = poll(&descriptor, 1, milliseconds)
      if ready < 0, errno != EINTR { throw .closed }
      if ready <= 0 {
        if let reason = check() { throw .stopped(reason) }
        continue
      }
      var chunk = [UInt8](repeating: 0, count: 64 << 10)
      let count = read(_input, &chunk, chunk.count)
      if count < 0, errno == EINTR || errno == EAGAIN { continue }
      if count <= 0 { throw .closed }
      _buffer.append(contentsOf: chunk[..<count])
    }
  }
}
