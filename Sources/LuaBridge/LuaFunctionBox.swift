/// The Swift half of a function Lua can call; the Lua closure's userdata keeps it retained.
final class LuaFunctionBox {
  let body: LuaFunctionBody

  init(_ body: @escaping LuaFunctionBody) {
    self.body = body
  }
}
