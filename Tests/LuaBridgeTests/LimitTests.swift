#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LuaBridge
import Testing

@Suite("Limits")
struct LimitTests {
  /// Runs `code` in a fresh state with `options`, expecting a failure; then checks a new state works.
  func failure(_ code: String, _ options: LuaState.Options = .init()) throws -> LuaError {
    let state = LuaState(options)
    let error = try #require(throws: LuaError.self) { try state.run(code, chunkName: "@bomb.lua") }
    #expect(try LuaState(options).run("return 6 * 7") == [42])
    return error
  }

  @Test("defaults: 50 million instructions and 64 MiB per state")
  func defaults() {
    let state = LuaState()
    #expect(state.instructionLimit == 50_000_000)
    #expect(state.memoryLimit == 64 * 1024 * 1024)
    #expect(state.memoryUsed > 0 && state.memoryUsed < 200_000)
  }

  @Test("an infinite loop ends as a budget error within its budget")
  func infiniteLoop() throws {
    let state = LuaState(.init(instructionLimit: 1_000_000))
    let error = try #require(throws: LuaError.self) { try state.run("local n = 0\nwhile true do n = n + 1 end", chunkName: "@loop.lua") }
    #expect(error.kind == .budget)
    #expect(error.message == "loop.lua:2: instruction budget exceeded (1000000 instructions)")
    #expect(error.traceback != nil)
    #expect(state.instructionCount > 1_000_000 && state.instructionCount <= 1_001_000)
  }

  @Test("a loop of calls into Swift is charged a hundred instructions a call, and ends within its budget")
  func hostCallLoop() throws {
    let state = LuaState(.init(instructionLimit: 1_000_000))
    var calls = 0
    state.globals.rawSet("ping", state.makeFunction { _ in calls += 1 })
    let error = try #require(throws: LuaError.self) { try state.run("while true do ping() end", chunkName: "@ping.lua") }
    #expect(error.kind == .budget)
    // Each iteration costs a few VM instructions and one host call (100): about 10,000 calls, not 250,000.
    #expect(calls > 9_000 && calls < 10_100, "\(calls) calls")
  }

  @Test("code that catches the budget error (pcall, xpcall, coroutines) still ends")
  func catchingLoop() throws {
    let error = try failure("while true do pcall(function() while true do end end) end", .init(instructionLimit: 200_000))
    #expect(error.kind == .budget)
    let handler = try failure("while true do xpcall(function() while true do end end, function() while true do end end) end",
      .init(instructionLimit: 200_000))
    #expect(handler.kind == .budget)
    let coroutines = try failure("while true do pcall(coroutine.wrap(function() while true do end end)) end",
      .init(instructionLimit: 200_000))
    #expect(coroutines.kind == .budget)
    let finished = try failure("pcall(function() while true do end end); return 'finished'", .init(instructionLimit: 200_000))
    #expect(finished.kind == .budget)
    #expect(finished.message.hasSuffix("instruction budget exceeded (200000 instructions)"))
  }

  @Test("coroutines inherit the instruction hook")
  func coroutineLoop() throws {
    let error = try failure("coroutine.wrap(function() while true do end end)()", .init(instructionLimit: 200_000))
    #expect(error.kind == .budget)
    let resumed = try failure("""
      local co = coroutine.create(function() while true do end end)
      local ok, e = coroutine.resume(co)
      error(e, 0)
      """, .init(instructionLimit: 200_000))
    #expect(resumed.kind == .budget)
    #expect(resumed.message.hasSuffix("instruction budget exceeded (200000 instructions)"))
  }

  // Lua runs some code with its hooks off: an xpcall handler after an error raised by the hook, the
  // __close of a coroutine being reset, finalizers. None of it may loop past the budget.
  static let hooklessLoops = [
    "xpcall(function() while true do end end, function() while true do end end)",
    """
    coroutine.wrap(function()
      local guard <close> = setmetatable({}, { __close = function() while true do end end })
      while true do end
    end)()
    """,
    """
    local co = coroutine.create(function()
      local guard <close> = setmetatable({}, { __close = function() while true do end end })
      while true do end
    end)
    coroutine.resume(co)
    coroutine.close(co)
    """,
  ]

  @Test("code Lua would run with its hooks off cannot loop past the budget", arguments: hooklessLoops)
  func hooklessLoop(code: String) throws {
    let error = try failure(code, .init(instructionLimit: 200_000))
    #expect(error.kind == .budget)
  }

  @Test("a coroutine killed by the budget is never closed, even after the host reset the budget")
  func stoppedCoroutine() throws {
    let state = LuaState(.init(instructionLimit: 200_000))
    #expect(throws: LuaError.self) {
      try state.run("""
        co = coroutine.create(function()
          local guard <close> = setmetatable({}, { __close = function() while true do end end })
          while true do end
        end)
        coroutine.resume(co)
        """)
    }
    state.instructionCount = 0
    let closed = try state.run("return coroutine.close(co)")
    #expect(closed == [false, "cannot close a coroutine stopped by the instruction budget or an interrupt"])
    #expect(try state.run("return coroutine.close(coroutine.create(print))") == [true])
  }

  @Test("the host resets the budget between runs and reads what a run used")
  func budgetReset() throws {
    let state = LuaState(.init(instructionLimit: 100_000))
    #expect(throws: LuaError.self) { try state.run("while true do end") }
    state.instructionCount = 0
    try state.run("for i = 1, 10000 do end")
    #expect(state.instructionCount >= 10_000 && state.instructionCount < 100_000)
    state.instructionLimit = 0
    state.instructionCount = 0
    try state.run("for i = 1, 200000 do end")
    #expect(state.instructionCount > 100_000)
  }

  @Test("a string.rep memory bomb ends as a memory error")
  func stringRepBomb() throws {
    let error = try failure("local s = string.rep('x', 1 << 30)")
    #expect(error.kind == .memory)
    #expect(error.message == "not enough memory")
  }

  @Test("doubling a string ends as a memory error")
  func doublingBomb() throws {
    let error = try failure("local s = 'x' while true do s = s .. s end", .init(memoryLimit: 8 << 20))
    #expect(error.kind == .memory)
  }

  @Test("growing a table ends as a memory error")
  func tableBomb() throws {
    let error = try failure("local t = {} for i = 1, math.huge do t[i] = { i } end", .init(memoryLimit: 8 << 20))
    #expect(error.kind == .memory)
  }

  @Test("unbounded recursion ends as a budget error (stack overflow)")
  func recursion() throws {
    let error = try failure("local function f(n) return 1 + f(n + 1) end\nf(1)")
    #expect(error.kind == .budget)
    #expect(error.message.contains("stack overflow"))
    #expect(error.location?.chunk == "bomb.lua")
  }

  @Test("unbounded C-level recursion ends as a budget error (C stack overflow)")
  func cRecursion() throws {
    let error = try failure("local function f() return coroutine.wrap(f)() end\nf()")
    #expect(error.kind == .budget)
    #expect(error.message.contains("stack overflow"))
  }

  @Test("unbounded recursion through a Swift function ends as a budget error")
  func swiftRecursion() throws {
    let state = LuaState()
    state.globals.rawSet("again", state.makeFunction { call in
      try call.state.call(try call.function(1), call.value(1))
    })
    let error = try #require(throws: LuaError.self) {
      try state.run("local function f() again(f) end\nf()", chunkName: "=r")
    }
    #expect(error.kind == .budget)
    #expect(error.message.contains("stack overflow"))
  }

  @Test("memory a Swift function allocates past the limit is a memory error once it returns")
  func deferredMemoryError() throws {
    let state = LuaState(.init(memoryLimit: 1 << 20))
    var returned = false
    state.globals.rawSet("big", state.makeFunction { call in
      call.push(String(repeating: "x", count: 4 << 20))
      returned = true
    })
    let error = try #require(throws: LuaError.self) { try state.run("local s = big()") }
    #expect(returned)
    #expect(error.kind == .memory)
    #expect(try state.run("return 1") == [1])
  }

  @Test("an overrun that is garbage by the time the Swift function returns is forgiven")
  func garbageOverrun() throws {
    let state = LuaState(.init(memoryLimit: 1 << 20))
    state.globals.rawSet("churn", state.makeFunction { call in
      let table = call.state.makeTable()
      for i in 1...20_000 { table.rawSet(i, "value number \(i)") }
      call.push(table.rawLength)
    })
    #expect(try state.run("return churn()") == [20_000])
  }

  @Test("a call back into Lua from a Swift function has the hard limit again")
  func nestedLimit() throws {
    let state = LuaState(.init(memoryLimit: 4 << 20))
    state.globals.rawSet("try_call", state.makeFunction { call in
      let function = try call.function(1)
      do throws(LuaError) {
        try call.state.call(function)
        call.push("no error")
      } catch {
        call.push(error.kind.rawValue)
      }
    })
    #expect(try state.run("return try_call(function() local s = string.rep('x', 16 << 20) end)") == ["memory"])
  }

  @Test("interrupt() stops running code with \"interrupted!\"")
  func interrupt() throws {
    let state = LuaState(.init(instructionLimit: 0))
    state.globals.rawSet("stop", state.makeFunction { call in call.state.interrupt() })
    let error = try #require(throws: LuaError.self) { try state.run("stop()\nwhile true do end", chunkName: "=i") }
    #expect(error.message == "i:2: interrupted!")
    #expect(try state.run("return 'again'") == ["again"])
  }

  @Test("SIGINT interrupts the code running under interruptingOnSIGINT")
  func sigint() throws {
    let state = LuaState(.init(instructionLimit: 0))
    state.globals.rawSet("press_ctrl_c", state.makeFunction { _ in _ = kill(getpid(), SIGINT) })
    let error = try #require(throws: LuaError.self) {
      try state.interruptingOnSIGINT { try state.run("press_ctrl_c()\nwhile true do end", chunkName: "=repl") }
    }
    #expect(error.message == "repl:2: interrupted!")
  }
}
