import LuaBridge
import Testing

@Suite("Values")
struct LuaValueTests {
  static let values: [LuaValue] = [
    .nil, true, false, 0, 42, -7, .integer(Int.max), .integer(Int.min), 0.5, 3.0, -0.0, 1e300,
    "", "hello", "naïve ☕️", "line\nbreak\0nul", .bytes([0x66, 0xFF, 0x00, 0xC3]),
    [1, 2, 3], ["a": 1, "nested": ["x": [true, "y"]]], [1: "one", 3: "three"], [1.5: "float key"],
  ]

  @Test("values round-trip through Lua", arguments: values)
  func roundTrip(value: LuaValue) throws {
    let state = LuaState()
    let identity = try state.load("return ...", chunkName: "=identity")
    let results = try state.call(identity, value)
    #expect(results == [value])
  }

  @Test("integers and floats keep their subtype")
  func numberSubtypes() throws {
    let state = LuaState()
    let results = try state.run("return 3, 3.0, 2^53, 7 // 2, 7 / 2")
    #expect(results == [.integer(3), .number(3), .number(9_007_199_254_740_992), .integer(3), .number(3.5)])
    let types = try state.call(try state.load("return math.type((...)), math.type(select(2, ...))", chunkName: "=t"), 1, 1.0)
    #expect(types == ["integer", "float"])
  }

  @Test("strings keep their bytes; invalid UTF-8 does not crash")
  func stringBytes() throws {
    let state = LuaState()
    let results = try state.run(#"return "\xff\xfe", #"\xff\xfe", "\u{48}i""#)
    #expect(results == [.bytes([0xFF, 0xFE]), 2, "Hi"])
    #expect(results[0].string == "\u{FFFD}\u{FFFD}")
  }

  @Test("Swift collections push as tables")
  func collections() throws {
    let state = LuaState()
    let count = try state.load("local t = ... ; return #t, t[1], t.b", chunkName: "=c")
    #expect(try state.call(count, ["x", "y"]) == [2, "x", nil])
    #expect(try state.call(count, ["b": 2.5]) == [0, nil, 2.5])
  }

  @Test("fields built in Swift push as a table: a field set twice keeps its last value, a nil one is left out")
  func fields() throws {
    let state = LuaState()
    var record = LuaFields()
    record.set("name", "didChangeAuthorization")
    record.set("at", 1.5)
    record.set("status", "notDetermined")
    record.set("status", "authorizedWhenInUse")
    record.set("error", .nil)
    record.set("nested", ["x": [true]])
    let identity = try state.load("return ...", chunkName: "=identity")
    #expect(try state.call(identity, record) == [[
      "name": "didChangeAuthorization", "at": 1.5, "status": "authorizedWhenInUse", "nested": ["x": [true]],
    ]])
    #expect(try state.call(identity, [record, LuaFields()]) == [[[
      "name": "didChangeAuthorization", "at": 1.5, "status": "authorizedWhenInUse", "nested": ["x": [true]],
    ], .table([:])]])
  }

  @Test("tables that refer to themselves are cut, not followed forever")
  func cycles() throws {
    let state = LuaState()
    let results = try state.run("local t = { name = 't' }; t.me = t; return t")
    #expect(results == [["name": "t", "me": .opaque("table")]])
  }

  @Test("a copy hands lua_next back its keys untouched: numbers stay numbers, entries a collection cleared are gone")
  func traversalKeys() throws {
    let state = LuaState()
    let results = try state.run("""
      local weak = setmetatable({}, { __mode = "v" })
      weak[1] = {}; weak.kept = "s"; weak[2.5] = true; weak["10"] = 10; weak[10] = "ten"
      collectgarbage(); collectgarbage()
      local deep = {}
      local t = deep
      for i = 1, 40 do t.next = { i = i }; t = t.next end
      return weak, deep
      """)
    #expect(results.first == ["kept": "s", 2.5: true, "10": 10, 10: "ten"])
    var deep: LuaValue = ["i": 40]
    for i in (1..<40).reversed() { deep = ["i": .integer(i), "next": deep] }
    #expect(results.last == ["next": deep])
  }

  @Test("functions and coroutines come out as opaque values")
  func opaqueValues() throws {
    let state = LuaState()
    let results = try state.run("return print, coroutine.create(print)")
    #expect(results == [.opaque("function"), .opaque("thread")])
  }

  @Test("nil and NaN keys are skipped when pushing a table")
  func invalidKeys() throws {
    let state = LuaState()
    let table: LuaValue = [.number(.nan): 1, "ok": 2]
    let count = try state.load("local n = 0; for _ in pairs(...) do n = n + 1 end; return n", chunkName: "=n")
    #expect(try state.call(count, table) == [1])
  }

  @Test("lists read back as arrays")
  func arrays() {
    let list: LuaValue = ["a", "b"]
    #expect(list.array == ["a", "b"])
    #expect(LuaValue.table([:]).array == [])
    #expect(LuaValue.table([2: "b"]).array == nil)
    #expect(list[2] == "b")
    let record: LuaValue = ["k": "v"]
    #expect(record["k"] == "v")
  }
}
