/// A registry slot that keeps one Lua value alive for the host, freed when the last handle goes.
final class LuaReference {
  weak var state: LuaState?
  let slot: Int32

  init(state: LuaState, slot: Int32) {
    self.state = state
    self.slot = slot
  }

  deinit {
    state?.release(slot: slot)
  }

  /// The stack to work on: the current thread of the state this value lives in.
  var stack: LuaStack {
    guard let state else { preconditionFailure("a Lua reference MUST NOT be used after its state is gone") }
    return LuaStack.current(state)
  }
}
