import LuaBridge
import PermissionModel
import Reporting

/// One sandboxed Lua state bound to one model world: a scenario file being collected, one case, or a REPL.
///
/// A session installs the scenario API of SCENARIO_API.md into a fresh state: the test language (the
/// prelude, in Lua) and the model's objects (devices, apps, managers, alerts, Settings, the clock) as
/// userdata whose members are Swift. Nothing is shared with other sessions except the environment's
/// read-only caches, so every case starts clean.
public final class ScenarioSession {
  /// What the session is for, which decides when `device{…}` may be called.
  public enum Mode: Sendable {
    /// Loading a scenario file to collect its scenarios: no device may be created.
    case collecting
    /// Running one case: the file's top level is loaded like when collecting, then the case runs.
    case running
    /// The REPL: everything is allowed at any time.
    case interactive
  }

  let environment: ScenarioEnvironment
  let file: ScenarioFile?
  let state: LuaState
  /// The model world the session's scenario acts on.
  public let world = World()
  /// The iOS version `device{…}` uses when its options name none: the case's version.
  public let defaultVersion: String
  let mode: Mode
  /// Whether scenario code may create devices now (false while a file's top level runs).
  var allowsDevices: Bool

  private let _collect: LuaFunction
  private let _run: LuaFunction
  let appLuaMethods: [String: LuaFunction]
  let deviceLuaMethods: [String: LuaFunction]

  // The Swift objects Lua holds: one box per model object, so Lua sees one userdata per object.
  var deviceBoxes: [Device: DeviceBox] = [:]
  var devicesInOrder: [DeviceBox] = []
  var appBoxes: [App: AppBox] = [:]
  var managerBoxes: [LocationManager: ManagerBox] = [:]
  var alertBoxes: [Alert: AlertBox] = [:]
  var requestBoxes: [TemporaryFullAccuracyRequest: RequestBox] = [:]
  lazy var clockBox = ClockBox(session: self)
  /// The most recently installed app: the target of `expect_callback`, `expect_console`, ….
  var currentApp: AppBox?
  /// Set while `on_prompt` handlers run, so answering one alert does not re-enter the dispatch.
  var answeringPrompts = false
  /// Where `print` goes; nil puts printed lines into the transcript (the REPL prints them at once).
  public var printHandler: ((String) -> Void)?

  /// Creates a session: a fresh sandboxed state with the scenario API installed.
  ///
  /// - Parameters:
  ///   - environment: What the run shares (limits, file gate, compiled prelude, plist cache).
  ///   - file: The scenario file (its directory anchors relative paths), or nil for the REPL.
  ///   - iosVersion: The version devices get by default (`--ios`, a scenario's pin, or the newest).
  ///   - mode: Collecting, running a case, or interactive.
  public init(environment: ScenarioEnvironment, file: ScenarioFile?, iosVersion: String, mode: Mode) throws(LuaError) {
    self.environment = environment
    self.file = file
    defaultVersion = iosVersion
    self.mode = mode
    allowsDevices = mode == .interactive
    state = LuaState(
      LuaState.Options(
        sandbox: true,
        memoryLimit: environment.limits.memory,
        instructionLimit: environment.limits.instructions,
        randomSeed: Int(truncatingIfNeeded: Self.seed(environment.seed, file?.path ?? "")))
    )
    let host = state.makeTable()
    Self.installStatelessPrimitives(in: host, of: state)
    let prelude = try state.loadBytecode(environment.preludeBytecode, chunkName: Prelude.chunkName)
    try state.call(prelude, host, state.debugLibrary(), state.osLibrary())
    guard let api = host.table("api"), let collect = api.function("collect"), let run = api.function("run") else {
      preconditionFailure("the prelude MUST publish host.api with collect and run")
    }
    _collect = collect
    _run = run
    appLuaMethods = Self.functions(in: api.table("app_methods"))
    deviceLuaMethods = Self.functions(in: api.table("device_methods"))
    installPrimitives(in: host)
  }

  private static func functions(in table: LuaTable?) -> [String: LuaFunction] {
    guard let table, case .table(let entries) = table.value else { return [:] }
    var functions: [String: LuaFunction] = [:]
    for key in entries.keys {
      if let name = key.string, let function = table.function(name) { functions[name] = function }
    }
    return functions
  }

  /// A seed mixing the run's seed with a name (FNV-1a), so every file and case gets its own sequence.
  static func seed(_ runSeed: UInt64, _ name: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ runSeed
    for byte in name.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
    return hash
  }

  // MARK: - Scenario files

  /// Runs the file's top level and returns the scenarios it registered, keeping its compiled chunk.
  ///
  /// A file that does not compile or whose top level fails gives the problem to report as its one
  /// errored case.
  public func collect() -> Collection {
    guard let file else { return .registered([], bytecode: nil) }
    do {
      let chunk = try state.load(file.source, chunkName: file.chunkName)
      let bytecode = state.dump(chunk)
      try state.call(chunk)
      let list = try state.call(_collect).first ?? .nil
      return .registered(Self.declaredScenarios(list), bytecode: bytecode)
    } catch {
      return .failed(CaseVerdict.loadProblem(error, memoryLimit: environment.limits.memory))
    }
  }

  /// What loading a scenario file gave.
  public enum Collection: Sendable {
    /// The scenarios the file registered (none for a helper module) and its compiled main chunk.
    case registered([DeclaredScenario], bytecode: [UInt8]?)
    /// The file did not compile or its top level failed: the problem to report as its errored case.
    case failed(CaseProblem)
  }

  /// Loads the file's top level (from its compiled chunk when it has one), then runs scenario `index`.
  ///
  /// The instruction budget restarts when the scenario starts. `math.random` is seeded from the run's
  /// seed and `name`, so a case draws the same numbers whatever ran before it.
  ///
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
    guard let file else { return }
    let chunk: LuaFunction
    if let bytecode = file.bytecode {
      chunk = try state.loadBytecode(bytecode, chunkName: file.chunkName)
    } else {
      chunk = try state.load(file.source, chunkName: file.chunkName)
    }
    try state.call(chunk)
    allowsDevices = true
    state.instructionCount = 0
    try state.call(_run, index, Int(truncatingIfNeeded: Self.seed(environment.seed, file.path + "\u{0}" + name)))
  }

  /// Runs a chunk of REPL input (already compiled by the caller's rules) and returns its results as text.
  public func evaluate(_ function: LuaFunction) throws(LuaError) -> [String] {
    try state.callDescribingResults(function)
  }

  /// The target of `expect_prompt`: the current app's device, else the newest device.
  var currentDevice: DeviceBox? {
    currentApp.map { deviceBox($0.app.device) } ?? devicesInOrder.last
  }

  /// The session's Lua state, for the REPL to compile input and to interrupt a running chunk.
  public var luaState: LuaState { state }

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
}
