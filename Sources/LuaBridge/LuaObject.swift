/// A Swift object to push as a userdata of its ``LuaObjectType`` (see ``LuaObjectType/wrap(_:)``).
public struct LuaObject: LuaPushable {
  let object: AnyObject
  let type: LuaObjectTypeBox

  /// Pushes the object's userdata (the same one while it is alive).
  public func push(onto stack: LuaStack) {
    stack.pushObject(object, type: type)
  }
}
