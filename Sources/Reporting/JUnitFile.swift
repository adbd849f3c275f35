import Foundation

/// A JUnit report file on disk, replaced atomically when the run ends.
///
/// The spool is a file in the report's directory that is unlinked as soon as it is open, so it
/// takes no memory and a crash leaves nothing behind. At commit, the document goes to a new
/// hidden file beside the report, is flushed to disk, and is renamed over the report: readers see
/// the previous report or the complete new one, never a partial file. A symbolic link is followed
/// (the file it names is replaced, the link stays); missing directories are created; a path that
/// is there and is not a regular file (`/dev/stdout`, a FIFO, a device) is written into, never
/// replaced, its spool kept in the temporary directory. I/O errors never trap or throw from
/// `append`/`commit`; the first one is kept in `failure` and the report is left untouched.
public final class JUnitFile: JUnitReportStore, @unchecked Sendable {
  /// Where the report goes, as given.
  public let path: String
  /// The file written: `path` with symbolic links followed.
  private let _target: String
  /// Whether the target is there and is not a regular file, so it is written into rather than replaced.
  private let _writesInto: Bool

  private let _lock = NSLock()
  private var _spool: Int32
  private var _pending: [UInt8] = []
  private var _failure: JUnitFileError?
  private static let _bufferSize = 1 << 16

  /// Opens the spool beside `path` now, so an unwritable directory is reported before the run starts.
  public init(path: String) throws(JUnitFileError) {
    guard !path.isEmpty else { throw JUnitFileError(path: path, operation: "write a report to", code: ENOENT) }
    self.path = path
    var status = stat()
    _writesInto = stat(path, &status) == 0 && ![S_IFREG, S_IFDIR].contains(status.st_mode & S_IFMT)
    _target = _writesInto ? path : Self._followingLinks(path)
    if !_writesInto { try Self._createDirectories(of: _target, for: path) }
    let spoolBeside = _writesInto ? NSTemporaryDirectory() + "/permsim-report" : _target
    let (spool, spoolPath) = try Self._createUnique(beside: spoolBeside, kind: "spool", mode: 0o600, readable: true)
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
    if _writesInto {
      // Opened without blocking: a FIFO that no process opens to read within ``readerWait`` is an
      // error, not a wait no stop could end. Then written as any file (a reader that is there reads).
      let file = Self.openWaitingForReader(_target)
      guard file >= 0 else { throw _error(errno == ENXIO ? "open (no process reads it)" : "open", errno) }
      _ = fcntl(file, F_SETFL, fcntl(file, F_GETFL) & ~O_NONBLOCK)
      defer { close(file) }
      try _copy(layout, to: file)
      return
    }
    let (file, temporaryPath) = try Self._createUnique(beside: _target, kind: "tmp", mode: 0o666, readable: false)
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
    guard rename(temporaryPath, _target) == 0 else { throw _error("replace", errno) }
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

  /// How long a report waits for a process to open the FIFO it names for reading.
  package static let readerWait = Duration.seconds(5)

  /// Opens `path` for writing without blocking: a FIFO with no reader yet is tried again for
  /// ``readerWait`` (every 50 ms) and then given up (ENXIO); -1 with `errno` on failure.
  package static func openWaitingForReader(_ path: String, flags: Int32 = 0, mode: mode_t = 0) -> Int32 {
    let deadline = ContinuousClock.now + readerWait
    while true {
      let file = open(path, O_WRONLY | O_CLOEXEC | O_NONBLOCK | flags, mode)
      guard file < 0, errno == ENXIO, ContinuousClock.now < deadline else { return file }
      usleep(50_000)
    }
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

  /// `path` with symbolic links followed, as far as they lead (a dangling link names the file it would make).
  private static func _followingLinks(_ path: String) -> String {
    var current = path
    for _ in 0..<32 {
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let count = readlink(current, &buffer, buffer.count - 1)
      guard count > 0 else { return current }
      let link = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      if link.hasPrefix("/") {
        current = link
      } else if let slash = current.lastIndex(of: "/") {
        current = String(current[...slash]) + link
      } else {
        current = link
      }
    }
    return current
  }

  /// Creates the directories `path` lies in that are missing.
  private static func _createDirectories(of target: String, for path: String) throws(JUnitFileError) {
    guard let slash = target.lastIndex(of: "/"), slash != target.startIndex else { return }
    var prefix = ""
    for component in target[..<slash].split(separator: "/", omittingEmptySubsequences: false) {
      prefix += prefix.isEmpty && target.hasPrefix("/") ? "/" + component : (prefix.isEmpty ? "" : "/") + component
      guard !component.isEmpty, component != ".", mkdir(prefix, 0o777) != 0 else { continue }
      guard errno == EEXIST else { throw JUnitFileError(path: path, operation: "create the directories of", code: errno) }
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
