/// A Lua 5.4 state owned by Swift: sandboxed by default, with memory and instruction limits.
///
/// The state closes exactly once, when the last reference to it goes; objects and functions it
/// holds are released then. Lua code runs only under protection: its errors, and running past a
/// limit, come back as ``LuaError``. A state is not thread-safe: use it from one thread at a time.
///
/// Inside a Swift function called from Lua, calls made through the state (``call(_:_:)``, table
/// handles) run on the coroutine that called the function, so Lua can call Swift that calls Lua.
///
/// A sandboxed state opens only what a scenario needs: the base library without `dofile` and
/// `loadfile` (`load` takes text only; `collectgarbage` keeps "collect", "count", "step" and
/// "isrunning"; `setmetatable` refuses `__gc`), `string` without `dump` (and `getmetatable("")`
/// gives `false`), `table`, `math` (`math.random` seeded by the host), `utf8` and `coroutine`.
/// Nothing reaches files, processes, the clock or the registry; the host adds what it wants
/// (an `os` table, `print`, `require`) as Swift functions.
public final class LuaState {
  let L: OpaquePointer
  private var globalTable: LuaTable?
  private var objectTypes: [LuaObjectTypeBox] = []
  private var releasedSlots: [Int32] = []

  /// The host object this state serves (an engine), for Swift functions that find their context through the call.
  public weak var owner: AnyObject?

  /// Whether a full collection runs at every call from Lua into Swift: a mode for tests, which makes
  /// any state that depends on when an object is collected show at once.
  public var gcStress = false {
    didSet { LuaStack.setGCStress(L, gcStress) }
  }

  /// Forgets which userdata stands for which object key, so objects pushed from now on get new ones.
  public func clearObjectCache() {
    LuaStack.clearObjectCache(L)
  }

  /// Forgets the key snapshots the sandbox's `next` keeps for tables, so that `next(t, k)` depends on `t` alone from now on.
  public func forgetTraversals() {
    LuaStack.forgetTraversals(L)
  }

  /// Seeds `math.random` with `seed`, the seed of `math.randomseed()` without arguments from now on, as
  /// ``Options/randomSeed`` does for a new state; false when the state's `math.randomseed` is not its own.
  public func reseed(_ seed: Int) -> Bool {
    LuaStack.reseed(L, seed)
  }

  /// Receives each warning Lua emits (`warn(…)`, errors in `__gc`); it MUST NOT call into Lua.
  public var warningHandler: ((String) -> Void)?

  /// Creates a state with the libraries and limits of `options`.
  public init(_ options: Options = Options()) {
    L = LuaStack.openState(options)
    LuaStack.setHost(L, self)
  }

  deinit {
    LuaStack.close(L)
  }

  /// The global table (`_G`), by reference.
  public var globals: LuaTable {
    if let globalTable { return globalTable }
    let stack = LuaStack.current(self)
    let globals = stack.balanced {
      stack.pushGlobals()
      return LuaTable(stack.reference(at: -1))
    }
    globalTable = globals
    return globals
  }

  /// A new empty table.
  public func makeTable() -> LuaTable {
    let stack = LuaStack.current(self)
    return stack.balanced {
      stack.pushTable(count: 0) { _ in }
      return LuaTable(stack.reference(at: -1))
    }
  }

  /// A Lua function that runs `body`; `body` stays alive until Lua collects the function.
  public func makeFunction(_ body: @escaping LuaFunctionBody) -> LuaFunction {
    let stack = LuaStack.current(self)
    return stack.balanced {
      stack.pushFunction(body)
      return LuaFunction(stack.reference(at: -1))
    }
  }

  /// Trusted: the debug library, opened privately for host code (a sandbox never publishes it).
  public func debugLibrary() throws(LuaError) -> LuaTable {
    let stack = LuaStack.current(self)
    return try stack.balanced { () throws(LuaError) in
      try stack.pushDebugLibrary()
      return LuaTable(stack.reference(at: -1))
    }
  }

  /// Trusted: `take` and `same`, which snapshot what values reach and check it later (so a file's cases can share one top level).
  public func snapshotLibrary() throws(LuaError) -> LuaTable {
    let stack = LuaStack.current(self)
    return try stack.balanced { () throws(LuaError) in
      try stack.pushSnapshotLibrary()
      return LuaTable(stack.reference(at: -1))
    }
  }

  /// Trusted: the os library, opened privately for host code (a sandbox never publishes it).
  ///
  /// Hand scenario code only what is harmless, such as `os.date` applied to a virtual time with
  /// the `!` (UTC) prefix, which depends on neither the wall clock nor the time zone.
  public func osLibrary() throws(LuaError) -> LuaTable {
    let stack = LuaStack.current(self)
    return try stack.balanced { () throws(LuaError) in
      try stack.pushOSLibrary()
      return LuaTable(stack.reference(at: -1))
    }
  }
}

// MARK: - Chunks

extension LuaState {
  /// Compiles Lua source (text only) into a function; `chunkName` is `@path` for files, `=name` otherwise.
  public func load(_ source: String, chunkName: String) throws(LuaError) -> LuaFunction {
    var source = source
    return try source.withUTF8 { bytes in
      Result { () throws(LuaError) in try load(UnsafeRawBufferPointer(bytes), chunkName: chunkName, binary: false) }
    }.get()
  }

  /// Compiles Lua source given as bytes (text only; a binary chunk is refused).
  public func load(_ source: [UInt8], chunkName: String) throws(LuaError) -> LuaFunction {
    try source.withUnsafeBytes { bytes in
      Result { () throws(LuaError) in try load(bytes, chunkName: chunkName, binary: false) }
    }.get()
  }

  /// Trusted: loads bytecode made by ``dump(_:strip:)`` (never feed it bytes from elsewhere).
  public func loadBytecode(_ bytecode: [UInt8], chunkName: String) throws(LuaError) -> LuaFunction {
    try bytecode.withUnsafeBytes { bytes in
      Result { () throws(LuaError) in try load(bytes, chunkName: chunkName, binary: true) }
    }.get()
  }

  private func load(_ bytes: UnsafeRawBufferPointer, chunkName: String, binary: Bool) throws(LuaError) -> LuaFunction {
    let stack = LuaStack.current(self)
    return try stack.balanced { () throws(LuaError) in
      if binary {
        try stack.loadBinary(bytes, chunkName: chunkName)
      } else {
        try stack.loadText(bytes, chunkName: chunkName)
      }
      return LuaFunction(stack.reference(at: -1))
    }
  }

  /// Trusted: the bytecode of a Lua function, to load into later states; `nil` for a Swift or C function.
  public func dump(_ function: LuaFunction, strip: Bool = false) -> [UInt8]? {
    let stack = LuaStack.current(self)
    return stack.balanced {
      stack.push(function)
      return stack.dumpFunction(strip: strip)
    }
  }
}

// MARK: - Calls

extension LuaState {
  /// Compiles and runs Lua source; returns what it returns.
  @discardableResult
  public func run(_ source: String, chunkName: String = "=(string)") throws(LuaError) -> [LuaValue] {
    try call(load(source, chunkName: chunkName))
  }

  /// Calls `function` under protection; returns its results copied as values.
  @discardableResult
  public func call(_ function: LuaFunction, _ arguments: any LuaPushable...) throws(LuaError) -> [LuaValue] {
    try call(function, arguments) { stack, results in results.map { stack.value(at: $0) } }
  }

  /// Calls `function` and returns each result as Lua's `tostring` gives it, as the REPL prints results.
  public func callDescribingResults(_ function: LuaFunction, _ arguments: any LuaPushable...) throws(LuaError)
    -> [String]
  {
    try call(function, arguments) { (stack, results) throws(LuaError) in
      var descriptions: [String] = []
      for index in results { descriptions.append(try stack.describe(at: index)) }
      return descriptions
    }
  }

  private func call<Result>(
    _ function: LuaFunction, _ arguments: [any LuaPushable],
    results: (LuaStack, Range<Int32>) throws(LuaError) -> Result
  ) throws(LuaError) -> Result {
    let stack = LuaStack.current(self)
    releasePendingReferences(stack)
    return try stack.balanced { () throws(LuaError) in
      let base = stack.top
      stack.push(function)
      for argument in arguments { stack.push(argument) }
      try stack.check(stack.protectedCall(arguments: Int32(arguments.count)))
      return try results(stack, base + 1..<stack.top + 1)
    }
  }
}

// MARK: - Lifetimes

extension LuaState {
  /// Keeps `type` alive while this state's userdata and metatables point to it.
  func keepAlive(_ type: LuaObjectTypeBox) {
    objectTypes.append(type)
  }

  /// Frees a registry slot now, or at the next safe moment when a collection may be running.
  func release(slot: Int32) {
    if LuaStack.isReleasing(L) {
      releasedSlots.append(slot)
    } else {
      LuaStack.current(self).releaseReference(slot)
    }
  }

  func releasePendingReferences(_ stack: LuaStack) {
    guard !releasedSlots.isEmpty else { return }
    for slot in releasedSlots { stack.releaseReference(slot) }
    releasedSlots.removeAll(keepingCapacity: true)
  }
}
