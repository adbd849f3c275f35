import LuaBridge
import PermissionModel
import Reporting

/// A sandboxed Lua state prepared once and reused case after case, each case in a fresh environment.
///
/// Loading the prelude and installing the API costs far more than a scenario itself, so a runner keeps
/// one engine per worker thread and calls ``collect(_:)`` and ``run(_:named:of:iosVersion:)`` on it.
/// Every case still starts clean: it sees its file's top level as a run of it in a new global table
/// (fresh copies of the standard library tables, a new instance of the prelude) leaves it, with a new
/// model world and a new session (``ScenarioSession``). The cases of a file share that run while each
/// leaves it as it found it, which a snapshot checks after every case (see ``run(_:named:of:iosVersion:)``);
/// otherwise the next case gets a run of its own. Nothing a case can reach survives it: the library
/// tables it may change are copies, the string metatable and the originals are hidden, and the host's
/// primitives serve only the session that is running.
///
/// An engine is not thread-safe; use it from one thread at a time.
public final class ScenarioEngine {
  private(set) var environment: ScenarioEnvironment
  let state: LuaState
  /// The session the host primitives serve now (a session holds its engine, so this reference is weak).
  weak var session: ScenarioSession?
  /// The Lua-written methods of bound types (`expect_callback`, `expect_prompt`, …) by type name, from the prelude.
  let luaMethods: [String: [String: LuaFunction]]
  private let _loader: LuaTable
  private let _begin: LuaFunction
  private let _collect: LuaFunction
  private let _prepare: LuaFunction
  private let _registrations: LuaFunction
  private let _runPrepared: LuaFunction
  private let _unchanged: LuaFunction
  private let _release: LuaFunction
  /// How many times this engine ran a file's top level for its cases, in a case or in a collection that
  /// kept the run for them (the other cases shared an earlier run).
  public private(set) var topLevelRuns = 0
  /// Whether the engine ran a top level or a case: what it left may take memory from the next (``withoutLeftovers(_:problem:again:)``).
  private var hasRun = false
  /// The files run last (cases of a file run one after another, so a few suffice).
  private var _files: [CompiledFile] = []
  /// The bytecode of the files compiled on this engine, by path, so that each is parsed once: a run
  /// collects every file before its first case, so a file comes back after many others. The first
  /// files are kept, up to ``bytecodeBudget`` bytes: a run visits its files in the same order twice,
  /// where a cache that evicts the least recently used would keep none of them. An engine serves one
  /// run, whose files do not change under it.
  private var _bytecode: [String: [UInt8]] = [:]
  private var _bytecodeBytes = 0
  /// How many bytes of bytecode an engine keeps (a realistic file of 20 cases is about 17 KB).
  static let bytecodeBudget = 16 << 20

  /// A file compiled on this engine, and the run of its top level its next case may share.
  private struct CompiledFile {
    let path: String
    let chunk: LuaFunction
    /// A top level its last case left as it found it (the loader's `prepare`), or nil.
    var prepared: LuaTable?
  }

  /// Does now what every engine of the process shares and needs no environment: compiling the prelude.
  public static func prepareProcess() {
    _ = ScenarioEnvironment.preludeBytecode
  }

  /// Prepares an engine: a sandboxed state, the host primitives and the compiled prelude.
  public init(environment: ScenarioEnvironment) throws(LuaError) {
    self.environment = environment
    state = LuaState(
      LuaState.Options(
        sandbox: true,
        memoryLimit: environment.limits.memory,
        instructionLimit: environment.limits.instructions,
        randomSeed: Int(truncatingIfNeeded: environment.seed))
    )
    let host = state.makeTable()
    let prelude = try state.loadBytecode(ScenarioEnvironment.preludeBytecode, chunkName: LuaSource.preludeChunk)
    let loader = try state.load(LuaSource.loader, chunkName: LuaSource.loaderChunk)
    try state.call(loader, prelude, host, state.debugLibrary(), state.osLibrary(), state.snapshotLibrary())
    guard let api = host.table("loader"), let begin = api.function("begin"), let collect = api.function("collect"),
      let prepare = api.function("prepare"), let runPrepared = api.function("run_prepared"),
      let unchanged = api.function("unchanged"), let release = api.function("release"),
      let registrations = api.function("registrations")
    else {
      preconditionFailure(
        "the loader MUST publish host.loader with begin, collect, prepare, registrations, run_prepared, unchanged and release")
    }
    luaMethods = Self.methods(in: host.table("methods"))
    _loader = api
    _begin = begin
    _collect = collect
    _prepare = prepare
    _registrations = registrations
    _runPrepared = runPrepared
    _unchanged = unchanged
    _release = release
    state.owner = self
    installPrimitives(in: host)
    state.useGenerationalCollector()
    state.gcStress = environment.gcStress
  }

  private static func methods(in table: LuaTable?) -> [String: [String: LuaFunction]] {
    guard let table, case .table(let types) = table.value else { return [:] }
    var methods: [String: [String: LuaFunction]] = [:]
    for key in types.keys {
      guard let type = key.string, let functions = table.table(type), case .table(let entries) = functions.value else {
        continue
      }
      for entry in entries.keys {
        if let name = entry.string, let function = functions.function(name) { methods[type, default: [:]][name] = function }
      }
    }
    return methods
  }

  /// Gives an engine built before its run was known (a worker's, while its runner parses the command
  /// line) that run's environment: its limits, seed, file gate and test modes, as if built with it.
  ///
  /// - Returns: false when the engine already ran something, holds more memory than the run allows, or
  ///   cannot take the seed: the caller then drops it and builds an engine for the run instead.
  public func adopt(_ environment: ScenarioEnvironment) -> Bool {
    guard !hasRun, state.memoryUsed <= environment.limits.memory,
      state.reseed(Int(truncatingIfNeeded: environment.seed))
    else { return false }
    self.environment = environment
    state.memoryLimit = environment.limits.memory
    state.instructionLimit = environment.limits.instructions
    state.gcStress = environment.gcStress
    return true
  }

  /// Bytes the engine's Lua state holds now (live objects and garbage not yet collected).
  public var luaMemoryUsed: Int { state.memoryUsed }

  // MARK: - Entry points

  /// What loading a scenario file gave.
  public enum Collection: Sendable, Codable {
    /// The scenarios the file registered (none for a helper module).
    case registered([DeclaredScenario])
    /// The file did not compile or its top level failed: the problem to report as its errored case.
    case failed(CaseProblem)
  }

  /// Runs the file's top level in a fresh environment and returns the scenarios it registered.
  ///
  /// With `keepingTopLevel`, the engine keeps that run for the file's next case, as it keeps a case's
  /// (``run(_:named:of:iosVersion:)``): a runner that runs a file's cases right after collecting it runs
  /// the top level once for both. Otherwise the engine keeps nothing of the run (the file's cases run
  /// their own). A file that does not compile or whose top level fails gives the problem to report as
  /// its one errored case. The budget is watched where it can be, as a case's is.
  ///
  /// What ran on the engine before counts against the memory limit, so a collection that runs past it
  /// runs again on a new engine, as a case does (there it keeps nothing).
  public func collect(_ file: ScenarioFile, keepingTopLevel: Bool = false) -> Collection {
    withoutLeftovers {
      budgeted { collectOnce(file, keepingTopLevel: keepingTopLevel) }
    } problem: { collection in
      if case .failed(let problem) = collection { problem } else { nil }
    } again: { fresh in
      fresh.collect(file)
    }
  }

  private func collectOnce(_ file: ScenarioFile, keepingTopLevel: Bool) -> Collection {
    let session = start(file: file, iosVersion: RequestedVersion(.newestSupported), allowsDevices: false)
    do {
      let at = try compiledIndex(of: file)
      _files[at].prepared = nil
      let chunk = _files[at].chunk
      var kept: LuaTable?
      // Nothing of the run stays, whether or not it failed, unless the file's next case shares it.
      defer {
        if let kept { _files[at].prepared = kept } else { _ = try? state.call(_release, chunk) }
      }
      let packed: LuaValue
      if keepingTopLevel {
        let prepared = try prepare(at)
        packed = try state.call(_registrations, prepared).first ?? .nil
        if session.isUntouched { kept = prepared }
      } else {
        packed = try state.call(_collect, chunk, ScenarioSession.seed(environment.seed, file.path)).first ?? .nil
      }
      guard var registrations = PackedRegistrations(packed), let scenarios = registrations.scenarios() else {
        preconditionFailure("the prelude's collect MUST pack its registrations as PackedRegistrations reads them")
      }
      withExtendedLifetime(session) {}
      return .registered(scenarios)
    } catch {
      return .failed(CaseVerdict.loadProblem(error, memoryLimit: environment.limits.memory))
    }
  }

  /// What running one case gave: its outcome, its transcript and the screens its devices showed.
  public struct CaseRun: Sendable, Codable {
    public let outcome: CaseOutcome
    /// The iOS versions of the devices the case created, oldest first, each once.
    public let deviceVersions: [String]
    /// What the case took of the state machine, per iOS version its devices ran (coverage): derived
    /// from the world's record when read (most runs never ask), or the records as they came.
    public var pathsTaken: [TakenPaths] {
      switch _paths {
      case .record(let record): record.paths
      case .records(let records): records
      }
    }
    private let _paths: Paths

    private enum Paths: Sendable {
      case record(PathsTakenRecord)
      case records([TakenPaths])
    }

    /// The world's entries, rendered only when read (most passing cases never are), or lines already rendered.
    private let _transcript: Either

    private enum Either: Sendable {
      case entries([TranscriptEntry])
      case lines([String], screens: [CaseScreen])
    }

    public init(
      outcome: CaseOutcome, transcript: [String], screens: [CaseScreen] = [], deviceVersions: [String], pathsTaken: [TakenPaths] = []
    ) {
      self.outcome = outcome
      self.deviceVersions = deviceVersions
      _paths = .records(pathsTaken)
      _transcript = .lines(transcript, screens: screens)
    }

    init(outcome: CaseOutcome, entries: [TranscriptEntry], deviceVersions: [String], paths: PathsTakenRecord) {
      self.outcome = outcome
      self.deviceVersions = deviceVersions
      _paths = .record(paths)
      _transcript = .entries(entries)
    }

    /// Every model step and `print` of the case, each prefixed with its virtual time (rendered on each read).
    public var transcript: [String] {
      switch _transcript {
      case .entries(let entries): entries.map(\.description)
      case .lines(let lines, _): lines
      }
    }

    /// The alerts and Settings screens the case's devices showed, at their transcript lines (made on each read).
    public var screens: [CaseScreen] {
      switch _transcript {
      case .entries(let entries): CaseScreen.screens(of: entries)
      case .lines(_, let screens): screens
      }
    }

    private enum CodingKeys: String, CodingKey { case outcome, transcript, screens, deviceVersions, pathsTaken }

    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      self.init(
        outcome: try container.decode(CaseOutcome.self, forKey: .outcome),
        transcript: try container.decode([String].self, forKey: .transcript),
        screens: try container.decodeIfPresent([CaseScreen].self, forKey: .screens) ?? [],
        deviceVersions: try container.decode([String].self, forKey: .deviceVersions),
        pathsTaken: try container.decodeIfPresent([TakenPaths].self, forKey: .pathsTaken) ?? [])
    }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(outcome, forKey: .outcome)
      try container.encode(transcript, forKey: .transcript)
      let screens = screens
      if !screens.isEmpty { try container.encode(screens, forKey: .screens) }
      try container.encode(deviceVersions, forKey: .deviceVersions)
      try container.encode(pathsTaken, forKey: .pathsTaken)
    }
  }

  /// Runs the scenario of `file` registered as `scenario` (as ``collect(_:)`` declared it) on a device of
  /// `iosVersion` by default.
  ///
  /// The case sees its file's top level as a fresh run in a fresh environment leaves it, and runs the
  /// body registered under the scenario's identity (its name, line and occurrence), wherever it now
  /// comes, with its hooks and a new instruction budget. When the top level no longer registers it (its
  /// names or order depend on something that changed between runs), the case is an error naming the
  /// registration in its place. `math.random` is seeded from the run's seed and the case's `name`, so a
  /// case draws the same numbers whatever ran before it. A failed expectation or a crash is a failure,
  /// anything else that stops it an error (``CaseVerdict``).
  ///
  /// The cases of a file share one run of its top level while they leave it as they found it: after
  /// each case a snapshot check (the loader's `unchanged`) compares everything that case could reach
  /// with what the top level left, and the next case runs the top level afresh when anything differs,
  /// when the graph holds what a snapshot cannot compare, or when the top level itself acted on its
  /// session (a `print`, a clock move), which every case's transcript must show.
  ///
  /// The budget is watched rather than counted where it can be (``LuaState/watchingBudget(_:)``): a
  /// case that ran long enough to have come near it runs again, counted from its top level, and only
  /// that run counts.
  ///
  /// What ran on an engine before takes memory from the case's limit: the top levels it keeps for other
  /// files' next cases, what an earlier case left in a shared top level (a table it grew and emptied
  /// keeps its slots), and what no collection gives back at once (Lua's table of short strings, grown by
  /// a case that made many, shrinks by half a cycle). A case that runs past the limit on an engine that
  /// ran anything before runs again on a new engine (``withoutLeftovers(_:problem:again:)``): its verdict never depends on which
  /// cases ran before it.
  public func run(_ scenario: ScenarioIdentity, named name: String, of file: ScenarioFile, iosVersion: RequestedVersion) -> CaseRun {
    withoutLeftovers {
      let (run, kept) = budgeted { attempt(scenario, named: name, of: file, iosVersion: iosVersion) }
      if let kept { _files[kept.file].prepared = kept.prepared }
      return run
    } problem: { run in
      if case .errored(let problem) = run.outcome { problem } else { nil }
    } again: { fresh in
      fresh.run(scenario, named: name, of: file, iosVersion: iosVersion)
    }
  }

  /// What `body` gives, or, when its `problem` is running past the memory limit on an engine that ran
  /// anything before, what `again` gives on a new engine of the same environment, after this one
  /// dropped the files it keeps and collected its garbage (so that the two hold little at once).
  private func withoutLeftovers<Result>(
    _ body: () -> Result, problem: (Result) -> CaseProblem?, again: (ScenarioEngine) -> Result
  ) -> Result {
    let ranBefore = hasRun
    hasRun = true
    let refusals = state.memoryRefusals
    let result = body()
    // Decided by what the engine saw (its memory limit refused an allocation during the body), not by
    // how the case ended: a case that caught its own memory error with pcall ended otherwise, and what
    // earlier cases left in the state still decided that it ran out (issue 44).
    guard ranBefore, problem(result)?.kind == .memoryExceeded || state.memoryRefusals != refusals else { return result }
    releaseCompiledFiles()
    guard let fresh = try? ScenarioEngine(environment: environment) else { return result }
    defer { topLevelRuns += fresh.topLevelRuns }
    return again(fresh)
  }

  /// Drops the files compiled last, with the top levels kept for their next cases (a chunk also holds
  /// the environment it last ran in), and collects the garbage.
  private func releaseCompiledFiles() {
    _files.removeAll()
    state.collectGarbage()
  }

  /// Runs `body` without the count hook when the budget allows (``LuaState/watchingBudget(_:)``), and
  /// again, counted, when that run may have come near its budget or the environment counts every budget.
  private func budgeted<Result>(_ body: () -> Result) -> Result {
    let watched = environment.countsBudget ? nil : state.watchingBudget(body)
    return watched ?? body()
  }

  /// One run of a case, and the top level it leaves as it found it for the file's next case (or nil).
  private func attempt(_ scenario: ScenarioIdentity, named name: String, of file: ScenarioFile, iosVersion: RequestedVersion)
    -> (run: CaseRun, kept: (file: Int, prepared: LuaTable)?)
  {
    let session = start(file: file, iosVersion: iosVersion, allowsDevices: false)
    let outcome: CaseOutcome
    var index: Int?
    var prepared: LuaTable?
    var shareable = false  // the top level left the session untouched
    do {
      let at = try compiledIndex(of: file)
      index = at
      if let cached = _files[at].prepared {
        prepared = cached
        _files[at].prepared = nil
      } else {
        prepared = try prepare(at)
      }
      shareable = session.isUntouched
      try state.call(
        _runPrepared, prepared, scenario.index, scenario.rawName.map(LuaValue.bytes) ?? .string(scenario.name),
        scenario.line, scenario.occurrence, ScenarioSession.seed(environment.seed, path: file.path, case: name))
      outcome = .passed
    } catch {
      outcome = CaseVerdict.outcome(of: error, memoryLimit: environment.limits.memory)
    }
    var kept: (file: Int, prepared: LuaTable)?
    if let index, let prepared, shareable, (try? state.call(_unchanged, prepared).first) == .boolean(true) {
      kept = (index, prepared)
    } else if let index {
      _ = try? state.call(_release, _files[index].chunk)  // nothing of this run stays after the case
    }
    var versions: [String] = []
    for device in session.world.devices where !versions.contains(device.ios.description) {
      versions.append(device.ios.description)
    }
    return (
      CaseRun(
        outcome: outcome, entries: session.world.transcriptEntries, deviceVersions: versions,
        paths: session.world.pathsRecord),
      kept
    )
  }

  /// A new run of the top level of the file at `at` in ``_files`` for its cases (the loader's `prepare`).
  private func prepare(_ at: Int) throws(LuaError) -> LuaTable {
    topLevelRuns += 1
    try state.call(_prepare, _files[at].chunk, ScenarioSession.seed(environment.seed, _files[at].path))
    guard let prepared = _loader.table("prepared") else { preconditionFailure("prepare MUST leave its table in host.loader") }
    return prepared
  }

  /// A session for the REPL (or a one-off chunk): the state's own globals, devices allowed at any time.
  public func interactiveSession(iosVersion: RequestedVersion) throws(LuaError) -> ScenarioSession {
    let session = start(file: nil, iosVersion: iosVersion, allowsDevices: true)
    try state.call(_begin)
    return session
  }

  /// Starts serving a new session: a new instruction budget, and no Lua object of an earlier session reused.
  private func start(file: ScenarioFile?, iosVersion: RequestedVersion, allowsDevices: Bool) -> ScenarioSession {
    if state.memoryUsed > environment.limits.memory / 4 { state.collectGarbage() }
    state.instructionCount = 0
    state.clearObjectCache()
    let session = ScenarioSession(engine: self, file: file, iosVersion: iosVersion, allowsDevices: allowsDevices)
    self.session = session
    return session
  }

  /// Where `file` is in ``_files``: its chunk while its cases run one after another on this engine,
  /// parsed once (later loaded from its bytecode, while ``bytecodeBudget`` allows).
  private func compiledIndex(of file: ScenarioFile) throws(LuaError) -> Int {
    if let index = _files.firstIndex(where: { $0.path == file.path }) { return index }
    let chunk =
      if let bytecode = _bytecode[file.path] { try state.loadBytecode(bytecode, chunkName: file.chunkName) } else { try parsed(file) }
    if _files.count == 4 { _files.removeFirst() }
    _files.append(CompiledFile(path: file.path, chunk: chunk))
    return _files.count - 1
  }

  /// `file` read and compiled from its source, its bytecode kept while ``bytecodeBudget`` allows.
  private func parsed(_ file: ScenarioFile) throws(LuaError) -> LuaFunction {
    let source: [UInt8]
    do {
      source = try file.source(environment)
    } catch {
      throw LuaError(kind: .runtime, message: "\(file.path): cannot be read (\(error))")
    }
    let chunk = try state.load(ScenarioFile.loadable(source), chunkName: file.chunkName)
    if _bytecodeBytes < Self.bytecodeBudget, let bytecode = state.dump(chunk) {
      _bytecode[file.path] = bytecode
      _bytecodeBytes += bytecode.count
    }
    return chunk
  }
}
