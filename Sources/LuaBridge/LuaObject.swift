/// A Swift object to push as a userdata of its ``LuaObjectType`` (see ``LuaObjectType/wrap(_:)``).
public struct LuaObject: LuaPushable {
  let object: AnyObject
  let type: LuaObjectTypeBox
  let key: Int

  /// Pushes the userdata of the object's key (the same one while it is alive).
  public func push(onto stack: LuaStack) {
    stack.pushObject(object, type: type, key: key)
  }
}
