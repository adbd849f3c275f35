/// An error a Swift function raises in Lua, once its frame has returned.
public enum LuaCallError: Error {
  /// Raises `message` prefixed with the calling code's position, as `error(message)` would.
  case message(String)
  /// Raises lauxlib's `bad argument #n to 'f' (message)` (`n` counts `self` as lauxlib does).
  case argument(Int, String)
  /// Raises `value` as is, for example a table describing a failed expectation.
  case value(LuaValue)
  /// Raises a typed record (its userdata), which comes back whole in ``LuaError/record``.
  case record(any LuaErrorRecord)
}
