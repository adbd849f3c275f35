import LuaBridge
import Testing

/// Issue 11, item 1: `pairs` and `next` in the sandbox visit keys in one defined order on every state.
@Suite("Ordered traversal")
struct OrderedTraversalTests {
  private func sandbox() -> LuaState { LuaState(LuaState.Options(sandbox: true)) }

  private static let mixed = """
    local t = {}
    for i = 1, 50 do t["key" .. i] = i end
    t[10], t[-3], t[2.5], t[1e300], t[true], t[false], t[""] = 1, 2, 3, 4, 5, 6, 7
    """

  @Test("pairs: numbers ascending, then strings in byte order, then false and true, the same in every state")
  func pairsOrder() throws {
    let script = Self.mixed + "\nlocal out = {}; for k in pairs(t) do out[#out + 1] = tostring(k) end; return table.concat(out, ' ')"
    let first = try sandbox().run(script)
    for _ in 0..<5 { #expect(try sandbox().run(script) == first) }
    let keys = (first.first?.string ?? "").split(separator: " ", omittingEmptySubsequences: false).map(String.init)
    #expect(Array(keys.prefix(4)) == ["-3", "2.5", "10", "1e+300"])
    #expect(keys[4] == "", "the empty string is the least string")
    #expect(Array(keys.suffix(2)) == ["false", "true"])
    let strings = Array(keys[5..<(keys.count - 2)])
    #expect(strings == strings.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
    #expect(strings.count == 50)
  }

  @Test("next alone visits the same order, from a scan or a snapshot", arguments: [3, 8, 9, 200])
  func nextOrder(count: Int) throws {
    let script = """
      local t = {}; for i = 1, \(count) do t["k" .. i] = i end; t[true] = 0
      local a, b = {}, {}
      for k in pairs(t) do a[#a + 1] = tostring(k) end
      for k in next, t do b[#b + 1] = tostring(k) end
      return table.concat(a, ","), table.concat(b, ",")
      """
    let results = try sandbox().run(script)
    #expect(results.count == 2 && results[0] == results[1])
  }

  @Test("fields may be cleared while pairs or next runs; every key is still visited once", arguments: ["pairs(t)", "next, t"])
  func clearing(loop: String) throws {
    let script = """
      local t = {}; for i = 1, 100 do t["k" .. i] = i; t[i * 1000] = i end
      local n = 0
      for k, v in \(loop) do n = n + 1; t[k] = nil end
      return n, next(t)
      """
    #expect(try sandbox().run(script) == [200, nil])
  }

  @Test("pairs honours __pairs, returns Lua's own next for an array, and rejects a non-table in the loop")
  func edges() throws {
    let state = sandbox()
    #expect(try state.run("return select(2, pairs(setmetatable({}, { __pairs = function(t) return next, { 9 }, nil end })))[1]") == [9])
    #expect(try state.run("local n = 0; for i, v in pairs({ 'a', 'b', 'c' }) do n = n * 10 + i end; return n") == [123])
    #expect(try state.run("return next({})") == [nil])
    #expect(throws: LuaError.self) { try state.run("for k in pairs(nil) do end") }
    #expect(throws: LuaError.self) { try state.run("return next(nil)") }
  }

  @Test("a traversal of 100,000 keys with next costs a sort, not a scan per step")
  func largeNext() throws {
    let state = LuaState(LuaState.Options(sandbox: true, instructionLimit: 20_000_000))
    let script = "local t = {}; for i = 1, 100000 do t['k' .. i] = i end; local n = 0; for k in next, t do n = n + 1 end; return n"
    #expect(try state.run(script) == [100_000])
  }
}
