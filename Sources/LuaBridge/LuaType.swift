/// The type of a value on the Lua stack, as `lua_type` reports it.
public enum LuaType: Sendable {
  /// No value: a position past the last argument.
  case none
  /// `nil`.
  case `nil`
  /// A boolean.
  case boolean
  /// A number (integer or float).
  case number
  /// A string.
  case string
  /// A table.
  case table
  /// A Lua or C function.
  case function
  /// A userdata, a light userdata or a coroutine.
  case other
}
