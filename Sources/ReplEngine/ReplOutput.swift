#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the REPL writes: prompts, results, printed lines and the transcript to one stream, errors to the other.
public struct ReplOutput {
  /// Writes to the standard output (prompts, results, `print`, the transcript).
  public var write: (String) -> Void
  /// Writes to the standard error (error messages and tracebacks).
  public var writeError: (String) -> Void

  /// Writes results to `write` and errors to `writeError`.
  public init(write: @escaping (String) -> Void, writeError: @escaping (String) -> Void) {
    self.write = write
    self.writeError = writeError
  }

  /// The process's standard output and error, unbuffered so the two streams interleave in order.
  public static var standard: ReplOutput {
    ReplOutput(write: { writeAll($0, to: 1) }, writeError: { writeAll($0, to: 2) })
  }
}

private func writeAll(_ text: String, to descriptor: Int32) {
  var text = text
  text.withUTF8 { bytes in
    var written = 0
    while written < bytes.count {
      let result = write(descriptor, bytes.baseAddress.map { $0 + written }, bytes.count - written)
      if result < 0 && errno == EINTR { continue }
      guard result > 0 else { return }
      written += result
    }
  }
}
