import LuaBridge
import Testing

/// One attempt to get out of the sandbox, and the error it must end with.
struct Escape: CustomTestStringConvertible, Sendable {
  let code: String
  let error: String

  var testDescription: String { code }
}

@Suite("Sandbox")
struct SandboxTests {
  static let escapes: [Escape] = [
    Escape(code: "os.execute('true')", error: "attempt to index a nil value (global 'os')"),
    Escape(code: "os.exit(3)", error: "attempt to index a nil value (global 'os')"),
    Escape(code: "io.open('/etc/passwd')", error: "attempt to index a nil value (global 'io')"),
    Escape(code: "io.popen('ls')", error: "attempt to index a nil value (global 'io')"),
    Escape(code: "package.loadlib('libc.so.6', 'system')", error: "attempt to index a nil value (global 'package')"),
    Escape(code: "require('socket.core')", error: "attempt to call a nil value (global 'require')"),
    Escape(code: "debug.getinfo(1)", error: "attempt to index a nil value (global 'debug')"),
    Escape(code: "debug.sethook()", error: "attempt to index a nil value (global 'debug')"),
    Escape(code: "debug.getregistry()", error: "attempt to index a nil value (global 'debug')"),
    Escape(code: "debug.setmetatable('', {})", error: "attempt to index a nil value (global 'debug')"),
    Escape(code: "string.dump(print)", error: "attempt to call a nil value (field 'dump')"),
    Escape(code: "('').dump(print)", error: "attempt to call a nil value (field 'dump')"),
    Escape(code: "dofile('/etc/passwd')", error: "attempt to call a nil value (global 'dofile')"),
    Escape(code: "loadfile('/etc/passwd')", error: "attempt to call a nil value (global 'loadfile')"),
    Escape(code: "collectgarbage('stop')", error: "collectgarbage: option 'stop' is not allowed in the sandbox"),
    Escape(code: "collectgarbage('restart')", error: "collectgarbage: option 'restart' is not allowed in the sandbox"),
    Escape(code: "collectgarbage('generational')", error: "option 'generational' is not allowed in the sandbox"),
    Escape(code: "collectgarbage('incremental', 1000)", error: "option 'incremental' is not allowed in the sandbox"),
    Escape(code: "collectgarbage('setpause', 1000)", error: "option 'setpause' is not allowed in the sandbox"),
    Escape(code: "collectgarbage('setstepmul', 1000)", error: "option 'setstepmul' is not allowed in the sandbox"),
    Escape(code: "collectgarbage('count')", error: "option 'count' is not allowed in the sandbox (what the collector holds depends on what ran before the case)"),
    Escape(code: "collectgarbage('step')", error: "option 'step' is not allowed in the sandbox (what the collector holds depends on what ran before the case)"),
    Escape(code: "getmetatable('').__index.upper = nil", error: "attempt to index a boolean value"),
    Escape(code: "getmetatable('').__index = {}", error: "attempt to index a boolean value"),
    Escape(code: "setmetatable({}, { __gc = function() while true do end end })",
           error: "setmetatable: '__gc' metamethods are not allowed in the sandbox"),
    Escape(code: "setmetatable(getmetatable(''), {})", error: "bad argument #1 to 'setmetatable' (table expected, got boolean)"),
  ]

  @Test("each way out of the sandbox is closed", arguments: escapes)
  func escapeIsClosed(escape: Escape) throws {
    let state = LuaState()
    let error = try #require(throws: LuaError.self) { try state.run(escape.code, chunkName: "@escape.lua") }
    #expect(error.kind == .runtime)
    #expect(error.message.hasPrefix("escape.lua:1: "), "\(error.message)")
    #expect(error.message.contains(escape.error), "\(error.message)")
    #expect(try state.run("return ('ok'):upper()") == ["OK"])
  }

  @Test("only the scenario libraries are global")
  func globals() throws {
    let state = LuaState()
    let names = try state.run("local names = {}; for k in pairs(_G) do names[#names + 1] = k end; table.sort(names); return names")
    #expect(names.first?.array?.compactMap(\.string) == [
      "_G", "_VERSION", "assert", "collectgarbage", "coroutine", "error", "getmetatable", "ipairs", "load", "math",
      "next", "pairs", "pcall", "print", "rawequal", "rawget", "rawlen", "rawset", "select", "setmetatable",
      "string", "table", "tonumber", "tostring", "type", "utf8", "warn", "xpcall",
    ])
    #expect(try state.run("return string.dump") == [nil])
  }

  @Test("load refuses a binary chunk given as a string")
  func binaryString() throws {
    let state = LuaState()
    let bytecode = try #require(state.dump(try state.load("return 'escaped'", chunkName: "=b")))
    let attempt = try state.load("return load(...)", chunkName: "=attempt")
    let results = try state.call(attempt, LuaValue.bytes(bytecode))
    #expect(results.first == LuaValue.nil)
    #expect(results.last?.string?.contains("attempt to load a binary chunk (mode is 't')") == true)
  }

  @Test("load refuses a binary chunk returned by a reader function")
  func binaryReader() throws {
    let state = LuaState()
    let bytecode = try #require(state.dump(try state.load("return 'escaped'", chunkName: "=b")))
    let attempt = try state.load("""
      local bytes, done = ...
      return load(function() if done then return nil end; done = true; return bytes end)
      """, chunkName: "=attempt")
    let results = try state.call(attempt, LuaValue.bytes(bytecode))
    #expect(results.first == LuaValue.nil)
    #expect(results.last?.string?.contains("attempt to load a binary chunk (mode is 't')") == true)
  }

  @Test("load refuses mode 'b' even for text")
  func binaryMode() throws {
    let state = LuaState()
    #expect(try state.run("return load('return 1', 'x', 'b')") == [nil, "binary chunks are not allowed in the sandbox"])
    #expect(try state.run("return load('return 1', 'x', 'bt')") == [nil, "binary chunks are not allowed in the sandbox"])
  }

  @Test("load still compiles text, with or without an environment")
  func textLoad() throws {
    let state = LuaState()
    #expect(try state.run("return load('return 1 + 1')()") == [2])
    #expect(try state.run("return load('return x', 'chunk', 't', { x = 'env' })()") == ["env"])
    #expect(try state.run("x = 'global'; return load('return x', 'chunk', 't')()") == ["global"])
    let error = try #require(throws: LuaError.self) { try state.run("load(42)", chunkName: "=l") }
    #expect(error.message == "l:1: bad argument #1 to 'load' (string or function expected, got number)")
  }

  @Test("collectgarbage keeps its harmless options")
  func collectgarbageOptions() throws {
    let state = LuaState()
    let results = try state.run("return collectgarbage(), collectgarbage('collect'), collectgarbage('isrunning')")
    #expect(results == [0, 0, true])
  }

  @Test("getmetatable('') hides the string metatable; string methods keep working")
  func stringMetatable() throws {
    let state = LuaState()
    #expect(try state.run("return getmetatable('')") == [false])
    #expect(try state.run("return ('%d'):format(7), ('abc'):rep(2)") == ["7", "abcabc"])
  }

  @Test("math.random is seeded by the host and math.randomseed() re-seeds with that seed")
  func deterministicRandom() throws {
    let draw = "local t = {}; for i = 1, 5 do t[i] = math.random(1000000) end; return t"
    let first = try LuaState(.init(randomSeed: 42)).run(draw)
    let second = try LuaState(.init(randomSeed: 42)).run(draw)
    let other = try LuaState(.init(randomSeed: 43)).run(draw)
    #expect(first == second)
    #expect(first != other)
    let reseeded = try LuaState(.init(randomSeed: 42)).run("math.random(); math.randomseed(); " + draw)
    #expect(reseeded == first)
    let explicit = try LuaState(.init(randomSeed: 1)).run("math.randomseed(42); " + draw)
    #expect(explicit == first)
  }

  @Test("reseed gives a state the random numbers, and the default of math.randomseed(), of one made with that seed")
  func reseed() throws {
    let draw = "local t = {}; for i = 1, 5 do t[i] = math.random(1000000) end; return t"
    let made = try LuaState(.init(randomSeed: 42)).run(draw)
    let state = LuaState(.init(randomSeed: 1))
    _ = try state.run("math.random()")
    #expect(state.reseed(42))
    #expect(try state.run(draw) == made)
    #expect(try state.run("math.randomseed(); " + draw) == made)
  }

  @Test("the host can hand debug functions to trusted code without publishing them")
  func trustedDebug() throws {
    let state = LuaState()
    let debug = try state.debugLibrary()
    let prelude = try state.load("""
      local debug = ...
      return debug.traceback('where', 1):match('^where\\nstack traceback:') ~= nil, debug.getinfo(1, 'S').source
      """, chunkName: "@prelude.lua")
    #expect(try state.call(prelude, debug) == [true, "@prelude.lua"])
    let traceback = try #require(debug.function("traceback"))
    #expect(try state.call(traceback, "m").first?.string?.hasPrefix("m\nstack traceback:") == true)
    #expect(try state.run("return debug") == [nil])
  }

  @Test("the host can install an os table of Swift functions")
  func hostOS() throws {
    let state = LuaState()
    let os = state.makeTable()
    os.rawSet("time", state.makeFunction { call in call.push(1_767_600_000) })
    os.rawSet("clock", state.makeFunction { call in call.push(0.25) })
    state.globals.rawSet("os", os)
    #expect(try state.run("return os.time(), os.clock(), os.execute") == [1_767_600_000, 0.25, nil])
  }

  @Test("a state without the sandbox has the whole standard library")
  func unsandboxed() throws {
    let state = LuaState(.init(sandbox: false))
    #expect(try state.run("return type(io), type(os), type(debug), type(require), type(string.dump)")
      == ["table", "table", "table", "function", "function"])
  }
}
