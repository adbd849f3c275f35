import Testing

@testable import ReplEngine

@Suite("REPL: locals persist between lines")
struct ReplLocalsTests {
  /// Lines typed one after the other, what they print, and what error they report (if any).
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var lines: [String]
    var output: [String]
    var error: String?

    var testDescription: String { name }

    static let all: [Case] = [
      Case(name: "a plain local", lines: ["local x = 42", "x"], output: ["42"]),
      Case(name: "local a, b, c = 1, 2", lines: ["local a, b, c = 1, 2", "a, b, c"], output: ["1\t2\tnil"]),
      Case(
        name: "several locals from one call",
        lines: ["local function two() return 1, 2 end", "local p, q = two()", "p + q"], output: ["3"]),
      Case(
        name: "local function is recursive and persists",
        lines: ["local function fact(n) if n <= 1 then return 1 end return n * fact(n - 1) end", "fact(5)"],
        output: ["120"]),
      Case(name: "an assignment persists", lines: ["local n = 1", "n = n + 1", "n"], output: ["2"]),
      Case(
        name: "closures share the variable with later lines",
        lines: ["local count = 0", "function bump() count = count + 1 end", "bump() bump()", "count", "count = 10 bump()", "count"],
        output: ["2", "11"]),
      Case(
        name: "a new local shadows without changing what earlier closures captured",
        lines: ["local x = 1", "function get() return x end", "local x = 2", "get(), x"], output: ["1\t2"]),
      Case(
        name: "the last of two declarations in one line wins",
        lines: ["local r = 1; local r = r + 1", "r"], output: ["2"]),
      Case(
        name: "a <const> compile-time constant stays constant",
        lines: ["local k <const> = 10", "k * 2", "k = 1", "k"], output: ["20", "10"],
        error: "stdin:1: attempt to assign to const variable 'k'"),
      Case(
        name: "a <const> table: its fields change, the variable does not",
        lines: ["local t <const> = {}", "t.a = 1", "t.a", "function reset() t = {} end"], output: ["1"],
        error: "stdin:1: attempt to assign to const variable 't'"),
      Case(
        name: "a <close> local is closed when its line ends and is not kept",
        lines: ["local h <close> = setmetatable({}, { __close = function() print(\"closed\") end }) print(\"open\")", "h"],
        output: ["open", "closed", "nil"]),
      Case(
        name: "a line that fails keeps its assignments, not its new locals",
        lines: ["local a = 1", "a = 2 local b = 3 error(\"stop\")", "a, b"], output: ["2\tnil"], error: "stdin:1: stop"),
      Case(
        name: "locals of nested blocks and functions end with them",
        lines: ["do local inner = 1 end", "if true then local y = 2 end", "for i = 1, 2 do local z = i end", "function f() local w = 1 end", "inner, y, z, w, i"],
        output: ["nil\tnil\tnil\tnil\tnil"]),
      Case(
        name: "a line ending in return keeps its locals",
        lines: ["local z = 5 return z * 2", "z"], output: ["10", "5"]),
      Case(
        name: "a return from inside a block keeps nothing new",
        lines: ["local early = 1 do return early end", "early"], output: ["1", "nil"]),
      Case(
        name: "`local` in strings and comments is not a declaration",
        lines: ["local s = 'local fake = 1' -- local other = 2", "s, fake, other"], output: ["local fake = 1\tnil\tnil"]),
      Case(
        name: "`local` and `end` in long strings and long comments",
        lines: ["local long = [==[", "end ]] local w = 1", "]==] --[[ local v = 2 end", "]] local u = 3", "u, w, v, #long"],
        output: ["3\tnil\tnil\t19"]),
      Case(
        name: "a field or method named like a local is not the local",
        lines: ["local m = {}", "function m.x() return \"mx\" end", "local x = 7", "m.x(), x"], output: ["mx\t7"]),
      Case(
        name: "a local _ENV changes the globals of later lines",
        lines: ["local _ENV = { print = print, answer = 42 }", "print(answer, tostring)"], output: ["42\tnil"]),
      Case(
        name: "a goto to a label ending the line still runs, without keeping the line's locals",
        lines: ["goto done local skipped = 1 ::done::", "skipped"], output: ["nil"]),
      Case(name: "the top level has no varargs", lines: ["select(\"#\", ...)"], output: ["0"]),
      Case(
        name: "a multi-line chunk keeps its locals",
        lines: ["local first = 1", "local function add(a,", "  b) return a + b end", "add(first, 2)"], output: ["3"]),
    ]
  }

  @Test("locals behave as in one growing function", arguments: Case.all)
  func persistence(_ example: Case) throws {
    let repl = try ReplHarness(example.lines)
    #expect(repl.outputLines == example.output)
    if let error = example.error {
      #expect(repl.errors.hasPrefix(error + "\n"), "errors: \(repl.errors)")
    } else {
      #expect(repl.errors.isEmpty)
    }
  }

  @Test("the header declares only the persisted locals a line mentions, <const> ones as <const>")
  func header() {
    let header = ReplLocals.header(declaring: ["a": false, "k": true, "unused": false], mentionedIn: ["a", "k", "print"])
    #expect(header == "local a, k <const>; local _PERMSIM_REPL = ...; return function(...) ")
    #expect(!header.contains("\n"), "the header must keep the line's line numbers")
  }

  @Test("the keeper takes the last declaration of each name and leaves out <close> ones")
  func keeper() {
    let locals: [ReplChunk.Local] = [
      .init(name: "a", attribute: .none), .init(name: "c", attribute: .close), .init(name: "a", attribute: .const),
      .init(name: "_PERMSIM_REPL", attribute: .none),
    ]
    #expect(ReplLocals.keeper(of: locals) == ";_PERMSIM_REPL.keep(\"a\", true, function() return a end);")
    #expect(ReplLocals.keeper(of: [.init(name: "c", attribute: .close)]) == "")
  }
}
