/// How Lua sees instances of a Swift class: a type name, methods and metamethods written in Swift.
///
/// Define a type once and share it between states (it is `Sendable`); push instances with
/// ``wrap(_:)`` or ``wrap(_:key:)``. Lua sees each object as a userdata with a protected metatable
/// (`getmetatable` gives `false`): pushing the same object (or key) again gives the same userdata while it is alive, and
/// the object is released exactly once, when Lua collects the userdata or the state closes.
///
/// Members are looked up in `methods` first (each method closure is created once per state and
/// cached); any other key goes to `index`, or reads `nil` without it. Writes go to `newIndex`,
/// or fail with `cannot assign to member 'x' of T` without it.
public struct LuaObjectType<Object: AnyObject>: Sendable {
  /// A method or metamethod: the object, then the call (the object is argument 1, as in Lua).
  public typealias Method = @Sendable (Object, inout LuaCall) throws -> Void

  let box: LuaObjectTypeBox

  /// Creates a type; `index` gets the key as argument 2, `newIndex` the key and the value as 2 and 3.
  public init(
    name: String,
    methods: [String: Method] = [:],
    index: Method? = nil,
    newIndex: Method? = nil,
    toString: (@Sendable (Object) -> String)? = nil,
    length: (@Sendable (Object) -> Int)? = nil,
    call: Method? = nil,
    equal: (@Sendable (Object, Object) -> Bool)? = nil
  ) {
    box = LuaObjectTypeBox(
      name: name,
      methods: methods.mapValues(Self.erase),
      index: index.map(Self.erase),
      newIndex: newIndex.map(Self.erase),
      toString: toString.map(Self.erase),
      length: length.map(Self.erase),
      call: call.map(Self.erase),
      equal: equal.map(Self.erase)
    )
  }

  private static func erase(_ method: @escaping Method) -> LuaObjectTypeBox.Method {
    { object, call in try method(unsafeDowncast(object, to: Object.self), &call) }
  }

  private static func erase<Result>(_ function: @escaping @Sendable (Object) -> Result) -> @Sendable (AnyObject) -> Result {
    { object in function(unsafeDowncast(object, to: Object.self)) }
  }

  private static func erase(
    _ equal: @escaping @Sendable (Object, Object) -> Bool
  ) -> @Sendable (AnyObject, AnyObject) -> Bool {
    { equal(unsafeDowncast($0, to: Object.self), unsafeDowncast($1, to: Object.self)) }
  }

  /// The type name (`__name`), used in messages such as `Alert expected, got nil`.
  public var name: String { box.name }

  /// The method names, sorted (for "did you mean" suggestions).
  public var methodNames: [String] { box.methodNames }

  /// `object` as a value to push: its userdata of this type, the same while it is alive.
  public func wrap(_ object: Object) -> LuaObject {
    LuaObject(object: object, type: box, key: Int(bitPattern: UInt(bitPattern: ObjectIdentifier(object))))
  }

  /// The userdata of this type that `key` names: while one is alive it is pushed again and `object`
  /// is dropped, so objects that are views of one entity (equal keys) are one userdata to Lua.
  public func wrap(_ object: Object, key: Int) -> LuaObject {
    LuaObject(object: object, type: box, key: key)
  }
}
