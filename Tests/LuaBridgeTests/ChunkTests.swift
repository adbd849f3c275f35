import LuaBridge
import Testing

@Suite("Chunks")
struct ChunkTests {
  @Test("a chunk compiled once runs in later states from its bytecode, positions kept")
  func bytecodeCache() throws {
    let compiler = LuaState()
    let source = "local n = ...\nif n > 1 then error('too many') end\nreturn n * 10"
    let bytecode = try #require(compiler.dump(try compiler.load(source, chunkName: "@scenarios/cached.lua")))
    for n in 0...1 {
      let state = LuaState()
      let chunk = try state.loadBytecode(bytecode, chunkName: "=cached")
      #expect(try state.call(chunk, n) == [.integer(n * 10)])
    }
    let state = LuaState()
    let error = try #require(throws: LuaError.self) {
      try state.call(try state.loadBytecode(bytecode, chunkName: "=cached"), 2)
    }
    #expect(error.message == "scenarios/cached.lua:2: too many")
  }

  @Test("stripped bytecode runs without line information")
  func strippedBytecode() throws {
    let state = LuaState()
    let bytecode = try #require(state.dump(try state.load("error('x')", chunkName: "@s.lua"), strip: true))
    let error = try #require(throws: LuaError.self) { try state.call(try state.loadBytecode(bytecode, chunkName: "=s")) }
    #expect(error.message == "x")
    #expect(error.location == nil)
  }

  @Test("host loading of source is text only; bytecode loading is binary only")
  func modes() throws {
    let state = LuaState()
    let bytecode = try #require(state.dump(try state.load("return 1", chunkName: "=one")))
    let binaryAsText = try #require(throws: LuaError.self) { try state.load(bytecode, chunkName: "=b") }
    #expect(binaryAsText.kind == .syntax)
    #expect(binaryAsText.message.contains("attempt to load a binary chunk (mode is 't')"))
    let textAsBinary = try #require(throws: LuaError.self) { try state.loadBytecode(Array("return 1".utf8), chunkName: "=t") }
    #expect(textAsBinary.message.contains("attempt to load a text chunk (mode is 'b')"))
  }

  @Test("a Swift function has no bytecode")
  func swiftFunctionDump() {
    let state = LuaState()
    #expect(state.dump(state.makeFunction { _ in }) == nil)
  }

  @Test("source given as bytes keeps non-UTF-8 string literals")
  func byteSource() throws {
    let state = LuaState()
    let chunk = try state.load(Array("return '".utf8) + [0xFF] + Array("'".utf8), chunkName: "=bytes")
    #expect(try state.call(chunk) == [.bytes([0xFF])])
  }

  @Test("results are described as the REPL prints them")
  func describedResults() throws {
    let state = LuaState()
    let chunk = try state.load("return 1, 2.5, 3.0, nil, 'text', true, setmetatable({}, { __tostring = function() return 'obj' end })", chunkName: "=r")
    #expect(try state.callDescribingResults(chunk) == ["1", "2.5", "3.0", "nil", "text", "true", "obj"])
  }
}
