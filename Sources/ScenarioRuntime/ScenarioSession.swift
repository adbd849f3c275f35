import LuaBridge
import PermissionModel
import Reporting

/// One scenario case (or a file being collected, or a REPL) on an engine: a fresh environment and a fresh world.
///
/// A session installs the scenario API of SCENARIO_API.md: the test language (the prelude, in Lua) and
/// the model's objects (devices, apps, managers, alerts, Settings, the clock) as userdata whose members
/// are Swift. It shares nothing with other sessions but the engine's state, whose globals it does not
/// see (see ``ScenarioEngine``), and the environment's read-only caches.
public final class ScenarioSession {
  /// What the session is for, which decides when `device{…}` may be called.
  public enum Mode: Sendable {
    /// Loading a scenario file to collect its scenarios: no device may be created.
    case collecting
    /// Running one case: the file's top level is loaded like when collecting, then the case runs.
    case running
    /// The REPL: everything is allowed at any time, in the state's own globals.
    case interactive
  }

  let engine: ScenarioEngine
  let file: ScenarioFile?
  /// The model world the session's scenario acts on.
  public let world = World()
  /// The iOS version `device{…}` uses when its options name none: the case's version.
  public let defaultVersion: String
  let mode: Mode
  /// Whether scenario code may create devices now (false while a file's top level runs).
  var allowsDevices: Bool
  /// The session's global table (`_ENV` of its scenario code).
  let globals: LuaTable?
  private let _api: LuaTable?

  // The Swift objects Lua holds: one box per model object, so Lua sees one userdata per object.
  var deviceBoxes: [Device: DeviceBox] = [:]
  var devicesInOrder: [DeviceBox] = []
  var appBoxes: [App: AppBox] = [:]
  var managerBoxes: [LocationManager: ManagerBox] = [:]
  var alertBoxes: [Alert: AlertBox] = [:]
  var requestBoxes: [TemporaryFullAccuracyRequest: RequestBox] = [:]
  /// The most recently installed app: the target of `expect_callback`, `expect_console`, ….
  var currentApp: AppBox?
  /// Set while `on_prompt` handlers run, so answering one alert does not re-enter the dispatch.
  var answeringPrompts = false
  /// Where `print` goes; nil puts printed lines into the transcript (the REPL prints them at once).
  public var printHandler: ((String) -> Void)?

  /// Starts a session on `engine`, which then serves it until another session starts on it.
  ///
  /// - Parameters:
  ///   - engine: The prepared state to run in (one per thread; see ``ScenarioEngine``).
  ///   - file: The scenario file (its directory anchors relative paths), or nil for the REPL.
  ///   - iosVersion: The version devices get by default (`--ios`, a scenario's pin, or the newest).
  ///   - mode: Collecting, running a case, or interactive.
  public init(engine: ScenarioEngine, file: ScenarioFile?, iosVersion: String, mode: Mode) throws(LuaError) {
    self.engine = engine
    self.file = file
    defaultVersion = iosVersion
    self.mode = mode
    allowsDevices = mode == .interactive
    // A case run makes its environment inside ScenarioEngine.runCase, in the same call that runs it.
    (globals, _api) = mode == .running ? (nil, nil) : try engine.begin(shared: mode == .interactive)
    engine.session = self
  }

  /// Starts a session on an engine of its own (a REPL, a test, a one-off run).
  public convenience init(environment: ScenarioEnvironment, file: ScenarioFile?, iosVersion: String, mode: Mode)
    throws(LuaError)
  {
    try self.init(engine: ScenarioEngine(environment: environment), file: file, iosVersion: iosVersion, mode: mode)
  }

  /// A seed mixing the run's seed with a name (FNV-1a), so every file and case gets its own sequence.
  static func seed(_ runSeed: UInt64, _ name: String) -> Int {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ runSeed
    for byte in name.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
    return Int(truncatingIfNeeded: hash)
  }

  var environment: ScenarioEnvironment { engine.environment }

  // MARK: - Scenario files

  /// What loading a scenario file gave.
  public enum Collection: Sendable {
    /// The scenarios the file registered (none for a helper module).
    case registered([DeclaredScenario])
    /// The file did not compile or its top level failed: the problem to report as its errored case.
    case failed(CaseProblem)
  }

  /// Runs the file's top level and returns the scenarios it registered.
  ///
  /// A file that does not compile or whose top level fails gives the problem to report as its one
  /// errored case.
  public func collect() -> Collection {
    guard let file, let globals, let collect = _api?.function("collect") else { return .registered([]) }
    do {
      try engine.run(engine.chunk(of: file), in: globals, seed: Self.seed(environment.seed, file.path))
      let list = try engine.state.call(collect).first ?? .nil
      return .registered(Self.declaredScenarios(list))
    } catch {
      return .failed(CaseVerdict.loadProblem(error, memoryLimit: environment.limits.memory))
    }
  }

  /// Loads the file's top level again, then runs scenario `index` (as ``collect()`` numbered it).
  ///
  /// The instruction budget restarts when the scenario starts. `math.random` is seeded from the run's
  /// seed and the case's `name`, so a case draws the same numbers whatever ran before it.
  /// A failed expectation or a crash is a failure, anything else that stops it an error (``CaseVerdict``).
  public func run(scenario index: Int, named name: String) -> CaseOutcome {
    do {
      try _run(scenario: index, named: name)
      return .passed
    } catch {
      return CaseVerdict.outcome(of: error, memoryLimit: environment.limits.memory)
    }
  }

  private func _run(scenario index: Int, named name: String) throws(LuaError) {
    guard let file, mode == .running else { return }
    try engine.runCase(
      index, of: file, chunkSeed: Self.seed(environment.seed, file.path),
      caseSeed: Self.seed(environment.seed, file.path + "\u{0}" + name))
  }

  /// Runs a chunk of REPL input compiled in ``luaState`` and returns its results as Lua's `tostring` shows them.
  public func evaluate(_ function: LuaFunction) throws(LuaError) -> [String] {
    try engine.state.callDescribingResults(function)
  }

  /// The session's Lua state, for the REPL to compile input and to interrupt a running chunk.
  ///
  /// Interactive sessions use the state's own globals, so chunks it compiles see the whole API.
  public var luaState: LuaState { engine.state }

  /// The transcript: every model step and every `print`, each prefixed with its virtual time.
  public var transcript: [String] { world.transcript }

  private static func declaredScenarios(_ list: LuaValue) -> [DeclaredScenario] {
    (list.array ?? []).enumerated().map { offset, entry in
      let versions: DeclaredScenario.Versions =
        switch entry["ios"] {
        case .nil: .unpinned
        case let single where single.string != nil: .pinned(single.string ?? "")
        case let many: .matrix((many.array ?? []).compactMap(\.string))
        }
      return DeclaredScenario(
        index: offset + 1,
        name: entry["name"].string ?? "",
        line: entry["line"].integer ?? 0,
        tags: (entry["tags"].array ?? []).compactMap(\.string),
        versions: versions,
        skipReason: entry["skip"].string
      )
    }
  }

  // MARK: - Targets of expect_*

  /// The target of `expect_prompt`: the current app's device, else the newest device.
  var currentDevice: DeviceBox? {
    currentApp.map { deviceBox($0.app.device) } ?? devicesInOrder.last
  }

  /// The wall clock `os.time`, `os.date` and `clock.date` read: the newest device's, or the default start.
  var wallClock: LocalDateTime {
    devicesInOrder.last?.device.date ?? world.clock.date
  }
}
