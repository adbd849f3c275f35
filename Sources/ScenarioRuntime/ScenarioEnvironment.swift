import Foundation
import LuaBridge
import PermissionModel
import PlistLoader

/// What every scenario case of a run shares: the file gate, the limits, the compiled prelude and loaded plists.
///
/// It is immutable apart from its caches, which are safe to use from several threads, so one environment
/// serves every worker of a parallel run.
public final class ScenarioEnvironment: Sendable {
  /// The per-case budgets of the Lua sandbox.
  public struct Limits: Sendable, Equatable {
    /// Instructions a scenario case may run (`--instructions`).
    public var instructions: Int
    /// Bytes a scenario case's Lua state may hold (`--memory`).
    public var memory: Int

    public init(
      instructions: Int = LuaState.Options.defaultInstructionLimit,
      memory: Int = LuaState.Options.defaultMemoryLimit
    ) {
      self.instructions = instructions
      self.memory = memory
    }
  }

  /// The gate every file a scenario reads goes through; its root is the run's root.
  public let files: ScopedFileAccess
  /// The per-case budgets.
  public let limits: Limits
  /// The run's seed; each case derives its `math.random` seed from it and the case's name.
  public let seed: UInt64
  /// Whether every call from Lua into Swift runs a full collection first (`PERMSIM_GC_STRESS=1`): a
  /// test mode in which any state that depends on when an object is collected shows at once.
  public let gcStress: Bool
  /// Whether every case's instruction budget is counted at every instruction, never watched
  /// (`PERMSIM_COUNTED_BUDGET=1`): a test mode against which watched verdicts are compared.
  public let countsBudget: Bool
  /// The prelude compiled once per process, on first use, and loaded into every state as bytecode (a
  /// runner whose cases run in worker processes never compiles it).
  static let preludeBytecode: [UInt8] = compilePrelude()
  private let _plists = InfoPlistCache()

  /// Creates the environment of a run rooted at `root` (an existing directory).
  ///
  /// - Throws: ``FileAccessError`` when the root does not exist.
  public init(
    root: String, limits: Limits = Limits(), seed: UInt64 = 0,
    gcStress: Bool = ProcessInfo.processInfo.environment["PERMSIM_GC_STRESS"] == "1",
    countsBudget: Bool = ProcessInfo.processInfo.environment["PERMSIM_COUNTED_BUDGET"] == "1"
  ) throws {
    files = try ScopedFileAccess(root: root)
    self.limits = limits
    self.seed = seed
    self.gcStress = gcStress
    self.countsBudget = countsBudget
  }

  private static func compilePrelude() -> [UInt8] {
    let state = LuaState(LuaState.Options(sandbox: false))
    do {
      let function = try state.load(LuaSource.prelude, chunkName: LuaSource.preludeChunk)
      if let bytecode = state.dump(function) { return bytecode }
    } catch {
      preconditionFailure("the prelude MUST compile: \(error)")
    }
    preconditionFailure("the prelude MUST dump to bytecode")
  }

  /// The Info.plist at `path` (relative to `base`), loaded once per run and shared by every case.
  func infoPlist(_ path: String, relativeTo base: String?) throws -> InfoPlistDocument {
    let resolved = try files.resolve(path, relativeTo: base)
    return try _plists.document(at: resolved) {
      try InfoPlistDocument(contentsOf: resolved, access: files)
    }
  }
}

/// Info.plist documents by resolved path, loaded at most once and shared between threads.
private final class InfoPlistCache: @unchecked Sendable {
  private let _lock = NSLock()
  private var _documents: [String: Result<InfoPlistDocument, any Error>] = [:]

  func document(at path: String, load: () throws -> InfoPlistDocument) throws -> InfoPlistDocument {
    _lock.lock()
    let cached = _documents[path]
    _lock.unlock()
    if let cached { return try cached.get() }
    let result = Result(catching: load)
    _lock.lock()
    _documents[path] = result
    _lock.unlock()
    return try result.get()
  }
}
