import Foundation

/// Finished cases by plan position, handed from the lanes that run them to the one thread that posts them.
///
/// Lanes take positions file by file (``takeNext(continuing:prefers:)``) and finish them in any order;
/// the poster waits for each position in turn (``wait(for:stop:)``). A lane keeps to the file it is
/// running, so a file is compiled and its top level run on as few lanes as can share the work: a lane
/// done with its file starts the next file no lane started (preferring one it already compiled, a
/// little ahead in the plan), and only when none is left joins the file with the most cases left.
/// A position is given up only when it will never finish: a lane abandoned it, a stop came before any
/// lane took it, or every lane is done.
final class ResultBoard<Result>: @unchecked Sendable {
  private let _condition = NSCondition()
  /// The finished results not yet handed to the poster, by position (a run of 100,000 cases holds a few).
  private var _results: [Int: Result] = [:]
  /// Positions a lane took and will not finish (a stop abandoned them).
  private var _abandoned: Set<Int> = []
  /// The files' positions in plan order, each with the next one no lane took yet.
  private var _files: [File]
  /// Files started and not all taken: where a lane with no file left to start helps.
  private var _active: [Int] = []
  /// No file before this one is left to start.
  private var _firstUnstarted = 0
  private let _count: Int
  private var _taken = 0
  private var _cancelled = false
  private let _workers: Int
  private var _workersDone = 0
  /// The position the poster sleeps on, if it does.
  private var _awaited: Int?

  private struct File {
    let start: Int
    let end: Int
    var next: Int
    /// The first position a lane runs: the ones before it were finished before any lane took one (``preset(file:_:)``).
    var firstToRun: Int
    var isStarted: Bool { next > firstToRun || firstToRun == end }
  }

  /// Results the poster takes per wake-up, at most: waking a thread for every case costs more than a small case.
  static var batch: Int { 32 }

  /// How many files ahead of the first one left to start a lane looks for one it already compiled:
  /// a little, so that what the poster holds while it waits stays small.
  var lookahead: Int { 2 * _workers }

  /// A board for files of `caseCounts` cases (in plan order, their positions one after another), taken by `workers` lanes.
  init(caseCounts: [Int], workers: Int) {
    var start = 0
    _files = caseCounts.map { count in
      defer { start += count }
      return File(start: start, end: start + count, next: start, firstToRun: start)
    }
    _count = start
    _workers = workers
  }

  /// Hands over, before any lane takes a position, the results of the first positions of `file` (cases
  /// run as soon as their file was collected): no lane takes those, and the file's others are started
  /// in plan order like any file's, so that what the poster holds while it waits stays small.
  func preset(file: Int, _ results: [Result]) {
    _condition.lock()
    defer { _condition.unlock() }
    let count = min(results.count, _files[file].end - _files[file].next)
    guard count > 0 else { return }
    for (offset, result) in results.prefix(count).enumerated() { _results[_files[file].next + offset] = result }
    _files[file].next += count
    _files[file].firstToRun = _files[file].next
    _taken += count
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
    return _taken == _count
  }

  /// A position a lane took: its file, its place in the file and in the plan.
  struct Taken {
    let file: Int
    let index: Int
    let position: Int
  }

  /// The next position to run, or nil when all are taken or the board was cancelled: the next of
  /// `file` (the one the lane ran last) while it has any, else the first of a file no lane started
  /// (the first within ``lookahead`` that `prefers`, or the first), else the next of the file with the
  /// most positions left.
  func takeNext(continuing file: Int?, prefers: (Int) -> Bool) -> Taken? {
    _condition.lock()
    defer { _condition.unlock() }
    guard !_cancelled, _taken < _count else { return nil }
    if let file, _files[file].next < _files[file].end { return take(file) }
    while _firstUnstarted < _files.count, _files[_firstUnstarted].isStarted { _firstUnstarted += 1 }
    var first: Int?
    var looked = 0
    var index = _firstUnstarted
    while index < _files.count, looked < lookahead {
      if !_files[index].isStarted {
        if prefers(index) { return take(index) }
        first = first ?? index
        looked += 1
      }
      index += 1
    }
    if let first { return take(first) }
    guard let busiest = _active.max(by: { _files[$0].end - _files[$0].next < _files[$1].end - _files[$1].next }) else {
      return nil
    }
    return take(busiest)
  }

  private func take(_ file: Int) -> Taken {
    if !_files[file].isStarted { _active.append(file) }
    let position = _files[file].next
    _files[file].next += 1
    _taken += 1
    if _files[file].next == _files[file].end { _active.removeAll { $0 == file } }
    return Taken(file: file, index: position - _files[file].start, position: position)
  }

  /// Whether a lane took `position` (the board's lock held).
  private func isTaken(_ position: Int) -> Bool {
    guard !_files.isEmpty else { return false }
    var low = 0
    var high = _files.count
    while high - low > 1 {
      let middle = (low + high) / 2
      if _files[middle].start <= position { low = middle } else { high = middle }
    }
    return position < _files[low].next
  }

  /// Hands over the result of `position`.
  func finish(_ position: Int, _ result: Result) {
    _condition.lock()
    _results[position] = result
    // Wake the poster once a batch is ready from what it waits for, or once the last cases are done.
    if let awaited = _awaited {
      var ready = awaited
      while ready < _count, ready - awaited < Self.batch, _results[ready] != nil { ready += 1 }
      if ready - awaited == Self.batch || ready == _count {
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
      if _abandoned.contains(position) || _workersDone == _workers || ((stop.isSet || _cancelled) && !isTaken(position)) {
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

  /// The results no poster took, in position order, handed over (after a stop, once every lane ended:
  /// the cases that were running when the run was abandoned, and any that finished after the first
  /// position that never will).
  func takeRemaining() -> [(position: Int, result: Result)] {
    _condition.lock()
    defer {
      _results = [:]
      _condition.unlock()
    }
    return _results.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
  }

  /// Waits until every lane has ended.
  func waitForWorkers() {
    _condition.lock()
    defer { _condition.unlock() }
    while _workersDone < _workers { _condition.wait() }
  }
}
