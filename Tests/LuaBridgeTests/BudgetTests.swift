import LuaBridge
import Testing

/// The instruction budget bounds work the VM's count hook does not see (issue 11, item 3): coroutines,
/// pattern matching, library loops over what a metamethod makes up, and what the host copies.
@Suite("Budgets")
struct BudgetTests {
  /// Runs `code` in a fresh sandbox without a budget and returns the instructions charged.
  func charged(_ code: String) throws -> Int {
    let state = LuaState(.init(instructionLimit: 0))
    state.instructionCount = 0
    try state.run(code)
    return state.instructionCount
  }

  func budgetError(_ code: String, limit: Int = 1_000_000) throws -> LuaError {
    let state = LuaState(.init(instructionLimit: limit))
    return try #require(throws: LuaError.self) { try state.run(code, chunkName: "=b") }
  }

  /// Expects `code` to give in the sandbox what it gives with Lua's own libraries.
  func expectSameAsLua(_ code: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let lua = try LuaState(.init(sandbox: false, instructionLimit: 0)).run(code, chunkName: "=code")
    let sandbox = try LuaState(.init(instructionLimit: 0)).run(code, chunkName: "=code")
    #expect(sandbox == lua, sourceLocation: sourceLocation)
  }

  // MARK: - The collector

  @Test("a collection is charged the same whatever the state holds: what ran before a case never decides its budget")
  func collectionCharge() throws {
    let filling = "local t = {}; for i = 1, 100000 do t[i] = {} end"  // about 6 MiB for the collection to visit
    let onBigHeap = try charged(filling + "; collectgarbage()") - charged(filling)
    let onSmallHeap = try charged("collectgarbage()") - charged("")
    #expect(onSmallHeap > 0)
    #expect(abs(onBigHeap - onSmallHeap) < 10_000, "\(onBigHeap) vs \(onSmallHeap)")
  }

  // MARK: - Coroutines

  @Test("short-lived coroutines are charged every instruction they run", arguments: [
    "for i = 1, 20000 do coroutine.wrap(function() local x = 0 for j = 1, 100 do x = x + j end end)() end",
    "for i = 1, 20000 do coroutine.resume(coroutine.create(function() local x = 0 for j = 1, 100 do x = x + j end end)) end",
    """
    local co = coroutine.wrap(function() while true do local x = 0 for j = 1, 100 do x = x + j end coroutine.yield() end end)
    for i = 1, 20000 do co() end
    """,
  ])
  func shortCoroutines(code: String) throws {
    // Each coroutine runs at least 200 instructions (a numeric for of 100 steps), so 20,000 of them 4 million.
    let count = try charged(code)
    #expect(count >= 4_000_000, "\(count) instructions charged")
  }

  @Test("an endless stream of short coroutines ends within its budget")
  func endlessCoroutines() throws {
    let error = try budgetError("while true do coroutine.wrap(function() for j = 1, 500 do end end)() end")
    #expect(error.kind == .budget)
    #expect(error.message.hasSuffix("instruction budget exceeded (1000000 instructions)"))
  }

  // MARK: - Pattern matching

  @Test("pattern matching is charged per matcher step", arguments: [
    "string.find(('a'):rep(300), '.-.-b')",
    "string.match(('a'):rep(300), '.-.-b')",
    "for _ in string.gmatch(('a'):rep(300), '.-.-b') do end",
    "string.gsub(('a'):rep(300), '.-.-b', 'x')",
    "string.find(('a'):rep(1 << 12), 'a*b')",
  ])
  func chargedPatterns(code: String) throws {
    let count = try charged(code)
    #expect(count >= 1_000_000, "\(count) instructions charged")
  }

  @Test("a backtracking pattern ends as a budget error at once", arguments: [
    "string.find(('a'):rep(3000), '.-.-.-b')",
    "local s = ('a'):rep(3000) return s:match('.-.-.-b')",
    "for _ in (('a'):rep(3000)):gmatch('.-.-.-b') do end",
    "return (('a'):rep(3000)):gsub('.-.-.-b', '')",
    "return string.find(('a'):rep(1 << 22), 'a*b')",
  ])
  func backtracking(code: String) throws {
    let clock = ContinuousClock()
    var error: LuaError?
    let elapsed = try clock.measure { error = try budgetError(code, limit: 5_000_000) }
    #expect(error?.kind == .budget, "\(String(describing: error))")
    #expect(error?.message.hasPrefix("b:1: instruction budget exceeded") == true, "\(String(describing: error))")
    #expect(elapsed < .seconds(10), "\(elapsed) (hours before the sandbox had its own matcher)")
  }

  /// Subjects, patterns and replacements whose results the sandbox's matcher must give exactly as Lua's.
  static let patternCases: [String] = [
    #"return string.find("hello world", "o w")"#,
    #"return string.find("hello world", "o", 6)"#,
    #"return string.find("hello world", "l+")"#,
    #"return string.find("hello", "")"#,
    #"return string.find("hello", "", 10)"#,
    #"return string.find("hello", "", 6)"#,
    #"return string.find("hello", "l", -2)"#,
    #"return string.find("a.b", ".", 1, true)"#,
    #"return string.find("a+b", "+", 1, true)"#,
    #"return string.find("a\0b", "\0")"#,
    #"return string.find("a\0b", "%z")"#,
    #"return string.find("key = value", "(%w+)%s*=%s*(%w+)")"#,
    #"return string.find("  x", "^%s*()")"#,
    #"return string.match("2024-01-15", "(%d+)-(%d+)-(%d+)")"#,
    #"return string.match("hello", "()ll()")"#,
    #"return string.match("[[nested]]", "%[(%b[])%]")"#,
    #"return string.match("THE (quick) fox", "%f[%a]%a+")"#,
    #"return string.match("hello hello", "(h%a+) %1")"#,
    #"return string.match("abc", "^(a)(b)(c)$")"#,
    #"return string.match("abc", "a?b?c?d?")"#,
    #"return string.match("aaa", "a-b")"#,
    #"return string.match("aaab", "a-b")"#,
    #"return string.match("x=[1,2]", "[%[%]%d,]+")"#,
    #"return string.match("a-z", "[a%-z]+")"#,
    #"return string.match("]x", "[]]")"#,
    #"return string.match("^x", "[%^x]+")"#,
    #"return string.match("abc", "[^b]+", 2)"#,
    #"return string.match("Hello World", "%u%l+$")"#,
    #"return string.match("x$y", "x$y")"#,
    #"return string.match("f(a(b)c)d", "%b()")"#,
    #"return string.match("tab\there", "%c")"#,
    #"return string.match("0x1F", "%x+$")"#,
    #"return string.match("a,b;c", "%p")"#,
    #"return string.match("\xff\xfe", "[\xf0-\xff]+")"#,
    #"local t = {} for k, v in string.gmatch("a=1, b=2, c=3", "(%w+)=(%w+)") do t[#t + 1] = k .. v end return table.concat(t, " ")"#,
    #"local t = {} for w in string.gmatch("one two  three", "%a*") do t[#t + 1] = "<" .. w .. ">" end return table.concat(t)"#,
    #"local t = {} for w in string.gmatch("abc", "") do t[#t + 1] = "." end return #t"#,
    #"local t = {} for w in string.gmatch("hello world", "%a+", 3) do t[#t + 1] = w end return table.concat(t, ",")"#,
    #"local t = {} for p in string.gmatch("abc", "()") do t[#t + 1] = p end return table.concat(t, ",")"#,
    #"return string.gsub("hello world", "o", "0")"#,
    #"return string.gsub("hello world", "(%w+)", "<%1>")"#,
    #"return string.gsub("hello world", "%w+", "%0 %0", 1)"#,
    #"return string.gsub("abc", "", "-")"#,
    #"return string.gsub("hello", "l", { l = "L" })"#,
    #"return string.gsub("hello", "(l)(l)", function(a, b) return b .. a .. "!" end)"#,
    #"return string.gsub("hello", "l", function() return false end)"#,
    #"return string.gsub("$name is $age", "%$(%w+)", { name = "Ann", age = 7 })"#,
    #"return string.gsub("abc", "^a", "x")"#,
    #"return string.gsub("aaa", "^a", "x")"#,
    #"return string.gsub("a b c", " ", "%%")"#,
    #"return string.gsub("abc", "()b", "%1")"#,
    #"return string.gsub("hello", ".", { h = 1, e = 2.5 })"#,
    #"return string.gsub("abc", "%w", "%0%0", 0)"#,
    #"return string.gsub("abc", "%w", "%0%0", -1)"#,
    #"return ("x"):rep(3):gsub("x", "y")"#,
    #"return pcall(string.find, "a", "%")"#,
    #"return pcall(string.find, "a", "[a")"#,
    #"return pcall(string.find, "a", "(a")"#,
    #"return pcall(string.find, "a", "a)")"#,
    #"return pcall(string.find, "a", "%1")"#,
    #"return pcall(string.find, "a", "%f")"#,
    #"return pcall(string.find, "a", "%b")"#,
    #"return pcall(string.gsub, "a", "a", "%2")"#,
    #"return pcall(string.gsub, "a", "a", "%x")"#,
    #"return pcall(string.gsub, "a", "a", {a = {}})"#,
    #"return pcall(string.gsub, "a", "a", true)"#,
    #"return pcall(string.match, ("a"):rep(40), ("(a)"):rep(40))"#,
    #"return pcall(string.find, ("a"):rep(300), ("a?"):rep(250) .. ("a"):rep(250))"#,
    #"return pcall(string.find, {}, "a")"#,
    #"return pcall(string.gmatch, "a")"#,
    #"return string.find(12345, 3)"#,
    #"return string.match("  trim me  ", "^%s*(.-)%s*$")"#,
    #"return string.rep("ab", 3, ",")"#,
  ]

  @Test("the sandbox's matcher gives what Lua's gives", arguments: patternCases)
  func sameAsLua(code: String) throws {
    try expectSameAsLua(code)
  }

  // MARK: - Library loops

  @Test("table.concat is charged per element, whatever its __index does")
  func concat() throws {
    let count = try charged("table.concat(setmetatable({}, { __index = table.concat }), '', 1, 100000)")
    #expect(count >= 100_000, "\(count) instructions charged")
    let error = try budgetError("table.concat(setmetatable({}, { __index = table.concat }), '', 1, 1 << 40)")
    #expect(error.kind == .budget)
    let lying = try budgetError("table.concat(setmetatable({}, { __index = table.concat, __len = function() return 1 << 50 end }))")
    #expect(lying.kind == .budget)
  }

  @Test("table.concat behaves as Lua's", arguments: [
    #"return table.concat({ 1, 2, "c" }, ", ")"#,
    #"return table.concat({ 1, 2, 3 }, "", 2)"#,
    #"return table.concat({ 1, 2, 3 }, "-", 2, 3)"#,
    #"return table.concat({}, "x")"#,
    #"return table.concat({ 1, 2 }, "x", 3, 2)"#,
    #"return pcall(table.concat, { 1, {}, 3 })"#,
    #"return pcall(table.concat, "abc")"#,
    #"return table.concat(setmetatable({}, { __index = function(_, i) return i * 2 end, __len = function() return 3 end }), "+")"#,
  ])
  func concatAsLua(code: String) throws {
    try expectSameAsLua(code)
  }

  @Test("table.sort is charged per comparison, whatever its __len, __index and __newindex do")
  func sort() throws {
    let count = try charged("local t = {} for i = 1, 1000 do t[i] = (i * 7919) % 1000 end table.sort(t)")
    #expect(count >= 80_000, "\(count) instructions charged for about 10,000 comparisons")
    let lying = try budgetError(
      "table.sort(setmetatable({}, { __len = function() return 1 << 30 end, __index = rawlen, __newindex = rawequal }))")
    #expect(lying.kind == .budget)
  }

  /// Sorts records by a key with many ties, counting the comparator's calls, and numbers with the default
  /// comparison: the order ties end in and the calls show the algorithm, which must be Lua's.
  private static let sortingScript = """
    local seed = 12345
    local function rand(n) seed = (seed * 1103515245 + 12345) % 2147483648 return seed % n end
    local out = {}
    for round = 1, 200 do
      local size = round <= 150 and rand(120) or 100 + rand(1500)
      local keys = 1 + rand(size // 3 + 1)
      local records, numbers = {}, {}
      for i = 1, size do records[i] = { key = rand(keys), id = i } numbers[i] = rand(keys) + rand(2) / 2 end
      local calls = 0
      table.sort(records, function(a, b) calls = calls + 1 return a.key < b.key end)
      table.sort(numbers)
      local ids = {}
      for i = 1, size do ids[i] = records[i].id end
      out[#out + 1] = calls .. ":" .. table.concat(ids, ",") .. ":" .. table.concat(numbers, ",")
    end
    return table.concat(out, "\\n")
    """

  @Test("table.sort behaves as Lua's", arguments: [
    sortingScript,
    #"local t = { "b", "a", "c" } table.sort(t, function(a, b) return a > b end) return table.concat(t)"#,
    #"local t = setmetatable({}, { __index = function(_, i) return 10 - i end, __newindex = rawset, __len = function() return 5 end }) table.sort(t) return rawget(t, 1), rawget(t, 5)"#,
    #"return pcall(table.sort, { 3, 1, "x", 2 })"#,
    #"return pcall(table.sort, { 3, 2, 1 }, 5)"#,
    #"return pcall(table.sort, {}, 5)"#,
    #"return pcall(table.sort, "abc")"#,
    #"return pcall(table.sort, setmetatable({}, { __len = function() return 1 << 40 end, __index = rawlen, __newindex = rawset }))"#,
    #"return pcall(table.sort, { 5, 4, 3, 2, 1 }, function(a, b) return true end)"#,
  ])
  func sortAsLua(code: String) throws {
    try expectSameAsLua(code)
  }

  @Test("table.sort does the same on every run where Lua's draws pivots from the clock")
  func sortIsDeterministic() throws {
    // Keys in descending order unbalance the partitions of Lua's median of three; Lua's sort then takes
    // its pivots at places drawn from the clock, and which comparisons it makes, and so the order equal
    // keys end in, would vary from run to run.
    let code = """
      local t, calls = {}, 0
      for i = 1, 3000 do t[i] = { key = (3000 - i) // 3, id = i } end
      table.sort(t, function(a, b) calls = calls + 1 return a.key < b.key end)
      local sum = 0 for i = 1, #t do sum = (sum * 31 + t[i].id) % 1000000007 end
      for i = 2, #t do assert(t[i - 1].key <= t[i].key, "not sorted") end
      return calls, sum
      """
    let first = try LuaState(.init(instructionLimit: 0)).run(code, chunkName: "=d")
    for _ in 0..<5 { #expect(try LuaState(.init(instructionLimit: 0)).run(code, chunkName: "=d") == first) }
  }

  // MARK: - Host copies

  @Test("strings read by the host are charged by their size")
  func hostCopies() throws {
    let state = LuaState(.init(instructionLimit: 1_000_000))
    var calls = 0
    state.globals.rawSet("sink", state.makeFunction { call in
      _ = try call.string(1)
      calls += 1
    })
    let error = try #require(throws: LuaError.self) {
      try state.run("local s = string.rep('x', 1 << 20) while true do sink(s) end")
    }
    #expect(error.kind == .budget)
    #expect(calls <= 8, "\(calls) copies of 1 MiB within a budget of a million instructions")
  }

  @Test("tables copied by the host are charged by their entries")
  func hostTableCopies() throws {
    let state = LuaState(.init(instructionLimit: 1_000_000))
    var calls = 0
    state.globals.rawSet("sink", state.makeFunction { call in
      _ = call.value(1)
      calls += 1
    })
    let error = try #require(throws: LuaError.self) {
      try state.run("local t = {} for i = 1, 100000 do t[i] = i end while true do sink(t) end")
    }
    #expect(error.kind == .budget)
    #expect(calls <= 8, "\(calls) copies of 100,000 entries within a budget of a million instructions")
  }
}
