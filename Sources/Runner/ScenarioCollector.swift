import Foundation
import LuaBridge
import PermissionModel
import Reporting
import ScenarioRuntime

/// Loads scenario files once each, in parallel, to learn which scenarios they register.
public enum ScenarioCollector {
  /// A collected file: what the executor runs from and what the planner plans from.
  public struct Collected: Sendable {
    public var loaded: RunExecutor.LoadedFile
    public var declared: CollectedFile
  }

  /// Reads and collects each file (paths relative to the root, or absolute) on `jobs` threads, keeping their order.
  ///
  /// A file that cannot be read (missing, unreadable, not a regular file, outside the root) is collected
  /// as failed to load, with the reason: it is reported as its one errored case and the run goes on.
  /// With `absolutePaths`, files are named by their absolute path in reports and messages instead of
  /// their path from the root (for a root permsim chose itself, where a path from it could be a bare
  /// file name); their source is then read now and kept. Each file's top level runs on a lane of
  /// `pool` (in a worker process when the run isolates its cases).
  public static func collect(
    _ paths: [String], environment: ScenarioEnvironment, jobs: Int, absolutePaths: Bool = false,
    lanes pool: LanePool? = nil
  ) -> [Collected] {
    let pool = pool ?? LanePool(.inProcess, environment: environment, stop: StopFlag())
    let results = Slots<Collected>(count: paths.count)
    let lanes = max(1, min(jobs, paths.count))
    // Each lane reads its own files, as it comes to them: its worker process starts with the first one,
    // not after every file of the run was read.
    DispatchQueue.concurrentPerform(iterations: lanes) { position in
      pool.withLane { lane in
        for index in stride(from: position, to: paths.count, by: lanes) {
          let file = open(paths[index], environment: environment, absolutePaths: absolutePaths)
          results[index] = collect(file, path: paths[index], on: lane, environment: environment)
        }
      }
    }
    return results.values
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

  private static func collect(
    _ opened: Result<ScenarioFile, any Error>, path: String, on lane: ScenarioLane, environment: ScenarioEnvironment
  ) -> Collected {
    let file: ScenarioFile
    switch opened {
    case .success(let opened):
      file = opened
    case .failure(let error):
      let problem = CaseProblem(kind: .loadError, headline: "\(error)")
      return Collected(
        loaded: .init(file: ScenarioFile(unreadable: path, environment: environment), loadProblem: problem), declared: .loadFailed)
    }
    let collection = lane.collect(file)
    switch collection {
    case .registered(let scenarios):
      return Collected(loaded: .init(file: file), declared: .scenarios(scenarios))
    case .failed(let problem):
      return Collected(loaded: .init(file: file, loadProblem: problem), declared: .loadFailed)
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
