import Foundation

/// A JUnit report file on disk, replaced atomically when the run ends.
///
/// The spool is a file in the report's directory that is unlinked as soon as it is open, so it
/// takes no memory and a crash leaves nothing behind. At commit, the document goes to a new
/// hidden file beside the report, is flushed to disk, and is renamed over the report: readers see
/// the previous report or the complete new one, never a partial file. I/O errors never trap or
/// throw from `append`/`commit`; the first one is kept in `failure` and the report is left untouched.
public final class JUnitFile: JUnitReportStore, @unchecked Sendable {
  /// Where the report goes.
  public let path: String

  private let _lock = NSLock()
  private var _spool: Int32
  private var _pending: [UInt8] = []
  private var _failure: JUnitFileError?
  private static let _bufferSize = 1 << 16

  /// Opens the spool beside `path` now, so an unwritable directory is reported before the run starts.
  public init(path: String) throws(JUnitFileError) {
    self.path = path
    let (spool, spoolPath) = try Self._createUnique(beside: path, kind: "spool", mode: 0o600, readable: true)
    unlink(spoolPath)
    _spool = spool
    _pending.reserveCapacity(Self._bufferSize)
  }

  deinit {
    if _spool >= 0 { close(_spool) }
  }

  /// The first error met while spooling or committing, if any; the report was then not replaced.
  public var failure: JUnitFileError? {
    _lock.withLock { _failure }
  }

  // MARK: - JUnitReportStore

  public func append(_ bytes: [UInt8]) {
    _lock.withLock {
      guard _spool >= 0, _failure == nil else { return }
      _pending.append(contentsOf: bytes)
      if _pending.count >= Self._bufferSize { _flushPending() }
    }
  }

  public func commit(_ layout: [Range<Int>]) {
    _lock.withLock {
      guard _spool >= 0 else { return }
      defer {
        close(_spool)
        _spool = -1
        _pending = []
      }
      _flushPending()
      guard _failure == nil else { return }
      do throws(JUnitFileError) {
        try _writeReport(layout)
      } catch {
        _failure = error
      }
    }
  }

  // MARK: - Writing

  private func _flushPending() {
    if let code = Self._writeAll(_pending, to: _spool) {
      _failure = JUnitFileError(path: path, operation: "write the spool beside", code: code)
    }
    _pending.removeAll(keepingCapacity: true)
  }

  private func _writeReport(_ layout: [Range<Int>]) throws(JUnitFileError) {
    let (file, temporaryPath) = try Self._createUnique(beside: path, kind: "tmp", mode: 0o666, readable: false)
    var isOpen = true
    var isRenamed = false
    defer {
      if isOpen { close(file) }
      if !isRenamed { unlink(temporaryPath) }
    }
    try _copy(layout, to: file)
    guard fsync(file) == 0 else { throw _error("flush the report", errno) }
    isOpen = false
    guard close(file) == 0 else { throw _error("close the report", errno) }
    guard rename(temporaryPath, path) == 0 else { throw _error("replace", errno) }
    isRenamed = true
  }

  private func _copy(_ layout: [Range<Int>], to file: Int32) throws(JUnitFileError) {
    var output: [UInt8] = []
    output.reserveCapacity(Self._bufferSize)
    var chunk = [UInt8](repeating: 0, count: Self._bufferSize)
    for range in layout {
      var offset = range.lowerBound
      while offset < range.upperBound {
        let wanted = min(Self._bufferSize, range.upperBound - offset)
        let read = chunk.withUnsafeMutableBytes { pread(_spool, $0.baseAddress, wanted, off_t(offset)) }
        if read < 0 && errno == EINTR { continue }
        guard read > 0 else { throw _error("read the spool beside", read < 0 ? errno : EIO) }
        output.append(contentsOf: chunk[0..<read])
        offset += read
        if output.count >= Self._bufferSize {
          if let code = Self._writeAll(output, to: file) { throw _error("write the report beside", code) }
          output.removeAll(keepingCapacity: true)
        }
      }
    }
    if let code = Self._writeAll(output, to: file) { throw _error("write the report beside", code) }
  }

  private func _error(_ operation: String, _ code: Int32) -> JUnitFileError {
    JUnitFileError(path: path, operation: operation, code: code)
  }

  /// Writes every byte, retrying after signals; returns `errno` on failure.
  private static func _writeAll(_ bytes: [UInt8], to file: Int32) -> Int32? {
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = write(file, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return errno
        }
        offset += written
      }
      return nil
    }
  }

  /// Creates a new hidden file beside `path` (`.<name>.<kind>-<hex>`), never reusing an existing one.
  private static func _createUnique(
    beside path: String, kind: String, mode: mode_t, readable: Bool
  ) throws(JUnitFileError) -> (descriptor: Int32, path: String) {
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { String(path[...$0]) } ?? ""
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    let flags = (readable ? O_RDWR : O_WRONLY) | O_CREAT | O_EXCL | O_CLOEXEC
    var code = EEXIST
    for _ in 0..<16 where code == EEXIST {
      let candidate = "\(directory).\(name).\(kind)-\(String(UInt32.random(in: .min ... .max), radix: 16))"
      let descriptor = open(candidate, flags, mode)
      if descriptor >= 0 { return (descriptor, candidate) }
      code = errno
    }
    throw JUnitFileError(path: path, operation: "create a temporary file beside", code: code)
  }
}
