/// A ``LuaObjectType`` with its object type erased, as C holds it (by unretained pointer).
final class LuaObjectTypeBox: Sendable {
  typealias Method = @Sendable (AnyObject, inout LuaCall) throws -> Void

  let name: String
  let methodNames: [String]
  let methods: [Method]
  let methodIndex: [String: Int]
  let index: Method?
  let newIndex: Method?
  let toString: (@Sendable (AnyObject) -> String)?
  let length: (@Sendable (AnyObject) -> Int)?
  let call: Method?
  let equal: (@Sendable (AnyObject, AnyObject) -> Bool)?
  /// The optional metamethods present, as C flags.
  let metamethods: Int32

  init(
    name: String, methods: [String: Method], index: Method?, newIndex: Method?,
    toString: (@Sendable (AnyObject) -> String)?, length: (@Sendable (AnyObject) -> Int)?,
    call: Method?, equal: (@Sendable (AnyObject, AnyObject) -> Bool)?
  ) {
    self.name = name
    methodNames = methods.keys.sorted()
    self.methods = methodNames.compactMap { methods[$0] }
    methodIndex = Dictionary(uniqueKeysWithValues: methodNames.enumerated().map { ($1, $0) })
    self.index = index
    self.newIndex = newIndex
    self.toString = toString
    self.length = length
    self.call = call
    self.equal = equal
    metamethods = LuaStack.metamethodFlags(
      toString: toString != nil, length: length != nil, call: call != nil, equal: equal != nil)
  }
}
