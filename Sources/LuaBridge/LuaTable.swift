/// A Lua table the host holds by reference, to build it or read it.
///
/// The `raw` operations ignore metatables and never fail; ``get(_:)`` and ``set(_:_:)`` run
/// metamethods (which are Lua code) under protection and throw their errors.
public struct LuaTable: LuaPushable {
  let reference: LuaReference

  init(_ reference: LuaReference) {
    self.reference = reference
  }

  /// Pushes the table.
  public func push(onto stack: LuaStack) {
    stack.pushReference(reference)
  }

  /// Runs `body` with the table pushed at the top of the current stack (at index `table`).
  private func withTable<Result, Failure>(
    _ body: (_ stack: LuaStack, _ table: Int32) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let stack = reference.stack
    return try stack.balanced { () throws(Failure) -> Result in
      stack.pushReference(reference)
      return try body(stack, stack.top)
    }
  }
}

// MARK: - Raw access

extension LuaTable {
  /// The field `key`, raw, copied as a value.
  public subscript(key: String) -> LuaValue {
    rawGet(key)
  }

  /// `table[key]`, raw, copied as a value (subtables deeply).
  public func rawGet(_ key: some LuaPushable) -> LuaValue {
    withTable { stack, table in
      stack.rawGet(at: table, key)
      return stack.value(at: -1)
    }
  }

  /// Sets `table[key] = value`, raw (`nil` and NaN keys, which Lua tables cannot hold, are ignored).
  public func rawSet(_ key: some LuaPushable, _ value: some LuaPushable) {
    withTable { stack, table in stack.rawSet(at: table, key, value) }
  }

  /// Appends `value` after the last element (at `rawLength + 1`).
  public func append(_ value: some LuaPushable) {
    withTable { stack, table in stack.rawSet(at: table, stack.rawLength(at: table) + 1, value) }
  }

  /// The raw length (`#` without `__len`).
  public var rawLength: Int {
    withTable { stack, table in stack.rawLength(at: table) }
  }

  /// The subtable at `key` (raw) by reference, or `nil` if that field is not a table.
  public func table(_ key: some LuaPushable) -> LuaTable? {
    withTable { stack, table in
      stack.rawGet(at: table, key)
      return stack.type(at: -1) == .table ? LuaTable(stack.reference(at: -1)) : nil
    }
  }

  /// The function at `key` (raw) by reference, or `nil` if that field is not a function.
  public func function(_ key: some LuaPushable) -> LuaFunction? {
    withTable { stack, table in
      stack.rawGet(at: table, key)
      return stack.type(at: -1) == .function ? LuaFunction(stack.reference(at: -1)) : nil
    }
  }

  /// The whole table copied as a value (raw, deeply).
  public var value: LuaValue {
    withTable { stack, table in stack.value(at: table) }
  }
}

// MARK: - Access with metamethods

extension LuaTable {
  /// `table[key]` as Lua code reads it (`__index` runs, protected).
  public func get(_ key: some LuaPushable) throws(LuaError) -> LuaValue {
    try withTable { (stack, table) throws(LuaError) in
      try stack.get(at: table, key)
      return stack.value(at: -1)
    }
  }

  /// `table[key] = value` as Lua code writes it (`__newindex` runs, protected).
  public func set(_ key: some LuaPushable, _ value: some LuaPushable) throws(LuaError) {
    try withTable { (stack, table) throws(LuaError) in try stack.set(at: table, key, value) }
  }
}
