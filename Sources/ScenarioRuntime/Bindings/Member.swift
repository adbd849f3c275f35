import LuaBridge
import PermissionModel

/// The messages of member access on the scenario API's objects, so every object words them the same way.
enum Member {
  /// The key of an `__index` or `__newindex` call (argument 2), which must be a string.
  static func key(_ call: LuaCall, of type: String) throws -> String {
    guard call.type(2) == .string else {
      throw LuaCallError.message("\(type) has no member \(call.value(2)) (members are names, such as \(type == "CLLocationManager" ? "authorizationStatus" : "state"))")
    }
    return try call.string(2)
  }

  /// `Alert has no member tapp (did you mean tap?)`.
  static func unknown(_ key: String, of type: String, among names: [String]) -> LuaCallError {
    let hint = Spelling.closest(to: key, in: names).map { " (did you mean \($0)?)" } ?? ""
    return .message("\(type) has no member \(key)\(hint)")
  }

  /// The end of an `__index` with Lua-written methods: pushes the method named `key`, or names the closest member.
  static func luaMethod(
    _ key: String, in methods: [String: LuaFunction], of type: String, among names: [String], _ call: inout LuaCall
  ) throws {
    guard let method = methods[key] else { throw unknown(key, of: type, among: names + methods.keys.sorted()) }
    call.push(method)
  }

  /// Assigning to a member that exists but cannot be written.
  static func readOnly(_ key: String, of type: String, methods: [String]) -> LuaCallError {
    methods.contains(key)
      ? .message("cannot assign to \(key): it is a method of \(type)")
      : .message("\(key) of \(type) is read-only")
  }

  /// The `__newindex` of an object whose members cannot be assigned: names the member, or the closest one.
  ///
  /// - Parameter hints: per member, how to change it instead (appended to the message).
  static func refuseWrite(
    _ call: LuaCall, of type: String, properties: [String], methods: [String] = [], hints: [String: String] = [:]
  ) throws -> Never {
    let key = try key(call, of: type)
    guard properties.contains(key) || methods.contains(key) else {
      throw unknown(key, of: type, among: properties + methods)
    }
    if let hint = hints[key] { throw LuaCallError.message("\(key) of \(type) is read-only: \(hint)") }
    throw readOnly(key, of: type, methods: methods)
  }

  /// A new value for a Boolean member.
  static func boolean(_ call: LuaCall, for key: String) throws -> Bool {
    guard call.type(3) == .boolean else {
      throw LuaCallError.message("bad value for \(key) (boolean expected, got \(call.typeName(3)))")
    }
    return call.boolean(3)
  }
}
