import LuaBridge
import PermissionModel

/// The members of one bound type, the single place they are declared (Lua's `luaL_Reg`, with types and versions).
///
/// From the rows come the type's `__index` and `__newindex`, its "has no member … (did you mean …?)"
/// errors, the version gating ("… needs iOS 14.0; this device runs iOS 13.0"), the REPL's
/// completion and `help`, and its LuaLS definitions (`Examples/types/permsim.lua`, checked by a test).
/// Lua objects of the type are views: each holds only which model entity it shows (`key`), and the
/// same entity is the same userdata while one is alive.
struct MemberTable<Object: AnyObject>: Sendable {
  /// The type's name in Lua and in messages (`CLLocationManager`).
  let name: String
  /// One line: what the type is.
  let summary: String
  let members: [Member<Object>]
  /// The entity an object shows, unique among the type's objects in one session.
  let key: @Sendable (Object) -> Int
  /// The iOS version whose members the object has (its device's), for gating; nil: no gating.
  let version: @Sendable (Object) -> OSVersion?
  /// What `tostring` shows.
  let describe: @Sendable (Object) -> String
  /// The userdata type built from the rows.
  let objectType: LuaObjectType<Object>
  private let _index: [String: Int]

  init(
    _ name: String, _ summary: String, key: @escaping @Sendable (Object) -> Int,
    version: @escaping @Sendable (Object) -> OSVersion? = { _ in nil },
    describe: @escaping @Sendable (Object) -> String, members: [Member<Object>]
  ) {
    self.name = name
    self.summary = summary
    self.members = members
    self.key = key
    self.version = version
    self.describe = describe
    let index = Dictionary(uniqueKeysWithValues: members.enumerated().map { ($1.name, $0) })
    _index = index
    let names = members.map(\.name)
    var methods: [String: LuaObjectType<Object>.Method] = [:]
    for member in members {
      guard case .method(let body) = member.access else { continue }
      methods[member.name] = { object, call in
        try Self.gate(member, object, name: name, version: version)
        try body(object, &call)
      }
    }
    objectType = LuaObjectType(
      name: name,
      methods: methods,
      index: { object, call in
        let key = try Self.key(call, of: name)
        guard let position = index[key] else { throw Self.unknown(key, of: name, among: names) }
        let member = members[position]
        switch member.access {
        case .property(let get, _):
          try Self.gate(member, object, name: name, version: version)
          try get(object, &call)
        case .lua:
          guard let function = try call.session.engine.luaMethods[name]?[key] else {
            throw LuaCallError.message("\(name).\(key) is missing from the prelude")
          }
          call.push(function)
        case .method:
          // The bridge finds Swift methods before `__index` runs.
          throw LuaCallError.message("\(key) is a method of \(name): call it with ':'")
        }
      },
      newIndex: { object, call in
        let key = try Self.key(call, of: name)
        guard let position = index[key] else { throw Self.unknown(key, of: name, among: names) }
        let member = members[position]
        guard case .property(_, let set?) = member.access else {
          if member.isMethod { throw LuaCallError.message("cannot assign to \(key): it is a method of \(name)") }
          let hint = member.readOnlyHint.map { ": \($0)" } ?? ""
          throw LuaCallError.message("\(key) of \(name) is read-only\(hint)")
        }
        try Self.gate(member, object, name: name, version: version)
        try set(object, &call)
      },
      toString: describe
    )
  }

  /// `object` as a value to push: the userdata of its entity.
  func wrap(_ object: Object) -> LuaObject {
    objectType.wrap(object, key: key(object))
  }

  /// The member named `name`, if there is one.
  func member(_ name: String) -> Member<Object>? {
    _index[name].map { members[$0] }
  }

  /// The members' names, in the table's order.
  var names: [String] { members.map(\.name) }

  // MARK: - Messages

  /// The key of an `__index` or `__newindex` call (argument 2), which must be a string.
  private static func key(_ call: LuaCall, of type: String) throws -> String {
    guard call.type(2) == .string else {
      throw LuaCallError.message("\(type) has no member \(call.value(2)) (members are names)")
    }
    return try call.string(2)
  }

  /// `Alert has no member tapp (did you mean tap?)`.
  static func unknown(_ key: String, of type: String, among names: [String]) -> LuaCallError {
    let hint = Spelling.closest(to: key, in: names).map { " (did you mean \($0)?)" } ?? ""
    return .message("\(type) has no member \(key)\(hint)")
  }

  /// Refuses a member the object's iOS version does not have yet.
  private static func gate(
    _ member: Member<Object>, _ object: Object, name: String, version: (Object) -> OSVersion?
  ) throws {
    guard let since = member.since, let installed = version(object), installed < since else { return }
    throw LuaCallError.message("\(member.name) needs iOS \(since); this device runs iOS \(installed)")
  }
}

/// A bound type's table with its object type erased: what `help`, completion and the definitions read.
struct MemberTableDescription: Sendable {
  let name: String
  let summary: String
  let members: [(name: String, isMethod: Bool, since: OSVersion?, summary: String, type: String?, parameters: [MemberParameter])]
}

extension MemberTable {
  /// The table without its closures.
  var description: MemberTableDescription {
    MemberTableDescription(
      name: name, summary: summary,
      members: members.map { ($0.name, $0.isMethod, $0.since, $0.summary, $0.type, $0.parameters) })
  }
}
