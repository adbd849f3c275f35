import Foundation

/// Finished cases by plan position, handed from the lanes that run them to the one thread that posts them.
///
/// Lanes take positions in plan order (``takeNext()``) and finish them in any order; the poster waits
/// for each position in turn (``wait(for:stop:)``). A position is given up only when it will never
/// finish: a lane abandoned it, a stop came before any lane took it, or every lane is done.
final class ResultBoard<Result>: @unchecked Sendable {
  private let _condition = NSCondition()
  /// The finished results not yet handed to the poster, by position (a run of 100,000 cases holds a few).
  private var _results: [Int: Result] = [:]
  /// Positions a lane took and will not finish (a stop abandoned them).
  private var _abandoned: Set<Int> = []
  private let _count: Int
  private var _next = 0
  private var _cancelled = false
  private let _workers: Int
  private var _workersDone = 0
  /// The position the poster sleeps on, if it does.
  private var _awaited: Int?

  /// Results the poster takes per wake-up, at most: waking a thread for every case costs more than a small case.
  static var batch: Int { 32 }

  /// A board for `count` positions, taken by `workers` lanes.
  init(count: Int, workers: Int) {
    _count = count
    _workers = workers
  }

  var isCancelled: Bool {
    _condition.lock()
    defer { _condition.unlock() }
    return _cancelled
  }

  /// Whether every position was taken.
  var isAllTaken: Bool {
    _condition.lock()
    defer { _condition.unlock() }
    return _next == _count
  }

  /// The next position to run, or nil when all are taken or the board was cancelled.
  func takeNext() -> Int? {
    _condition.lock()
    defer { _condition.unlock() }
    guard !_cancelled, _next < _count else { return nil }
    _next += 1
    return _next - 1
  }

  /// Hands over the result of `position`.
  func finish(_ position: Int, _ result: Result) {
    _condition.lock()
    _results[position] = result
    // Wake the poster once a batch is ready from what it waits for, or once the last cases are done.
    if let awaited = _awaited {
      var ready = awaited
      while ready < _next, ready - awaited < Self.batch, _results[ready] != nil { ready += 1 }
      if ready - awaited == Self.batch || (ready == _next && _next == _count) {
        _awaited = nil
        _condition.broadcast()
      }
    }
    _condition.unlock()
  }

  /// Says that `position` will never finish: a stop abandoned it.
  func abandon(_ position: Int) {
    _condition.lock()
    _abandoned.insert(position)
    _condition.broadcast()
    _condition.unlock()
  }

  /// Waits for the result of `position` and hands it over (its slot is then freed); nil when it will
  /// never come: abandoned, not taken by any lane before `stop` was set, or every lane is done.
  ///
  /// A position a lane took before the stop is waited for: a case that was running when a first
  /// Ctrl-C came ends as it would (within its limits) and is reported.
  func wait(for position: Int, stop: StopFlag) -> Result? {
    _condition.lock()
    defer { _condition.unlock() }
    while _results[position] == nil {
      if _abandoned.contains(position) || _workersDone == _workers || (position >= _next && (stop.isSet || _cancelled)) {
        return nil
      }
      _awaited = position
      // The stop flag cannot wake the board; it is looked at this often while nothing finishes.
      _ = _condition.wait(until: Date(timeIntervalSinceNow: 0.05))
    }
    return _results.removeValue(forKey: position)
  }

  /// Hands out no more positions.
  func cancel() {
    _condition.lock()
    _cancelled = true
    _condition.broadcast()
    _condition.unlock()
  }

  /// Says that one lane ended: it takes and finishes nothing more.
  func workerDone() {
    _condition.lock()
    _workersDone += 1
    _condition.broadcast()
    _condition.unlock()
  }

  /// Waits until every lane has ended.
  func waitForWorkers() {
    _condition.lock()
    defer { _condition.unlock() }
    while _workersDone < _workers { _condition.wait() }
  }
}
