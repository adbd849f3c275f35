import Foundation

/// A JUnit report store that keeps everything in memory, for tests and small runs.
public final class InMemoryJUnitStore: JUnitReportStore, @unchecked Sendable {
  private let _lock = NSLock()
  private var _spool: [UInt8] = []
  private var _document: [UInt8]?

  public init() {}

  /// The bytes appended so far and not yet committed.
  public var spoolByteCount: Int {
    _lock.withLock { _spool.count }
  }

  /// The committed document, or nil before the run ended.
  public var document: [UInt8]? {
    _lock.withLock { _document }
  }

  public func append(_ bytes: [UInt8]) {
    _lock.withLock { _spool.append(contentsOf: bytes) }
  }

  public func commit(_ layout: [Range<Int>]) {
    _lock.withLock {
      var document: [UInt8] = []
      document.reserveCapacity(layout.reduce(0) { $0 + $1.count })
      for range in layout where range.lowerBound >= 0 && range.upperBound <= _spool.count {
        document.append(contentsOf: _spool[range])
      }
      _document = document
      _spool = []
    }
  }
}
