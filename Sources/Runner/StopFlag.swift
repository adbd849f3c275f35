import Foundation

/// A flag any thread may set to stop a run (SIGINT); the run finishes the cases already running and ends.
public final class StopFlag: @unchecked Sendable {
  private let _lock = NSLock()
  private var _isSet = false

  public init() {}

  /// Whether a stop was requested.
  public var isSet: Bool {
    _lock.lock()
    defer { _lock.unlock() }
    return _isSet
  }

  /// Requests the stop.
  public func set() {
    _lock.lock()
    _isSet = true
    _lock.unlock()
  }
}
