import Foundation
import PermissionModel
import Reporting
import ScenarioRuntime

/// Loads scenario files once each, in parallel, to learn which scenarios they register, and may run
/// each file's first cases right after it (``RunAhead``).
public enum ScenarioCollector {
  /// A collected file: what the executor runs from and what the planner plans from.
  public struct Collected: Sendable {
    public var loaded: RunExecutor.LoadedFile
    public var declared: CollectedFile
    /// The cases collection ran right after the file, when it did (``RunAhead``).
    public var ranAhead: RunExecutor.RanAhead?
  }

  /// Cases to run as soon as their file is collected, on the lane that collected it: its engine still
  /// holds the run of the top level that collecting made (``ScenarioEngine/collect(_:keepingTopLevel:)``),
  /// so the file's top level runs once for both. Only a plan made file by file allows it (no `--shard`,
  /// no `--shuffle`): the executor takes the results for a suite whose cases are still the ones planned
  /// here, and runs the others.
  public struct RunAhead: @unchecked Sendable {  // `cases` is called by one lane at a time
    /// A file's cases as the run's plan will hold them (``Planner/cases(of:keep:)``).
    public var cases: ([DeclaredScenario]) -> [RunPlan.Case]
    /// How the cases run (what the executor would run them with).
    public var options: RunExecutor.Options
    public var stop: StopFlag
    /// How many results may wait for the report, at most: each waits in memory until the run starts
    /// reporting, after the last file was collected. Measured peak RSS of 100,000 realistic cases,
    /// --jobs 2: 60.4 MB with none, 62.5 MB with 4,096, 65.8 MB with 8,192 (the target is 64 MB).
    static let limit = 4_096
    /// How many cases of one file run ahead, at most: a lane with no file left to collect cannot help
    /// with them, while the executor shares a file's other cases among the lanes.
    static let limitPerFile = 256

    public init(cases: @escaping ([DeclaredScenario]) -> [RunPlan.Case], options: RunExecutor.Options, stop: StopFlag) {
      self.cases = cases
      self.options = options
      self.stop = stop
    }
  }

  /// Reads and collects each file (paths relative to the root, or absolute) on `jobs` threads, keeping their order.
  ///
  /// A file that cannot be read (missing, unreadable, not a regular file, outside the root) is collected
  /// as failed to load, with the reason: it is reported as its one errored case and the run goes on.
  /// With `absolutePaths`, files are named by their absolute path in reports and messages instead of
  /// their path from the root (for a root permsim chose itself, where a path from it could be a bare
  /// file name); their source is then read now and kept. Each file's top level runs on a lane of
  /// `pool` (in a worker process when the run isolates its cases); lanes take the files in order, each
  /// the next one no lane took, and with `runAhead` run its first cases before they take another.
  public static func collect(
    _ paths: [String], environment: ScenarioEnvironment, jobs: Int, absolutePaths: Bool = false,
    lanes pool: LanePool? = nil, runAhead: RunAhead? = nil
  ) -> [Collected] {
    let pool = pool ?? LanePool(.inProcess, environment: environment, stop: StopFlag())
    let results = Slots<Collected>(count: paths.count)
    let lanes = max(1, min(jobs, paths.count))
    let files = Shares(paths.count)
    let aheadShares = Shares(runAhead == nil ? 0 : RunAhead.limit)
    let planning = NSLock()
    DispatchQueue.concurrentPerform(iterations: lanes) { _ in
      pool.withLane { lane in
        var work = LaneWork(runAhead: runAhead)
        // Each lane reads its own files, as it comes to them: its worker process starts with the first one,
        // not after every file of the run was read. Collections and cases go to the worker in one queue.
        lane.runAll(
          keepsTranscript: runAhead?.options.keepsPassingTranscripts ?? false,
          isDone: { work.isDone(files: files) },
          next: {
            if let job = work.nextCase() { return job }
            guard work.collecting < Self.collectionsAhead, !(runAhead?.stop.isSet ?? false) else { return nil }
            while let index = files.take(1).first {
              let file: ScenarioFile
              switch open(paths[index], environment: environment, absolutePaths: absolutePaths) {
              case .success(let opened): file = opened
              case .failure(let error):
                results[index] = unreadable(error, path: paths[index], environment: environment)
                continue
              }
              let keeps = !aheadShares.isEmpty  // none without runAhead
              work.collecting += 1
              return ScenarioLane.Job(
                position: -1,  // not a case
                work: .collect(keepsTopLevel: keeps) { collection in
                  work.collecting -= 1
                  let collected = collected(collection, file: file)
                  results[index] = collected
                  guard keeps, let runAhead, case .scenarios(let declared) = collected.declared else { return }
                  let cases = planning.withLock { runAhead.cases(declared) }
                  let count = aheadShares.take(min(cases.count, RunAhead.limitPerFile)).count
                  work.plan(cases, count: count, file: index, of: collected.loaded)
                },
                file: file)
            }
            return nil
          },
          began: { work.began($0) },
          finish: { work.finish($0, $1) })
        for (index, ranAhead) in work.ranAhead() {
          results[index]?.ranAhead = ranAhead
        }
      }
    }
    return results.values
  }

  /// How many collections a lane keeps queued in its worker: while the lane queues the cases of a file
  /// whose collection just came back, the worker collects the next files, so it never waits for the
  /// lane. Each keeps its top level, and an engine keeps four files' (the file whose cases run, and
  /// these three). Measured on 10,000 realistic cases, --jobs 2: 591 ms with two, 564 ms with three.
  static let collectionsAhead = 3

  /// What one lane of a collection has to do and did: the cases it runs ahead, and their results.
  private struct LaneWork {
    let runAhead: RunAhead?
    /// Collections queued in the lane's worker and not yet answered.
    var collecting = 0
    private var _ready: [ScenarioLane.Job] = []
    private var _nextReady = 0
    /// By job position: the file and the case's place in it.
    private var _places: [(file: Int, index: Int)] = []
    private var _times: RunExecutor.CaseTimes?
    /// By file: the cases planned and the results of the first of them, as they come.
    private var _files: [Int: (cases: [RunPlan.Case], results: [RunExecutor.Finished?])] = [:]

    init(runAhead: RunAhead?) {
      self.runAhead = runAhead
      _times = runAhead.map { RunExecutor.CaseTimes(clock: $0.options.clock, stop: $0.stop) }
    }

    func isDone(files: Shares) -> Bool {
      (runAhead?.stop.isSet ?? false) || (files.isEmpty && collecting == 0 && _nextReady == _ready.count)
    }

    mutating func nextCase() -> ScenarioLane.Job? {
      guard _nextReady < _ready.count else { return nil }
      let job = _ready[_nextReady]
      _nextReady += 1
      if _nextReady == _ready.count {
        _ready.removeAll(keepingCapacity: true)
        _nextReady = 0
      }
      return job
    }

    /// Queues the first `count` of a collected file's `cases`; those that do not run are finished now.
    mutating func plan(_ cases: [RunPlan.Case], count: Int, file: Int, of loaded: RunExecutor.LoadedFile) {
      guard let runAhead, count > 0 else { return }
      _files[file] = (cases, Array(repeating: nil, count: count))
      for index in 0..<count {
        if let outcome = RunExecutor.outcomeWithoutRunning(cases[index], loaded) {
          _files[file]?.results[index] = RunExecutor.Finished(notRun: outcome, clock: runAhead.options.clock)
          continue
        }
        _ready.append(ScenarioLane.Job(position: _places.count, planned: cases[index], file: loaded.file))
        _places.append((file, index))
      }
    }

    mutating func began(_ position: Int) {
      _times?.began(position)
    }

    mutating func finish(_ position: Int, _ run: ScenarioEngine.CaseRun?) {
      guard let finished = _times?.finished(position, run) else { return }
      let place = _places[position]
      _files[place.file]?.results[place.index] = finished
    }

    /// What ran ahead, by file: the results up to the first case a stop abandoned (the executor is left the rest).
    func ranAhead() -> [(Int, RunExecutor.RanAhead)] {
      _files.map { file, ahead in
        (file, RunExecutor.RanAhead(cases: ahead.cases, results: ahead.results.prefix { $0 != nil }.compactMap { $0 }))
      }
    }
  }

  /// The file at `path`, read through the root's gate (and again by its absolute path with `absolutePaths`).
  private static func open(
    _ path: String, environment: ScenarioEnvironment, absolutePaths: Bool
  ) -> Result<ScenarioFile, any Error> {
    Result { () throws -> ScenarioFile in
      let file = try ScenarioFile(path: path, environment: environment)
      guard absolutePaths, file.path != file.absolutePath else { return file }
      let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file.absolutePath)))
      return ScenarioFile(path: file.absolutePath, absolutePath: file.absolutePath, bytes: bytes)
    }
  }

  /// The collection of a file that could not be read: it is reported as its one errored case.
  private static func unreadable(_ error: any Error, path: String, environment: ScenarioEnvironment) -> Collected {
    Collected(
      loaded: .init(file: ScenarioFile(unreadable: path, environment: environment), loadProblem: CaseProblem(kind: .loadError, headline: "\(error)")),
      declared: .loadFailed)
  }

  /// What collecting `file` gave, as the executor and the planner take it.
  private static func collected(_ collection: ScenarioEngine.Collection, file: ScenarioFile) -> Collected {
    switch collection {
    case .registered(let scenarios): Collected(loaded: .init(file: file), declared: .scenarios(scenarios))
    case .failed(let problem): Collected(loaded: .init(file: file, loadProblem: problem), declared: .loadFailed)
    }
  }
}

/// A count of things several threads share out, in order: files to collect, results to run ahead.
private final class Shares: @unchecked Sendable {
  private let _lock = NSLock()
  private var _next = 0
  private let _count: Int

  init(_ count: Int) {
    _count = count
  }

  /// Whether none is left.
  var isEmpty: Bool { _lock.withLock { _next >= _count } }

  /// The next `wanted` of them, or as many as are left.
  func take(_ wanted: Int) -> Range<Int> {
    _lock.withLock {
      let taken = _next..<min(_count, _next + max(0, wanted))
      _next = taken.upperBound
      return taken
    }
  }
}

/// Fixed slots filled from several threads.
private final class Slots<Value>: @unchecked Sendable {
  private let _lock = NSLock()
  private var _values: [Value?]

  init(count: Int) {
    _values = Array(repeating: nil, count: count)
  }

  subscript(index: Int) -> Value? {
    get {
      _lock.lock()
      defer { _lock.unlock() }
      return _values[index]
    }
    set {
      _lock.lock()
      _values[index] = newValue
      _lock.unlock()
    }
  }

  var values: [Value] {
    _lock.lock()
    defer { _lock.unlock() }
    return _values.compactMap { $0 }
  }
}
