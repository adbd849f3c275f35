/// A Swift value the bridge can push onto a Lua stack as exactly one Lua value.
///
/// Plain values (``LuaValue``, `String`, `Int`, `Double`, `Bool`, optionals, arrays and
/// dictionaries of pushable values) are copied; ``LuaTable``, ``LuaFunction`` and ``LuaObject``
/// push the value they refer to. A type of your own conforms by pushing one of those.
public protocol LuaPushable {
  /// Pushes this value onto `stack`; MUST push exactly one value.
  func push(onto stack: LuaStack)
}

// MARK: - Plain values

extension LuaValue: LuaPushable {
  /// Pushes the value (tables deeply; `nil` and NaN keys, which Lua tables cannot hold, are skipped).
  public func push(onto stack: LuaStack) { stack.pushValue(self) }
}

extension String: LuaPushable {
  /// Pushes the string's UTF-8 bytes.
  public func push(onto stack: LuaStack) { stack.pushString(self) }
}

extension Int: LuaPushable {
  /// Pushes an integer.
  public func push(onto stack: LuaStack) { stack.pushInteger(self) }
}

extension Double: LuaPushable {
  /// Pushes a float.
  public func push(onto stack: LuaStack) { stack.pushNumber(self) }
}

extension Bool: LuaPushable {
  /// Pushes a boolean.
  public func push(onto stack: LuaStack) { stack.pushBoolean(self) }
}

extension Optional: LuaPushable where Wrapped: LuaPushable {
  /// Pushes the wrapped value, or `nil`.
  public func push(onto stack: LuaStack) {
    switch self {
    case .some(let value): value.push(onto: stack)
    case .none: stack.pushValue(.nil)
    }
  }
}

extension Array: LuaPushable where Element: LuaPushable {
  /// Pushes a new list: a table with keys `1...n`.
  public func push(onto stack: LuaStack) { stack.pushList(self) }
}

extension Dictionary: LuaPushable where Key: LuaPushable, Value: LuaPushable {
  /// Pushes a new table (`nil` and NaN keys, which Lua tables cannot hold, are skipped).
  public func push(onto stack: LuaStack) {
    stack.pushTable(count: count) { stack in
      for (key, value) in self { stack.setInTable(key, value) }
    }
  }
}
