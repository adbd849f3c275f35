import LuaBridge
import PermissionModel

/// A sandboxed Lua state prepared once and reused case after case, each case in a fresh environment.
///
/// Loading the prelude and installing the API costs far more than a scenario itself, so a runner keeps
/// one engine per worker thread. Every case still starts clean: it gets a new global table holding
/// fresh copies of the standard library tables, a new instance of the prelude, its file's main chunk
/// run again with that table as `_ENV`, and a new model world. Nothing a case can reach survives it:
/// the library tables it may change are copies, the string metatable and the originals are hidden,
/// and the host's primitives serve only the session that is running.
///
/// An engine is not thread-safe; use it from one thread at a time.
public final class ScenarioEngine {
  let environment: ScenarioEnvironment
  let state: LuaState
  /// The session the host primitives serve now (weak: a session holds its engine, and outlives its case only in its owner).
  weak var session: ScenarioSession?
  /// The Lua methods of apps and devices (`expect_callback`, `expect_prompt`, …), defined by the prelude.
  let appLuaMethods: [String: LuaFunction]
  let deviceLuaMethods: [String: LuaFunction]
  private let _loader: LuaTable
  private let _begin: LuaFunction
  private let _runChunk: LuaFunction
  private let _runCase: LuaFunction
  /// The main chunks of the files run last (cases of a file run one after another, so a few suffice).
  private var _chunks: [(path: String, chunk: LuaFunction)] = []

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
    let prelude = try state.loadBytecode(environment.preludeBytecode, chunkName: Prelude.chunkName)
    let loader = try state.load(Self.loaderSource, chunkName: "=[permsim loader]")
    try state.call(loader, prelude, host, state.debugLibrary(), state.osLibrary())
    guard let api = host.table("loader"), let begin = api.function("begin"), let runChunk = api.function("run_chunk"),
      let runCase = api.function("run_case")
    else {
      preconditionFailure("the loader MUST publish host.loader with begin, run_chunk and run_case")
    }
    appLuaMethods = Self.functions(in: host.table("app_methods"))
    deviceLuaMethods = Self.functions(in: host.table("device_methods"))
    _loader = api
    _begin = begin
    _runChunk = runChunk
    _runCase = runCase
    installPrimitives(in: host)
    state.useGenerationalCollector()
  }

  private static func functions(in table: LuaTable?) -> [String: LuaFunction] {
    guard let table, case .table(let entries) = table.value else { return [:] }
    var functions: [String: LuaFunction] = [:]
    for key in entries.keys {
      if let name = key.string, let function = table.function(name) { functions[name] = function }
    }
    return functions
  }

  /// Bytes the engine's Lua state holds now (live objects and garbage not yet collected).
  public var luaMemoryUsed: Int { state.memoryUsed }

  /// Starts a session: a fresh environment (or the state's own globals when `shared`) with a new prelude instance.
  func begin(shared: Bool) throws(LuaError) -> (environment: LuaTable, api: LuaTable) {
    prepareForCase()
    try state.call(_begin, shared)
    guard let env = _loader.table("env"), let api = _loader.table("api") else {
      preconditionFailure("begin MUST leave the environment and the API in host.loader")
    }
    return (env, api)
  }

  /// Runs case `index` of `file` in a fresh environment and prelude instance, in one call into Lua.
  ///
  /// The file's top level runs again (seeded with `chunkSeed`), counting its scenarios until the case's
  /// own; then `host.begin_body` opens the case body (devices allowed, a new instruction budget) and
  /// the case runs with its hooks (seeded with `caseSeed`).
  func runCase(_ index: Int, of file: ScenarioFile, chunkSeed: Int, caseSeed: Int) throws(LuaError) {
    prepareForCase()
    try state.call(_runCase, try chunk(of: file), index, chunkSeed, caseSeed)
  }

  /// Collects garbage when the state holds a quarter of its memory budget, and starts a new instruction budget.
  private func prepareForCase() {
    if state.memoryUsed > environment.limits.memory / 4 { state.collectGarbage() }
    state.instructionCount = 0
  }

  /// The compiled main chunk of `file`: compiled once while its cases run one after another on this engine.
  func chunk(of file: ScenarioFile) throws(LuaError) -> LuaFunction {
    if let cached = _chunks.first(where: { $0.path == file.path }) { return cached.chunk }
    let source: [UInt8]
    do {
      source = try file.source(environment)
    } catch {
      throw LuaError(kind: .runtime, message: "\(file.path): cannot be read (\(error))")
    }
    let chunk = try state.load(source, chunkName: file.chunkName)
    if _chunks.count == 4 { _chunks.removeFirst() }
    _chunks.append((file.path, chunk))
    return chunk
  }

  /// Runs a main chunk with `env` as its `_ENV` and its `math.random` seeded with `seed`.
  func run(_ chunk: LuaFunction, in env: LuaTable, seed: Int) throws(LuaError) {
    try state.call(_runChunk, chunk, env, seed)
  }

  /// Trusted Lua that makes each case's environment and prelude instance; run once per engine.
  ///
  /// It captures the sandbox's globals and library tables as they are before any scenario code runs,
  /// and copies them into every new environment, so a case that changes `string` or `table` changes
  /// only its own copy.
  static let loaderSource = #"""
    local prelude, host, dbg, oslib = ...
    local next, ipairs, setupvalue = next, ipairs, dbg.setupvalue
    local new_case = prelude(host, dbg, oslib)
    local pristine = {}
    for key, value in next, _G do pristine[key] = value end
    local libraries = { "string", "table", "math", "utf8", "coroutine" }
    local shared_api

    -- fresh_env() makes a case's globals: the pristine ones, with fresh copies of the library tables.
    -- It is compiled here into one table constructor, which Lua presizes and fills
    -- without a loop: a case pays a few microseconds for it, not tens.
    local fresh_env
    do
      local values, body = {}, {}
      local function field(key, value)
        if type(key) ~= "string" then error("permsim: a global or library key is not a string", 0) end
        values[#values + 1] = value
        return string.format("[%q] = v[%d]", key, #values)
      end
      local copied = {}
      for _, name in ipairs(libraries) do copied[name] = true end
      for key, value in next, pristine do
        if not copied[key] then body[#body + 1] = field(key, value) end
      end
      for _, name in ipairs(libraries) do
        local entries = {}
        for key, value in next, pristine[name] do entries[#entries + 1] = field(key, value) end
        body[#body + 1] = string.format("[%q] = { %s }", name, table.concat(entries, ", "))
      end
      local source = "local v = ...\nreturn function()\nlocal env = { " .. table.concat(body, ",\n")
        .. " }\nenv._G = env\nreturn env\nend\n"
      fresh_env = load(source, "=[permsim globals]", "t", {})(values)
    end

    local loader = {}
    host.loader = loader
    -- Starts a case: `shared` uses the state's own globals (a REPL or a one-off session), once.
    function loader.begin(shared)
      if shared and shared_api then
        loader.env, loader.api = _G, shared_api
        return
      end
      local env = shared and _G or fresh_env()
      local api = new_case(env)
      if shared then shared_api = api end
      loader.env, loader.api = env, api
    end
    -- Runs a file's main chunk in a case's environment, its math.random seeded with `seed`.
    function loader.run_chunk(chunk, env, seed)
      env.math.randomseed(seed)
      setupvalue(chunk, 1, env)
      return chunk()
    end
    -- Runs one case of a file (ScenarioEngine.runCase): everything a case needs, in one call from the host.
    function loader.run_case(chunk, index, chunk_seed, case_seed)
      local env = fresh_env()
      local api = new_case(env)
      api.target(index)
      loader.run_chunk(chunk, env, chunk_seed)
      host.begin_body()
      api.run(index, case_seed)
    end
    """#
}
