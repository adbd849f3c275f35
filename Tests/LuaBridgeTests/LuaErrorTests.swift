import LuaBridge
import Testing

@Suite("Errors")
struct LuaErrorTests {
  @Test("a syntax error has kind syntax and the chunk's line")
  func syntax() throws {
    let state = LuaState()
    let error = try #require(throws: LuaError.self) {
      try state.load("local x = 1\nif x then\nprint(x", chunkName: "@scenarios/broken.lua")
    }
    #expect(error.kind == .syntax)
    #expect(error.location == LuaLocation(chunk: "scenarios/broken.lua", line: 3))
    #expect(error.message.hasPrefix("scenarios/broken.lua:3: "))
    #expect(error.traceback == nil)
  }

  @Test(
    "locations are parsed from messages",
    arguments: [
      ("a.lua:12: boom", LuaLocation(chunk: "a.lua", line: 12)),
      ("dir/with:colon.lua:3: x", LuaLocation(chunk: "dir/with:colon.lua", line: 3)),
      (#"[string "x = 1:2: y"]:4: z"#, LuaLocation(chunk: #"[string "x = 1:2: y"]"#, line: 4)),
      ("no position here", nil),
      ("12: starts with a number", nil),
    ])
  func locations(message: String, location: LuaLocation?) throws {
    let state = LuaState()
    let error = try #require(throws: LuaError.self) {
      try state.call(try state.load("error(..., 0)", chunkName: "=e"), message)
    }
    #expect(error.message == message)
    #expect(error.location == (location ?? LuaLocation(chunk: "e", line: 1)))
  }

  @Test("a runtime error carries its traceback")
  func traceback() throws {
    let state = LuaState()
    let error = try #require(throws: LuaError.self) {
      try state.run("local function inner() error('deep') end\nlocal function outer() inner() end\nouter()", chunkName: "@t.lua")
    }
    #expect(error.kind == .runtime)
    let traceback = try #require(error.traceback)
    #expect(traceback.hasPrefix("stack traceback:\n"))
    #expect(traceback.contains("t.lua:1: in "))
    #expect(traceback.contains("t.lua:3: in main chunk"))
    #expect(error.description == "t.lua:1: deep\n" + traceback)
  }

  @Test("a table error value is copied out; __tostring gives the message")
  func tableValues() throws {
    let state = LuaState()
    let plain = try #require(throws: LuaError.self) {
      try state.run("error({ kind = 'crash', reason = 'unexpectedly found nil', at = 1.5 })", chunkName: "@c.lua")
    }
    #expect(plain.value == ["kind": "crash", "reason": "unexpectedly found nil", "at": 1.5])
    #expect(plain.message == "(error object is a table value)")
    #expect(plain.location == LuaLocation(chunk: "c.lua", line: 1))
    let described = try #require(throws: LuaError.self) {
      try state.run("error(setmetatable({ n = 1 }, { __tostring = function(e) return 'failure #' .. e.n end }))")
    }
    #expect(described.message == "failure #1")
    #expect(described.value?["n"] == 1)
    let broken = try #require(throws: LuaError.self) {
      try state.run("error(setmetatable({}, { __tostring = function() error('worse') end }))")
    }
    #expect(broken.message == "(error object is a table value)")
    let other = try #require(throws: LuaError.self) { try state.run("error(42)") }
    #expect(other.value == 42)
    #expect(other.message == "(error object is a number value)")
  }

  @Test("an error in __index of a user table is contained when the host reads it")
  func indexErrors() throws {
    let state = LuaState()
    try state.run("proxy = setmetatable({}, { __index = function(_, k) error('no field ' .. k, 0) end, __newindex = function() error('read-only', 0) end })")
    let proxy = try #require(state.globals.table("proxy"))
    #expect(proxy.rawGet("x") == .nil)
    let readError = try #require(throws: LuaError.self) { try proxy.get("x") }
    #expect(readError.message == "no field x")
    let writeError = try #require(throws: LuaError.self) { try proxy.set("x", 1) }
    #expect(writeError.message == "read-only")
    #expect(try state.run("return 'still fine'") == ["still fine"])
  }

  @Test("metamethods run when the host reads and writes with get and set")
  func metamethods() throws {
    let state = LuaState()
    try state.run("defaults = setmetatable({}, { __index = function(_, k) return k .. '!' end })")
    let defaults = try #require(state.globals.table("defaults"))
    #expect(try defaults.get("hi") == "hi!")
    try defaults.set("hi", "there")
    #expect(defaults["hi"] == "there")
  }

  @Test("an error in __gc becomes a warning; the state goes on")
  func gcErrors() throws {
    let state = LuaState(.init(sandbox: false))
    var warnings: [String] = []
    state.warningHandler = { warnings.append($0) }
    try state.run("setmetatable({}, { __gc = function() error('finalizer failed', 0) end }); collectgarbage()")
    #expect(warnings == ["error in __gc (finalizer failed)"])
    try state.run("warn('@on'); warn('two ', 'pieces')")
    #expect(warnings.last == "two pieces")
    #expect(try state.run("return 1") == [1])
  }

  @Test("an error in __tostring is contained")
  func tostringErrors() throws {
    let state = LuaState()
    let error = try #require(throws: LuaError.self) {
      try state.run("return tostring(setmetatable({}, { __tostring = function() error('bad', 0) end }))")
    }
    #expect(error.message == "bad")
    let describing = try state.load("return setmetatable({}, { __tostring = function() error('worse', 0) end })", chunkName: "=d")
    let thrown = try #require(throws: LuaError.self) { try state.callDescribingResults(describing) }
    #expect(thrown.message == "worse")
  }
}
