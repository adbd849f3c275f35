import LuaBridge
import Testing

@Suite("Swift functions")
struct LuaFunctionTests {
  /// A state with `tap(label)` (returns the label's length) and `fail(message)` (raises it).
  func makeState() -> LuaState {
    let state = LuaState()
    state.globals.rawSet("tap", state.makeFunction { call in
      call.push(try call.string(1).count)
    })
    state.globals.rawSet("fail", state.makeFunction { call in
      throw LuaCallError.message(try call.string(1))
    })
    return state
  }

  @Test("a Swift function is called with arguments and returns results")
  func callsAndResults() throws {
    let state = LuaState()
    state.globals.rawSet("divmod", state.makeFunction { call in
      let (a, b) = (try call.integer(1), try call.integer(2))
      call.push(a / b)
      call.push(a % b)
    })
    #expect(try state.run("return divmod(17, 5)") == [3, 2])
  }

  @Test("a Swift error reaches Lua as a normal error with file:line")
  func errorsCarryPosition() throws {
    let state = makeState()
    let error = try #require(throws: LuaError.self) {
      try state.run("local x = 1\nfail('boom')", chunkName: "@scenarios/a.lua")
    }
    #expect(error.kind == .runtime)
    #expect(error.message == "scenarios/a.lua:2: boom")
    #expect(error.location == LuaLocation(chunk: "scenarios/a.lua", line: 2))
    #expect(error.traceback?.contains("[C]: in function 'fail'") == true)
    let caught = try state.run("local ok, e = pcall(function() fail('again') end)\nreturn ok, e", chunkName: "@b.lua")
    #expect(caught == [false, "b.lua:1: again"])
  }

  @Test(
    "argument errors read like lauxlib's",
    arguments: [
      ("tap(nil)", "t.lua:1: bad argument #1 to 'tap' (string expected, got nil)"),
      ("tap()", "t.lua:1: bad argument #1 to 'tap' (string expected, got no value)"),
      ("tap({})", "t.lua:1: bad argument #1 to 'tap' (string expected, got table)"),
      ("local t = { tap = tap }; t.tap(true)", "t.lua:1: bad argument #1 to 'tap' (string expected, got boolean)"),
      ("local t = { tap = tap }; t:tap()", "t.lua:1: calling 'tap' on bad self (string expected, got table)"),
    ])
  func argumentErrors(code: String, message: String) throws {
    let state = makeState()
    let error = try #require(throws: LuaError.self) { try state.run(code, chunkName: "@t.lua") }
    #expect(error.message == message)
  }

  @Test("numbers convert where lauxlib converts them")
  func conversions() throws {
    let state = LuaState()
    state.globals.rawSet("check", state.makeFunction { call in
      call.push(try call.string(1))
      call.push(try call.integer(2))
      call.push(try call.number(3))
      call.push(try call.optionalString(4))
    })
    let results = try state.run("return check(12, '7', '2.5')")
    #expect(results == ["12", 7, 2.5, nil])
    let error = try #require(throws: LuaError.self) { try state.run("check('a', 1.5, 1)", chunkName: "=c") }
    #expect(error.message == "c:1: bad argument #2 to 'check' (number has no integer representation)")
  }

  @Test("other Swift errors are raised as their description")
  func foreignErrors() throws {
    struct Unreadable: Error, CustomStringConvertible { var description: String { "cannot read Info.plist" } }
    let state = LuaState()
    state.globals.rawSet("install", state.makeFunction { _ in throw Unreadable() })
    let error = try #require(throws: LuaError.self) { try state.run("install()", chunkName: "=s") }
    #expect(error.message == "s:1: cannot read Info.plist")
  }

  @Test("a table raised by Swift comes back with its fields")
  func tableErrors() throws {
    let state = LuaState()
    state.globals.rawSet("expect_fail", state.makeFunction { call in
      let location = call.location()
      throw LuaCallError.value([
        "kind": "expectation", "message": "expected 1, got 2",
        "chunk": .string(location?.chunk ?? "?"), "line": .integer(location?.line ?? 0),
      ])
    })
    let error = try #require(throws: LuaError.self) {
      try state.run("\n\nexpect_fail()", chunkName: "@spec.lua")
    }
    #expect(error.kind == .runtime)
    #expect(error.value?["kind"] == "expectation")
    #expect(error.value?["line"] == 3)
    #expect(error.value?["chunk"] == "spec.lua")
    #expect(error.message == "(error object is a table value)")
    #expect(error.location == LuaLocation(chunk: "spec.lua", line: 3))
    let inLua = try state.run("local ok, e = pcall(expect_fail); return type(e), e.kind")
    #expect(inLua == ["table", "expectation"])
  }

  @Test("failing 100,000 times inside pcall leaks no Swift object")
  func noLeaksOnErrors() throws {
    let counter = LiveCounter()
    do {
      let state = LuaState()
      state.globals.rawSet("fail", state.makeFunction { call in
        let tracked = Tracked(counter)
        throw LuaCallError.message("boom #\(try call.integer(1)) \(tracked.payload.count)")
      })
      let failures = try state.run("""
        local failures = 0
        for i = 1, 100000 do
          local ok, message = pcall(fail, i)
          if not ok and message == "boom #" .. i .. " 16" then failures = failures + 1 end
        end
        return failures
        """)
      #expect(failures == [100_000])
      #expect(counter.created == 100_000)
      #expect(counter.live == 0)
    }
    #expect(counter.live == 0)
  }

  @Test("a function's captured context is released once Lua collects it, or at close")
  func closureLifetime() throws {
    let counter = LiveCounter()
    let state = LuaState()
    do {
      let tracked = Tracked(counter)
      state.globals.rawSet("keep", state.makeFunction { call in call.push(tracked.payload.count) })
      let temporary = Tracked(counter)
      _ = state.makeFunction { call in call.push(temporary.payload.count) }
    }
    #expect(counter.live == 2)
    try state.run("collectgarbage()")
    #expect(counter.live == 1)
    #expect(try state.run("return keep()") == [16])
    _ = consume state
    #expect(counter.live == 0)
  }

  @Test("Lua can call Swift that calls Lua back (re-entrancy), errors included")
  func reentrancy() throws {
    let state = LuaState()
    state.globals.rawSet("apply", state.makeFunction { call in
      let function = try call.function(1)
      for value in try call.state.call(function, call.value(2)) { call.push(value) }
    })
    state.globals.rawSet("attempt", state.makeFunction { call in
      let function = try call.function(1)
      do throws(LuaError) {
        try call.state.call(function)
        call.push("no error")
      } catch {
        call.push(error.kind.rawValue)
        call.push(error.message)
      }
    })
    #expect(try state.run("return apply(function(x) return x * 2, apply(function(y) return y + 1 end, x) end, 20)")
      == [40, 21])
    #expect(try state.run("return attempt(function() error('inner', 0) end)", chunkName: "=r") == ["runtime", "inner"])
    let error = try #require(throws: LuaError.self) {
      try state.run("apply(function() error({ code = 7 }) end)", chunkName: "=r")
    }
    #expect(error.value?["code"] == 7)
  }

  @Test("a Lua function kept by Swift can be called later")
  func storedFunctions() throws {
    let state = LuaState()
    var handler: LuaFunction?
    state.globals.rawSet("on_prompt", state.makeFunction { call in handler = try call.optionalFunction(1) })
    try state.run("local n = 0; on_prompt(function(label) n = n + 1; return label .. n end)")
    let stored = try #require(handler)
    #expect(try state.call(stored, "tap") == ["tap1"])
    #expect(try state.call(stored, "tap") == ["tap2"])
    try state.run("on_prompt(function() error('handler failed') end)", chunkName: "=p")
    let failing = try #require(handler)
    let error = try #require(throws: LuaError.self) { try state.call(failing) }
    #expect(error.message == "p:1: handler failed")
  }

  @Test("Swift functions work inside coroutines, calling back into Lua there")
  func coroutines() throws {
    let state = LuaState()
    state.globals.rawSet("twice", state.makeFunction { call in
      let function = try call.function(1)
      try call.state.call(function)
      try call.state.call(function)
    })
    let results = try state.run("""
      local log = {}
      local co = coroutine.wrap(function()
        twice(function() log[#log + 1] = coroutine.isyieldable() end)
        coroutine.yield("yielded")
        local ok, e = pcall(twice, function() coroutine.yield() end)
        return e
      end)
      return co(), co(), #log
      """, chunkName: "=co")
    #expect(results == ["yielded", "attempt to yield across a C-call boundary", 2])
  }

  @Test("a Swift print can use Lua's tostring, __tostring included")
  func describing() throws {
    let state = LuaState()
    var printed: [String] = []
    state.globals.rawSet("print", state.makeFunction { call in
      var parts: [String] = []
      for position in 1...max(call.argumentCount, 1) where call.argumentCount > 0 {
        parts.append(try call.describe(position))
      }
      printed.append(parts.joined(separator: "\t"))
    })
    try state.run("print(1, 2.0, nil, 'x', setmetatable({}, { __tostring = function() return 'custom' end }))")
    #expect(printed == ["1\t2.0\tnil\tx\tcustom"])
    let error = try #require(throws: LuaError.self) {
      try state.run("print(setmetatable({}, { __tostring = function() error('bad tostring', 0) end }))")
    }
    #expect(error.message == "bad tostring")
  }
}
