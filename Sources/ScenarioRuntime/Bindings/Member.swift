import LuaBridge
import PermissionModel

/// One member of a bound type as Lua sees it: a property or a method, its documentation and the version that introduced it.
///
/// A member is a row of its type's ``MemberTable``; the table makes the Lua dispatch, the errors,
/// the version gating, the REPL's completion and the LuaLS definitions from its rows.
struct Member<Object: AnyObject>: Sendable {
  typealias Body = @Sendable (Object, inout LuaCall) throws -> Void

  /// How Lua reaches the member.
  enum Access {
    /// A property: `get` pushes its value; `set`, when writable, reads the new value (argument 3).
    case property(get: Body, set: Body?)
    /// A method written in Swift (`self` is argument 1).
    case method(Body)
    /// A method written in the prelude (`host.methods[type][name]`), such as `expect_callback`.
    case lua
  }

  let name: String
  let access: Access
  /// The first iOS version that has the member; nil when every supported version has it.
  let since: OSVersion?
  /// One line for `help`, hover text and the API reference.
  let summary: String
  /// A property's LuaLS type, or a method's return type (nil: returns nothing).
  let type: String?
  let parameters: [MemberParameter]
  /// For a read-only property: how to change it instead (appended to the error of an assignment).
  let readOnlyHint: String?

  /// A read-only property.
  static func property(
    _ name: String, _ type: String, since: OSVersion? = nil, _ summary: String, hint: String? = nil,
    get: @escaping Body
  ) -> Member {
    Member(
      name: name, access: .property(get: get, set: nil), since: since, summary: summary, type: type, parameters: [],
      readOnlyHint: hint)
  }

  /// A property that can be assigned.
  static func property(
    _ name: String, _ type: String, since: OSVersion? = nil, _ summary: String, get: @escaping Body, set: @escaping Body
  ) -> Member {
    Member(
      name: name, access: .property(get: get, set: set), since: since, summary: summary, type: type, parameters: [],
      readOnlyHint: nil)
  }

  /// A method written in Swift, without parameters.
  static func method(
    _ name: String, returns type: String? = nil, since: OSVersion? = nil, _ summary: String, body: @escaping Body
  ) -> Member {
    method(name, [], returns: type, since: since, summary, body: body)
  }

  /// A method written in Swift.
  static func method(
    _ name: String, _ parameters: [MemberParameter], returns type: String? = nil, since: OSVersion? = nil,
    _ summary: String, body: @escaping Body
  ) -> Member {
    Member(
      name: name, access: .method(body), since: since, summary: summary, type: type, parameters: parameters,
      readOnlyHint: nil)
  }

  /// A method written in the prelude, without parameters.
  static func lua(_ name: String, returns type: String? = nil, _ summary: String) -> Member {
    lua(name, [], returns: type, summary)
  }

  /// A method written in the prelude.
  static func lua(_ name: String, _ parameters: [MemberParameter], returns type: String? = nil, _ summary: String) -> Member {
    Member(
      name: name, access: .lua, since: nil, summary: summary, type: type, parameters: parameters, readOnlyHint: nil)
  }

  var isMethod: Bool {
    if case .property = access { false } else { true }
  }
}

/// A parameter of a method, for the definitions and `help`.
struct MemberParameter: Sendable {
  let name: String
  /// The LuaLS type, such as `string` or `boolean?`.
  let type: String
  let summary: String

  init(_ name: String, _ type: String, _ summary: String = "") {
    self.name = name
    self.type = type
    self.summary = summary
  }
}
