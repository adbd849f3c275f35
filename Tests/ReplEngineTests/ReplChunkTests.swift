import Testing

@testable import ReplEngine

@Suite("REPL: scanning a chunk for its top-level locals")
struct ReplChunkTests {
  private func scan(_ source: String) -> ReplChunk {
    ReplChunk(Array(source.utf8))
  }

  @Test("local statements at the top level, with their attributes")
  func declarations() {
    let chunk = scan("local a, b <const>, c <close> = 1, 2, nil local function f() local inner = 1 end")
    #expect(
      chunk.locals == [
        .init(name: "a", attribute: .none), .init(name: "b", attribute: .const), .init(name: "c", attribute: .close),
        .init(name: "f", attribute: .none),
      ])
  }

  @Test("blocks hide their locals: do, while, for, if, repeat and function bodies")
  func blocks() {
    let source = """
      do local a = 1 end
      while false do local b = 1 end
      for i = 1, 2 do local c = i end
      if x then local d = 1 elseif y then local e = 1 else local g = 1 end
      repeat local h = 1 until h
      f = function() local k = 1 return k end
      local top = 1
      """
    #expect(scan(source).locals == [.init(name: "top", attribute: .none)])
  }

  @Test("strings, long strings and comments hide what they contain")
  func literals() {
    let source = """
      local s = "local a end \\" local b" .. 'local c' .. [[local d end]] .. [==[ ]] local e ]==]
      -- local f
      --[[ local g
      end ]] local t = 1
      """
    let chunk = scan(source)
    #expect(chunk.locals.map(\.name) == ["s", "t"])
    #expect(chunk.finalReturn == nil)
  }

  @Test("the return that ends the top level, and only that one")
  func finalReturn() throws {
    let source = "local function f() return 1 end if x then return 2 end return f()"
    let offset = try #require(scan(source).finalReturn)
    #expect(Array(source.utf8)[offset...].elementsEqual("return f()".utf8))
  }

  @Test("names mentioned as variables, not as fields or methods")
  func names() {
    let chunk = scan("a.b = c:d(e .. f, g...) x = #y[z]")
    #expect(chunk.names == ["a", "c", "e", "f", "g", "x", "y", "z"])
  }

  @Test("a line comment that runs to the end of the chunk")
  func finalComment() {
    #expect(scan("1 + 1 -- two").finalComment == 6)
    #expect(scan("1 + 1 --[[ two ]]").finalComment == nil)
    #expect(scan("-- one\n1").finalComment == nil)
    #expect(scan("'--' .. x").finalComment == nil)
  }

  @Test("numbers with exponents and hexadecimal digits are one token")
  func numbers() {
    let tokens = ReplChunk.tokens(of: Array("x = 1e-5 + 0x1p+4 + .5 .. y".utf8)).0
    #expect(
      tokens == [.word("x", 0), .symbol("="), .literal, .symbol("+"), .literal, .symbol("+"), .literal, .symbol(".."), .word("y", 26)])
  }
}
