import Foundation

/// A stop request for a run, which any thread may make: finish what is running (a first Ctrl-C), or abandon it.
public final class StopFlag: @unchecked Sendable {
  private let _lock = NSLock()
  private var _isSet = false
  private var _isAbandoned = false
  private var _signal: Int32?

  public init() {}

  /// How long a first Ctrl-C lets the running cases finish before they are abandoned too.
  public static let grace = Duration.seconds(5)

  /// Whether a stop was requested: no case starts any more.
  public var isSet: Bool {
    _lock.lock()
    defer { _lock.unlock() }
    return _isSet
  }

  /// Whether running cases are abandoned too (their worker processes are stopped).
  public var isAbandoned: Bool {
    _lock.lock()
    defer { _lock.unlock() }
    return _isAbandoned
  }

  /// The signal that stopped the run, if one did.
  public var signal: Int32? {
    _lock.lock()
    defer { _lock.unlock() }
    return _signal
  }

  /// Requests the stop: cases running end as they would, none starts.
  public func set(signal: Int32? = nil) {
    _lock.lock()
    _isSet = true
    if _signal == nil { _signal = signal }
    _lock.unlock()
  }

  /// Requests the stop and abandons running cases.
  public func abandon(signal: Int32? = nil) {
    _lock.lock()
    _isSet = true
    _isAbandoned = true
    if _signal == nil { _signal = signal }  // the first signal decides the exit status
    _lock.unlock()
  }
}
