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
  public static func collect(_ paths: [String], environment: ScenarioEnvironment, jobs: Int) throws -> [Collected] {
    let files = paths.map { path in Result { try ScenarioFile(path: path, environment: environment) } }
    let results = Slots<Collected>(count: files.count)
    let lanes = max(1, min(jobs, files.count))
    DispatchQueue.concurrentPerform(iterations: lanes) { lane in
      let engine = Result { () throws(LuaError) in try ScenarioEngine(environment: environment) }
      for index in stride(from: lane, to: files.count, by: lanes) {
        results[index] = collect(files[index], path: paths[index], on: engine, environment: environment)
      }
    }
    return results.values
  }

  private static func collect(
    _ opened: Result<ScenarioFile, any Error>, path: String, on engine: Result<ScenarioEngine, LuaError>,
    environment: ScenarioEnvironment
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
    let collection: ScenarioEngine.Collection
    do {
      collection = try engine.get().collect(file)
    } catch {
      collection = .failed(CaseVerdict.loadProblem(error, memoryLimit: environment.limits.memory))
    }
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
