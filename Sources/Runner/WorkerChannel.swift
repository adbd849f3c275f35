import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A worker's side of its pipes: blocking reads of the runner's request lines, and blocking writes
/// of its replies (the runner's ``WorkerPump`` always reads, so a reply's write never waits for long).
final class WorkerChannel {
  /// Why nothing was received.
  enum Interruption: Error, Equatable {
    /// The other end closed its side (a runner that ended).
    case closed
    /// A line was not a message.
    case malformed(String)
  }

  private let _input: Int32
  private let _output: Int32
  private var _lines = LineBuffer()
  /// What each read fills, allocated once.
  private var _chunk = [UInt8](repeating: 0, count: 64 << 10)

  /// A channel reading `input` and writing `output` (it closes neither).
  init(input: Int32, output: Int32) {
    _input = input
    _output = output
  }

  /// Writes `line` and a line break; false when the other end is gone.
  @discardableResult
  func send(_ line: [UInt8]) -> Bool {
    var bytes = line
    bytes.append(UInt8(ascii: "\n"))
    return bytes.withUnsafeBytes { bytes in
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

  /// Reads the next message, waiting as long as it takes.
  func receive<Message>(_ decode: (ArraySlice<UInt8>) throws -> Message) throws(Interruption) -> Message {
    while true {
      if let line = _lines.next() {
        do {
          return try decode(line)
        } catch {
          throw .malformed(String(decoding: line.prefix(200), as: UTF8.self))
        }
      }
      let count = read(_input, &_chunk, _chunk.count)
      if count < 0, errno == EINTR || errno == EAGAIN { continue }
      if count <= 0 { throw .closed }
      _lines.append(_chunk[..<count])
    }
  }
}
