/// The body of a Swift function Lua can call: reads its arguments from the call, pushes its results.
///
/// Throw ``LuaCallError`` to raise a Lua error (any other error is raised as its description, with
/// the caller's position); rethrowing a ``LuaError`` from a call back into Lua raises it again.
public typealias LuaFunctionBody = (inout LuaCall) throws -> Void

/// One call from Lua into Swift: its arguments (1-based, as in Lua) and the results pushed so far.
///
/// The readers check their argument as lauxlib's `luaL_check*` functions do and throw the same
/// message: `bad argument #1 to 'tap' (string expected, got nil)`. The call is valid only during
/// the function body it was handed to.
public struct LuaCall {
  let stack: LuaStack
  /// How many arguments Lua passed.
  public let argumentCount: Int
  private(set) var resultCount: Int32 = 0

  init(stack: LuaStack) {
    self.stack = stack
    argumentCount = Int(stack.top)
  }

  /// The state the call runs in (calls made through it run on the calling coroutine).
  public var state: LuaState { stack.state }

  /// Pushes one result.
  public mutating func push(_ value: some LuaPushable) {
    stack.push(value)
    resultCount += 1
  }
}

// MARK: - Arguments

extension LuaCall {
  /// The stack index of argument `position`, or `nil` past the last argument (results sit there).
  private func index(_ position: Int) -> Int32? {
    position >= 1 && position <= argumentCount ? Int32(position) : nil
  }

  /// The Lua type of argument `position` (`.none` past the last one).
  public func type(_ position: Int) -> LuaType {
    index(position).map { stack.type(at: $0) } ?? .none
  }

  /// Whether argument `position` is absent or `nil`.
  public func isNil(_ position: Int) -> Bool {
    type(position) == .none || type(position) == .nil
  }

  /// The type name lauxlib's messages use for argument `position` (an object's type name for objects).
  public func typeName(_ position: Int) -> String {
    index(position).map { stack.typeName(at: $0) } ?? "no value"
  }

  /// Argument `position` copied as a value (tables deeply).
  public func value(_ position: Int) -> LuaValue {
    index(position).map { stack.chargedValue(at: $0) } ?? .nil
  }

  /// Argument `position` as Lua's truth value (`nil` and `false` are false).
  public func boolean(_ position: Int) -> Bool {
    index(position).map { stack.boolean(at: $0) } ?? false
  }

  /// Argument `position` as a string (a number converts; invalid UTF-8 is decoded with U+FFFD).
  ///
  /// The copy is charged to the instruction budget by its size (see ``LuaStack/charge(copiedBytes:entries:)``)
  /// unless `charging` is false: for what the host reads once per case, such as the message of the error
  /// that ends it, which must not turn into a budget error.
  public func string(_ position: Int, charging: Bool = true) throws(LuaCallError) -> String {
    guard let index = index(position), let string = stack.convertibleString(at: index) else {
      throw typeError(position, "string")
    }
    if charging { stack.charge(copiedBytes: string.utf8.count) }
    return string
  }

  /// Argument `position` as a string, or `nil` when it is absent or `nil`.
  public func optionalString(_ position: Int, charging: Bool = true) throws(LuaCallError) -> String? {
    if isNil(position) { return nil }
    return try string(position, charging: charging)
  }

  /// Argument `position` as the bytes of a string (a number converts).
  public func bytes(_ position: Int) throws(LuaCallError) -> [UInt8] {
    guard let index = index(position), let bytes = stack.bytes(at: index) else { throw typeError(position, "string") }
    stack.charge(copiedBytes: bytes.count)
    return bytes
  }

  /// Argument `position` as an integer (a float with an exact integer value converts).
  public func integer(_ position: Int) throws(LuaCallError) -> Int {
    guard let index = index(position) else { throw typeError(position, "number") }
    if let integer = stack.integer(at: index) { return integer }
    if stack.number(at: index) != nil { throw .argument(position, "number has no integer representation") }
    throw typeError(position, "number")
  }

  /// Argument `position` as an integer, or `nil` when it is absent or `nil`.
  public func optionalInteger(_ position: Int) throws(LuaCallError) -> Int? {
    if isNil(position) { return nil }
    return try integer(position)
  }

  /// Argument `position` as a number.
  public func number(_ position: Int) throws(LuaCallError) -> Double {
    guard let index = index(position), let number = stack.number(at: index) else {
      throw typeError(position, "number")
    }
    return number
  }

  /// Argument `position` as a number, or `nil` when it is absent or `nil`.
  public func optionalNumber(_ position: Int) throws(LuaCallError) -> Double? {
    if isNil(position) { return nil }
    return try number(position)
  }

  /// Argument `position` as a reference to a table.
  public func table(_ position: Int) throws(LuaCallError) -> LuaTable {
    guard let index = index(position), stack.type(at: index) == .table else { throw typeError(position, "table") }
    return LuaTable(stack.reference(at: index))
  }

  /// Argument `position` as a reference to a table, or `nil` when it is absent or `nil`.
  public func optionalTable(_ position: Int) throws(LuaCallError) -> LuaTable? {
    if isNil(position) { return nil }
    return try table(position)
  }

  /// Argument `position` as a reference to a function, to call now or keep for later.
  public func function(_ position: Int) throws(LuaCallError) -> LuaFunction {
    guard let index = index(position), stack.type(at: index) == .function else {
      throw typeError(position, "function")
    }
    return LuaFunction(stack.reference(at: index))
  }

  /// Argument `position` as a reference to a function, or `nil` when it is absent or `nil`.
  public func optionalFunction(_ position: Int) throws(LuaCallError) -> LuaFunction? {
    if isNil(position) { return nil }
    return try function(position)
  }

  /// Argument `position` as the Swift object of a userdata of `type`.
  public func object<Object>(_ position: Int, of type: LuaObjectType<Object>) throws(LuaCallError) -> Object {
    guard let index = index(position), let object = stack.object(at: index, type: type.box) else {
      throw typeError(position, type.name)
    }
    return unsafeDowncast(object, to: Object.self)
  }

  /// Argument `position` as the Swift object of a userdata of `type`, or nil when it is anything else.
  public func optionalObject<Object>(_ position: Int, of type: LuaObjectType<Object>) -> Object? {
    guard let index = index(position), let object = stack.object(at: index, type: type.box) else { return nil }
    return unsafeDowncast(object, to: Object.self)
  }

  /// Lua's `tostring` of argument `position` (runs `__tostring`, so it may fail like Lua code).
  public func describe(_ position: Int) throws(LuaError) -> String {
    guard let index = index(position) else { return "nil" }
    return try stack.describe(at: index)
  }

  /// The `chunk:line` of the Lua code at `level` (1: the code that called this function), if known.
  public func location(level: Int = 1) -> LuaLocation? {
    stack.location(level: level)
  }

  private func typeError(_ position: Int, _ expected: String) -> LuaCallError {
    .argument(position, "\(expected) expected, got \(typeName(position))")
  }
}
