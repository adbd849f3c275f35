import LuaBridge
import Testing

@Suite("Tables and function values")
struct LuaTableTests {
  @Test("the host builds a table, publishes it and reads it back")
  func buildAndRead() throws {
    let state = LuaState()
    let clock = state.makeTable()
    clock.rawSet("now", 0)
    clock.rawSet("advance", state.makeFunction { call in
      let clock = try call.table(1)
      clock.rawSet("now", (clock["now"].integer ?? 0) + (try call.integer(2)))
    })
    let transcript = state.makeTable()
    transcript.append("0s launched")
    transcript.append("1s prompt")
    clock.rawSet("transcript", transcript)
    state.globals.rawSet("clock", clock)
    try state.run("clock:advance(10); clock.transcript[#clock.transcript + 1] = 'later'")
    #expect(clock["now"] == 10)
    #expect(transcript.rawLength == 3)
    #expect(clock.table("transcript")?.value == ["0s launched", "1s prompt", "later"])
    #expect(clock.table("now") == nil)
    #expect(clock.function("advance") != nil)
    #expect(clock.value["now"] == 10)
  }

  @Test("a Swift function is a value: passed as an argument, stored in tables, compared")
  func functionValues() throws {
    let state = LuaState()
    let double = state.makeFunction { call in call.push(try call.integer(1) * 2) }
    let apply = try state.load("local f, t = ...; t.f = f; return f(21), t.f == f, type(f)", chunkName: "=apply")
    let holder = state.makeTable()
    #expect(try state.call(apply, double, holder) == [42, true, "function"])
    let stored = try #require(holder.function("f"))
    #expect(try state.call(stored, 5) == [10])
  }

  @Test("raw access ignores metatables; a missing field reads nil")
  func rawAccess() throws {
    let state = LuaState()
    try state.run("t = setmetatable({ real = 1 }, { __index = function() return 'virtual' end })")
    let table = try #require(state.globals.table("t"))
    #expect(table["real"] == 1)
    #expect(table["other"] == .nil)
    #expect(try table.get("other") == "virtual")
    table.rawSet(LuaValue.nil, "ignored")
    table.rawSet(Double.nan, "ignored")
    #expect(try state.run("local n = 0; for _ in pairs(t) do n = n + 1 end; return n") == [1])
  }

  @Test("a table handle keeps its table alive; dropping it lets Lua collect the table")
  func referenceLifetime() throws {
    let state = LuaState()
    try state.run("weak = setmetatable({}, { __mode = 'v' }); weak[1] = {}")
    let weak = try #require(state.globals.table("weak"))
    do {
      let held = try #require(weak.table(1))
      try withExtendedLifetime(held) {
        try state.run("collectgarbage()")
        #expect(try state.run("return weak[1] ~= nil") == [true])
      }
    }
    try state.run("collectgarbage()")
    #expect(try state.run("return weak[1] ~= nil") == [false])
  }
}
