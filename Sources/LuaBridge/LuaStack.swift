// The C boundary: with LuaStack+Dispatch.swift, the only Swift code that calls the Lua C API.
//
// A Lua error is a longjmp, and a longjmp must never cross a Swift frame (it skips deinit and
// defer, and corrupts the exclusivity checker). So, in Swift:
//
// - Never call a C API function that can raise: lua_error, luaL_error, luaL_argerror, the
//   luaL_check and luaL_opt families, lua_call and lua_callk, luaL_dostring, luaL_dofile,
//   luaL_callmeta, luaL_requiref, lua_yield, lua_toclose; nor one that may run a metamethod:
//   lua_getfield, lua_setfield, lua_gettable, lua_settable, lua_getglobal, lua_setglobal,
//   lua_geti, lua_seti, luaL_tolstring, lua_len, luaL_len, lua_next, lua_concat, lua_compare,
//   lua_arith. Use the lua_raw functions, or the clua_ helpers that run the operation under
//   lua_pcall in C and return a status.
// - Lua code runs only through clua_pcall (a traceback handler, and the hard memory limit).
// - Memory errors cannot reach Swift: outside Lua code run by clua_pcall the allocator never
//   refuses (a real malloc failure aborts), so the functions marked 'm' in the manual are safe.
// - A Swift function called from Lua reports an error by returning a CLUA_RAISE code to the
//   trampoline, which raises only after the Swift frame has returned.
//
// LuaBridgeTests checks Sources/ for calls to the functions listed above.
internal import CLua
internal import CLuaShim

/// The Lua stack of the thread the bridge works on now: where values are pushed and read.
public struct LuaStack {
  let L: OpaquePointer
  unowned(unsafe) let state: LuaState

  init(_ L: OpaquePointer, _ state: LuaState) {
    self.L = L
    self.state = state
  }

  /// Pushes `value` (exactly one Lua value).
  public func push(_ value: some LuaPushable) {
    value.push(onto: self)
  }
}

// MARK: - States

extension LuaStack {
  /// A new state with its libraries open; `LuaState` sets itself as host right after.
  static func openState(_ options: LuaState.Options) -> OpaquePointer {
    var config = clua_Config(
      memory_limit: max(options.memoryLimit, 0),
      instruction_limit: Int64(options.instructionLimit),
      sandbox: options.sandbox ? 1 : 0,
      random_seed: lua_Integer(options.randomSeed),
      dispatch: LuaStack.dispatch,
      release: LuaStack.release
    )
    // clua_newstate aborts (after printing why) when even an empty state cannot be allocated.
    return clua_newstate(&config)
  }

  static func setHost(_ L: OpaquePointer, _ host: LuaState) {
    clua_sethost(L, Unmanaged.passUnretained(host).toOpaque())
  }

  static func close(_ L: OpaquePointer) {
    clua_close(L)
  }

  /// The stack of the thread running the innermost Swift function of `state`, or of its main thread.
  static func current(_ state: LuaState) -> LuaStack {
    LuaStack(clua_current(state.L), state)
  }

  var top: Int32 { lua_gettop(L) }

  func setTop(_ top: Int32) {
    lua_settop(L, top)
  }

  /// Runs `body` and puts the stack top back where it was.
  func balanced<Result, Failure>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
    let top = lua_gettop(L)
    defer { lua_settop(L, top) }
    return try body()
  }

  func reserve(_ count: Int32) {
    precondition(lua_checkstack(L, count) != 0, "the Lua stack MUST have room for \(count) more values")
  }
}

// MARK: - Limits

extension LuaStack {
  static func memoryUsed(_ L: OpaquePointer) -> Int { clua_memoryused(L) }
  static func memoryLimit(_ L: OpaquePointer) -> Int { clua_memorylimit(L) }
  static func memoryRefusals(_ L: OpaquePointer) -> Int { Int(clua_memoryrefusals(L)) }
  static func setMemoryLimit(_ L: OpaquePointer, _ limit: Int) { clua_setmemorylimit(L, max(limit, 0)) }
  static func instructionCount(_ L: OpaquePointer) -> Int { Int(clua_instructioncount(L)) }
  static func setInstructionCount(_ L: OpaquePointer, _ count: Int) { clua_setinstructioncount(L, Int64(count)) }
  static func instructionLimit(_ L: OpaquePointer) -> Int { Int(clua_instructionlimit(L)) }
  static func setInstructionLimit(_ L: OpaquePointer, _ limit: Int) { clua_setinstructionlimit(L, Int64(limit)) }
  static func beginBudgetWatch(_ L: OpaquePointer) -> Bool { clua_watch_begin(L) != 0 }
  static func endBudgetWatch(_ L: OpaquePointer) -> Bool { clua_watch_end(L) != 0 }
  static func interrupt(_ L: OpaquePointer) { clua_interrupt(L) }
  static func catchInterruptSignal(_ L: OpaquePointer) -> Bool { clua_catch_sigint(L) != 0 }
  static func releaseInterruptSignal() { clua_release_sigint() }
}

// MARK: - Pushing

extension LuaStack {
  func pushNil() {
    reserve(1)
    lua_pushnil(L)
  }

  func pushBoolean(_ value: Bool) {
    reserve(1)
    lua_pushboolean(L, value ? 1 : 0)
  }

  func pushInteger(_ value: Int) {
    reserve(1)
    lua_pushinteger(L, lua_Integer(value))
  }

  func pushNumber(_ value: Double) {
    reserve(1)
    lua_pushnumber(L, value)
  }

  func pushString(_ value: String) {
    reserve(1)
    var value = value
    value.withUTF8 { bytes in
      bytes.withMemoryRebound(to: CChar.self) { _ = lua_pushlstring(L, $0.baseAddress, $0.count) }
    }
  }

  func pushBytes(_ value: [UInt8]) {
    reserve(1)
    value.withUnsafeBufferPointer { bytes in
      bytes.withMemoryRebound(to: CChar.self) { _ = lua_pushlstring(L, $0.baseAddress, $0.count) }
    }
  }

  func pushValue(_ value: LuaValue) {
    switch value {
    case .nil, .opaque: pushNil()
    case .boolean(let boolean): pushBoolean(boolean)
    case .integer(let integer): pushInteger(integer)
    case .number(let number): pushNumber(number)
    case .string(let string): pushString(string)
    case .bytes(let bytes): pushBytes(bytes)
    case .table(let table):
      pushTable(count: table.count) { stack in
        for (key, value) in table { stack.setInTable(key, value) }
      }
    }
  }

  /// Pushes a new table sized for `count` entries and lets `fill` set them (with ``setInTable(_:_:)``).
  func pushTable(count: Int, _ fill: (LuaStack) -> Void) {
    reserve(3)
    lua_createtable(L, 0, Int32(clamping: count))
    fill(self)
  }

  /// Pushes a new list of `elements`.
  func pushList<Elements: Collection>(_ elements: Elements) where Elements.Element: LuaPushable {
    reserve(2)
    lua_createtable(L, Int32(clamping: elements.count), 0)
    for (offset, element) in elements.enumerated() {
      element.push(onto: self)
      lua_rawseti(L, -2, lua_Integer(offset + 1))
    }
  }

  /// Sets `table[key] = value` in the table on top, raw; skips `nil` and NaN keys.
  func setInTable(_ key: some LuaPushable, _ value: some LuaPushable) {
    key.push(onto: self)
    guard isValidKey(at: -1) else { return lua_settop(L, -2) }  // pop the key
    value.push(onto: self)
    lua_rawset(L, -3)  // pops key and value
  }

  private func isValidKey(at index: Int32) -> Bool {
    switch lua_type(L, index) {
    case LUA_TNIL: false
    case LUA_TNUMBER: lua_isinteger(L, index) != 0 || !lua_tonumberx(L, index, nil).isNaN
    default: true
    }
  }

  func pushFunction(_ body: @escaping LuaFunctionBody) {
    reserve(3)
    clua_pushfunction(L, Unmanaged.passRetained(LuaFunctionBox(body)).toOpaque())
  }

  func pushObject(_ object: AnyObject, type: LuaObjectTypeBox, key: Int) {
    reserve(5)
    let created = type.name.withCString { name in
      clua_pushobject(
        L, Unmanaged.passUnretained(object).toOpaque(), Unmanaged.passUnretained(type).toOpaque(),
        name, type.metamethods, lua_Integer(key), LuaStack.retain)
    }
    if created != 0 { state.keepAlive(type) }
  }

  static func metamethodFlags(toString: Bool, length: Bool, call: Bool, equal: Bool) -> Int32 {
    (toString ? CLUA_HAS_TOSTRING : 0) | (length ? CLUA_HAS_LEN : 0) | (call ? CLUA_HAS_CALL : 0)
      | (equal ? CLUA_HAS_EQ : 0)
  }

  /// Inside `__index` of `type`: pushes the closure of method `index` (cached for the key).
  func pushMethod(of type: UnsafeMutableRawPointer, index: Int) {
    reserve(4)
    clua_pushmethod(L, type, lua_Integer(index))
  }

  func pushGlobals() {
    reserve(1)
    clua_pushglobaltable(L)
  }
}

// MARK: - Reading

extension LuaStack {
  /// Lua's type tag of the value at `index`.
  func type(at index: Int32) -> LuaType {
    switch lua_type(L, index) {
    case LUA_TNONE: .none
    case LUA_TNIL: .nil
    case LUA_TBOOLEAN: .boolean
    case LUA_TNUMBER: .number
    case LUA_TSTRING: .string
    case LUA_TTABLE: .table
    case LUA_TFUNCTION: .function
    default: .other
    }
  }

  /// The name lauxlib's type errors use for the value at `index` (`__name`, else the type name).
  func typeName(at index: Int32) -> String {
    reserve(2)
    clua_pushtypename(L, index)
    defer { lua_settop(L, -2) }
    return lossyString(at: -1) ?? "?"
  }

  func boolean(at index: Int32) -> Bool {
    lua_toboolean(L, index) != 0
  }

  func isInteger(at index: Int32) -> Bool {
    lua_isinteger(L, index) != 0
  }

  /// The integer at `index` (a float with an exact integer value, or a numeric string, converts).
  func integer(at index: Int32) -> Int? {
    var isNumber: Int32 = 0
    let value = lua_tointegerx(L, index, &isNumber)
    return isNumber != 0 ? Int(value) : nil
  }

  /// The number at `index` (a numeric string converts).
  func number(at index: Int32) -> Double? {
    var isNumber: Int32 = 0
    let value = lua_tonumberx(L, index, &isNumber)
    return isNumber != 0 ? value : nil
  }

  /// The bytes of the string at `index` (valid while it is on the stack); a number converts in place
  /// (as `lua_tolstring` does) only when `converting`.
  private func stringBytes(at index: Int32, converting: Bool = false) -> UnsafeBufferPointer<UInt8>? {
    let type = lua_type(L, index)
    guard type == LUA_TSTRING || (converting && type == LUA_TNUMBER) else { return nil }
    var length = 0
    guard let characters = lua_tolstring(L, index, &length) else { return nil }
    return UnsafeBufferPointer(start: UnsafeRawPointer(characters).assumingMemoryBound(to: UInt8.self), count: length)
  }

  /// `bytes` as a string when they are valid UTF-8. ASCII (nearly every string a scenario passes)
  /// is decoded without validation, which costs ten times more for a short string.
  private static func validString(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
    return String(validating: bytes, as: UTF8.self)
  }

  /// The string at `index` with invalid UTF-8 replaced by U+FFFD; `nil` unless a string.
  func lossyString(at index: Int32) -> String? {
    stringBytes(at: index).map { String(decoding: $0, as: UTF8.self) }
  }

  /// The string (or number, converted in place) at `index`, invalid UTF-8 decoded with U+FFFD.
  func convertibleString(at index: Int32) -> String? {
    stringBytes(at: index, converting: true).map { String(decoding: $0, as: UTF8.self) }
  }

  /// The bytes of the string (or number, converted in place) at `index`.
  func bytes(at index: Int32) -> [UInt8]? {
    stringBytes(at: index, converting: true).map { Array($0) }
  }

  /// The value at `index`, copied deeply.
  ///
  /// A table reached along several paths is copied once per path, so sixty tables that each hold the
  /// next one twice would make a copy of 2⁶⁰ entries. A copy therefore stops after one entry per 128
  /// bytes of the state's memory limit (524,288 at the default 64 MiB; an entry takes at least 16 bytes
  /// in Lua, so only a value filling an eighth of the limit with entries reaches that along one path),
  /// and the whole value is then `.opaque("table")`.
  func value(at index: Int32) -> LuaValue {
    var path: [UnsafeRawPointer] = []
    var copy = Copy(entries: copyLimit)
    return value(at: lua_absindex(L, index), path: &path, copy: &copy)
  }

  /// How many entries a copy may make: from the memory limit, never from the memory in use (which
  /// counts garbage not yet collected, so a case's verdict would depend on the collector).
  private var copyLimit: Int {
    let limit = Int(clua_memorylimit(L))
    return limit > 0 ? max(1 << 16, limit / 128) : max(1 << 16, Int(clua_memoryused(L)) / 16)
  }

  /// ``value(at:)`` for a Swift function's argument: the copy is charged to the instruction budget
  /// (see ``charge(copiedBytes:entries:)``), so a loop that makes the host copy a large value ends.
  func chargedValue(at index: Int32) -> LuaValue {
    var path: [UnsafeRawPointer] = []
    let start = copyLimit
    var copy = Copy(entries: start)
    let value = value(at: lua_absindex(L, index), path: &path, copy: &copy)
    charge(copiedBytes: copy.bytes, entries: start - max(copy.entries, 0))
    return value
  }

  /// Charges a copy into Swift to the instruction budget without raising (the hook stops the code at its
  /// next period): one instruction per 4 bytes and 8 per table entry, about what the copy and the
  /// decoding cost against a VM instruction.
  func charge(copiedBytes bytes: Int, entries: Int = 0) {
    clua_charge(L, bytes / 4 + entries * 8)
  }

  /// What a deep copy has left and has done: entries it may still copy, bytes of strings it copied.
  private struct Copy {
    var entries: Int
    var bytes = 0
  }

  /// How deep nested tables are copied; deeper ones become `.opaque("table")`.
  private static let maximumDepth = 100

  private func value(at index: Int32, path: inout [UnsafeRawPointer], copy: inout Copy) -> LuaValue {
    switch lua_type(L, index) {
    case LUA_TNONE, LUA_TNIL:
      return .nil
    case LUA_TBOOLEAN:
      return .boolean(lua_toboolean(L, index) != 0)
    case LUA_TNUMBER:
      return lua_isinteger(L, index) != 0
        ? .integer(Int(lua_tointegerx(L, index, nil))) : .number(lua_tonumberx(L, index, nil))
    case LUA_TSTRING:
      guard let bytes = stringBytes(at: index) else { return .nil }
      copy.bytes += bytes.count
      return Self.validString(bytes).map(LuaValue.string) ?? .bytes(Array(bytes))
    case LUA_TTABLE:
      return tableValue(at: index, path: &path, copy: &copy)
    default:
      return .opaque(typeName(at: index))
    }
  }

  /// A table, or `.opaque("table")`; `entries` left to copy, or -1 once a copy ran out of them.
  private func tableValue(at index: Int32, path: inout [UnsafeRawPointer], copy: inout Copy) -> LuaValue {
    guard copy.entries >= 0, let identity = lua_topointer(L, index), !path.contains(identity), path.count < Self.maximumDepth
    else { return .opaque("table") }
    path.append(identity)
    defer { path.removeLast() }
    reserve(6)
    let top = lua_gettop(L)
    defer { lua_settop(L, top) }
    var table: [LuaValue: LuaValue] = [:]
    table.reserveCapacity(8)  // the options tables host calls take: no growth for a few entries
    lua_pushnil(L)  // first key
    while true {
      var more: Int32 = 0
      guard clua_next(L, index, &more) == LUA_OK, more != 0 else { break }  // key, value
      copy.entries -= 1
      guard copy.entries >= 0 else { break }
      let key = value(at: top + 1, path: &path, copy: &copy)
      table[key] = value(at: top + 2, path: &path, copy: &copy)
      guard copy.entries >= 0 else { break }
      lua_settop(L, top + 1)  // pop the value, keep the key for the next step
    }
    return copy.entries >= 0 ? .table(table) : .opaque("table")
  }

  /// The Swift object in the userdata at `index` if it is of `type`.
  func object(at index: Int32, type: LuaObjectTypeBox) -> AnyObject? {
    clua_toobject(L, index, Unmanaged.passUnretained(type).toOpaque())
      .map { Unmanaged<AnyObject>.fromOpaque($0).takeUnretainedValue() }
  }

  /// The `chunk:line` of the function at `level` of the call stack (1: the caller of the running function).
  func location(level: Int) -> LuaLocation? {
    reserve(1)
    luaL_where(L, Int32(level))
    defer { lua_settop(L, -2) }
    return lossyString(at: -1).flatMap { LuaLocation(prefixOf: $0[...]) }
  }
}

// MARK: - References

extension LuaStack {
  /// A registry reference to the value at `index` (which stays on the stack).
  func reference(at index: Int32) -> LuaReference {
    state.releasePendingReferences(self)
    reserve(3)
    lua_pushvalue(L, index)  // luaL_ref pops this copy
    return LuaReference(state: state, slot: clua_ref(L))
  }

  func pushReference(_ reference: LuaReference) {
    precondition(reference.state === state, "a Lua reference MUST be used with the state it came from")
    reserve(1)
    _ = clua_getref(L, reference.slot)
  }

  func releaseReference(_ slot: Int32) {
    reserve(2)
    clua_unref(L, slot)
  }

  /// Whether a collection may be running (the host is releasing objects): no stack work then.
  static func isReleasing(_ L: OpaquePointer) -> Bool {
    clua_releasing(L) != 0
  }

  func rawLength(at index: Int32) -> Int {
    Int(lua_rawlen(L, index))
  }

  /// Pushes `table[key]` (raw) for the table at `index`.
  func rawGet(at index: Int32, _ key: some LuaPushable) {
    let table = lua_absindex(L, index)
    key.push(onto: self)
    _ = lua_rawget(L, table)  // replaces the key by the value
  }

  /// Sets `table[key] = value` (raw) for the table at `index`; skips `nil` and NaN keys.
  func rawSet(at index: Int32, _ key: some LuaPushable, _ value: some LuaPushable) {
    let table = lua_absindex(L, index)
    key.push(onto: self)
    guard isValidKey(at: -1) else { return lua_settop(L, -2) }  // pop the key
    value.push(onto: self)
    lua_rawset(L, table)  // pops key and value
  }
}

// MARK: - Calls and protected operations

extension LuaStack {
  /// Calls the function below the `arguments` values on top; results (or error and traceback) replace them.
  func protectedCall(arguments: Int32, results: Int32 = LUA_MULTRET) -> Int32 {
    clua_pcall(L, arguments, results)
  }

  /// Pushes `table[key]` for the table at `index`, running metamethods.
  func get(at index: Int32, _ key: some LuaPushable) throws(LuaError) {
    let table = lua_absindex(L, index)
    key.push(onto: self)
    try check(clua_gettable(L, table))
  }

  /// Sets `table[key] = value` for the table at `index`, running metamethods.
  func set(at index: Int32, _ key: some LuaPushable, _ value: some LuaPushable) throws(LuaError) {
    let table = lua_absindex(L, index)
    key.push(onto: self)
    value.push(onto: self)
    try check(clua_settable(L, table))
  }

  /// Lua's `tostring` of the value at `index` (honouring `__tostring` and `__name`).
  func describe(at index: Int32) throws(LuaError) -> String {
    try check(clua_tostring(L, index))
    defer { lua_settop(L, -2) }
    return lossyString(at: -1) ?? ""
  }

  func check(_ status: Int32) throws(LuaError) {
    guard status != LUA_OK else { return }
    throw error(status: status, withTraceback: true)
  }
}

// MARK: - Errors

extension LuaStack {
  /// The error of a failed call or load, copied out of the state; pops it (and its traceback).
  func error(status: Int32, withTraceback: Bool) -> LuaError {
    guard status != CLUA_NOSTACK else {
      return LuaError(kind: .budget, message: "stack overflow (no room for the host's values)")
    }
    var traceback: String?
    if withTraceback {
      traceback = lossyString(at: -1)
      lua_settop(L, -2)  // pop the traceback
    }
    defer { lua_settop(L, -2) }  // pop the error value
    let value: LuaValue?
    let message: String
    var record: (any LuaErrorRecord)?
    if let string = lossyString(at: -1) {
      value = nil
      message = string
    } else {
      value = self.value(at: -1)
      record = clua_anyobject(L, -1).flatMap {
        Unmanaged<AnyObject>.fromOpaque($0).takeUnretainedValue() as? any LuaErrorRecord
      }
      message = describeErrorObject(at: lua_gettop(L))
    }
    return LuaError(
      kind: kind(of: status, message: message, isRecord: record != nil), message: message, traceback: traceback,
      value: value, record: record)
  }

  /// The message for a non-string error value: its `__tostring`, else what `lua.c` prints.
  private func describeErrorObject(at index: Int32) -> String {
    let fallback = "(error object is a \(typeName(at: index)) value)"
    reserve(3)
    guard luaL_getmetafield(L, index, "__tostring") != LUA_TNIL else { return fallback }
    lua_settop(L, -2)  // pop the metamethod
    guard clua_tostring(L, index) == LUA_OK else {
      lua_settop(L, -3)  // pop the error and its traceback
      return fallback
    }
    defer { lua_settop(L, -2) }  // pop the description
    return lossyString(at: -1) ?? fallback
  }

  /// The kind of a failed call; a typed record says for itself what it is, so its text is not read for one.
  private func kind(of status: Int32, message: String, isRecord: Bool = false) -> LuaError.Kind {
    switch status {
    case LUA_ERRSYNTAX: return .syntax
    case LUA_ERRMEM: return .memory
    case LUA_ERRERR: return .budget  // the message handler itself failed: the stacks are exhausted
    default:
      if !isRecord && message == "not enough memory" { return .memory }  // rethrown by a Swift function
      let limit = LuaStack.instructionLimit(state.L)
      if limit > 0 && LuaStack.instructionCount(state.L) > limit { return .budget }
      return !isRecord && message.contains("stack overflow") ? .budget : .runtime
    }
  }
}

// MARK: - Chunks

extension LuaStack {
  /// Loads `source` as a text chunk; pushes the function, or throws (syntax errors included).
  func loadText(_ source: UnsafeRawBufferPointer, chunkName: String) throws(LuaError) {
    reserve(2)
    let status = source.withMemoryRebound(to: CChar.self) { characters in
      clua_loadtext(L, characters.baseAddress, characters.count, chunkName)
    }
    guard status == LUA_OK else { throw error(status: status, withTraceback: false) }
  }

  /// Loads host-produced bytecode; pushes the function, or throws.
  func loadBinary(_ bytecode: UnsafeRawBufferPointer, chunkName: String) throws(LuaError) {
    reserve(2)
    let status = bytecode.withMemoryRebound(to: CChar.self) { bytes in
      clua_loadbinary(L, bytes.baseAddress, bytes.count, chunkName)
    }
    guard status == LUA_OK else { throw error(status: status, withTraceback: false) }
  }

  /// The bytecode of the Lua function on top, or `nil` for a C function.
  func dumpFunction(strip: Bool) -> [UInt8]? {
    var size = 0
    guard let buffer = clua_dump(L, strip ? 1 : 0, &size) else { return nil }
    defer { clua_free(buffer) }
    return Array(UnsafeRawBufferPointer(start: buffer, count: size))
  }

  func pushDebugLibrary() throws(LuaError) {
    reserve(2)
    try check(clua_pushdebuglibrary(L))
  }

  func pushSnapshotLibrary() throws(LuaError) {
    reserve(2)
    try check(clua_pushsnapshotlibrary(L))
  }

  static func setGCStress(_ L: OpaquePointer, _ on: Bool) {
    clua_setgcstress(L, on ? 1 : 0)
  }

  static func clearObjectCache(_ L: OpaquePointer) {
    clua_clearobjectcache(L)
  }

  static func forgetTraversals(_ L: OpaquePointer) {
    clua_forgettraversals(L)
  }

  static func reseed(_ L: OpaquePointer, _ seed: Int) -> Bool {
    clua_reseed(L, lua_Integer(seed)) == LUA_OK
  }

  func collectGarbage() {
    clua_collectgarbage(L)
  }

  func useGenerationalCollector() {
    clua_generationalgc(L)
  }

  func pushOSLibrary() throws(LuaError) {
    reserve(2)
    try check(clua_pushoslibrary(L))
  }
}
