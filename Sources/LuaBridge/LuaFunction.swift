/// A Lua function the host holds by reference, to call it later (see ``LuaState/call(_:_:)``).
public struct LuaFunction: LuaPushable {
  let reference: LuaReference

  init(_ reference: LuaReference) {
    self.reference = reference
  }

  /// Pushes the function.
  public func push(onto stack: LuaStack) {
    stack.pushReference(reference)
  }
}
