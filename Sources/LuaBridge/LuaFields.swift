/// A table of named fields built in Swift and pushed as a new Lua table, without hashing its keys in Swift first.
///
/// A ``LuaValue`` table is a Swift dictionary: every key is hashed as it is set and the dictionary is
/// walked again to push it. A record the host hands Lua (a callback, say) only needs its fields set in
/// the new table; a field set twice keeps its last value, as in Lua.
public struct LuaFields: LuaPushable {
  private var _fields: [(name: String, value: LuaValue)] = []

  /// An empty record.
  public init() {}

  /// Sets field `name`.
  public mutating func set(_ name: String, _ value: LuaValue) {
    _fields.append((name, value))
  }

  /// Pushes a new table with the fields.
  public func push(onto stack: LuaStack) {
    stack.pushTable(count: _fields.count) { stack in
      for field in _fields { stack.setInTable(field.name, field.value) }
    }
  }
}
