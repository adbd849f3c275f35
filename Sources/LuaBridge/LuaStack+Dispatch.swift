// Calls from C into Swift: every Swift function and object metamethod Lua calls arrives here.
// The rules at the top of LuaStack.swift apply: errors leave as CLUA_RAISE codes, never as longjmps.
internal import CLua
internal import CLuaShim

// MARK: - Entry points

extension LuaStack {
  static let dispatch: clua_Dispatch = { L, event, target, object, index in
    guard let L, let host = clua_host(L) else { return 0 }
    let stack = LuaStack(L, Unmanaged<LuaState>.fromOpaque(host).takeUnretainedValue())
    return stack.dispatch(event: event, target: target, object: object, index: Int(index))
  }

  static let release: clua_Release = { object in
    guard let object else { return }
    Unmanaged<AnyObject>.fromOpaque(object).release()
  }

  static let retain: @convention(c) (UnsafeMutableRawPointer?) -> Void = { object in
    guard let object else { return }
    _ = Unmanaged<AnyObject>.fromOpaque(object).retain()
  }
}

// MARK: - Events

extension LuaStack {
  private func dispatch(
    event: Int32, target: UnsafeMutableRawPointer?, object: UnsafeMutableRawPointer?, index: Int
  ) -> Int32 {
    if event == CLUA_EVENT_WARN {
      guard let object else { return 0 }
      state.warningHandler?(String(cString: object.assumingMemoryBound(to: CChar.self)))
      return 0
    }
    guard let target else { return 0 }
    if event == CLUA_EVENT_CALL {
      return run(Unmanaged<LuaFunctionBox>.fromOpaque(target).takeUnretainedValue().body)
    }
    let type = Unmanaged<LuaObjectTypeBox>.fromOpaque(target).takeUnretainedValue()
    if event == CLUA_EVENT_METHOD {
      return run { call in
        guard let instance = call.stack.object(at: 1, type: type) else {
          // The usual cause: `object.method()` where Lua wants `object:method()`.
          throw LuaCallError.argument(
            1, "\(type.name) expected, got \(call.typeName(1)); call methods with ':', as in object:\(type.methodNames[index])(…)")
        }
        try type.methods[index](instance, &call)
      }
    }
    guard let object else { return 0 }
    let instance = Unmanaged<AnyObject>.fromOpaque(object).takeUnretainedValue()
    switch event {
    case CLUA_EVENT_INDEX:
      if let key = lossyString(at: 2), let method = type.methodIndex[key] {
        pushMethod(of: target, index: method)
        return 1
      }
      guard let index = type.index else { return 0 }
      return run { try index(instance, &$0) }
    case CLUA_EVENT_NEWINDEX:
      guard let newIndex = type.newIndex else {
        let member = lossyString(at: 2).map { "member '\($0)'" } ?? "a \(typeName(at: 2)) key"
        return run { _ in throw LuaCallError.message("cannot assign to \(member) of \(type.name)") }
      }
      return run { try newIndex(instance, &$0) }
    case CLUA_EVENT_TOSTRING:
      pushString(type.toString?(instance) ?? type.name)
      return 1
    case CLUA_EVENT_LEN:
      pushInteger(type.length?(instance) ?? 0)
      return 1
    case CLUA_EVENT_CALLOBJECT:
      guard let call = type.call else { return 0 }
      return run { try call(instance, &$0) }
    case CLUA_EVENT_EQ:
      guard let other = self.object(at: 2, type: type), let equal = type.equal else { return 0 }
      pushBoolean(equal(instance, other))
      return 1
    default:
      return 0
    }
  }

  /// Runs a Swift function body; returns its result count, or the code that makes C raise its error.
  private func run(_ body: (inout LuaCall) throws -> Void) -> Int32 {
    var call = LuaCall(stack: self)
    do {
      try body(&call)
      return call.resultCount
    } catch {
      return raise(error)
    }
  }

  private func raise(_ error: any Error) -> Int32 {
    switch error {
    case LuaCallError.message(let message):
      pushString(message)
      return CLUA_RAISE
    case LuaCallError.argument(let position, let message):
      pushInteger(position)
      pushString(message)
      return CLUA_RAISE_ARGUMENT
    case LuaCallError.value(let value):
      pushValue(value)
      return CLUA_RAISE_VALUE
    case LuaCallError.record(let record):
      record.asLuaObject.push(onto: self)
      return CLUA_RAISE_VALUE
    case let error as LuaError:  // from a call back into Lua: raised again as it came
      if let record = error.record {
        record.asLuaObject.push(onto: self)
      } else if let value = error.value {
        pushValue(value)
      } else {
        pushString(error.message)
      }
      return CLUA_RAISE_VALUE
    default:
      pushString(String(describing: error))
      return CLUA_RAISE
    }
  }
}
