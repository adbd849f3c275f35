import Foundation
import PermsimTestSupport
import Testing

@testable import ReplEngine

@Suite("REPL loop (lua.c's algorithm)")
struct ReplTests {
  @Test("an expression prints its values tab-separated, a statement prints nothing")
  func expressions() throws {
    let repl = try ReplHarness(["1 + 1", "return 1, nil, \"a\"", "x = 5", "x * 2", "print(\"p\", x)", "f = function() end", "f()"])
    #expect(repl.outputLines == ["2", "1\tnil\ta", "10", "p\t5"])
    #expect(repl.errors.isEmpty)
    #expect(repl.output.hasSuffix("\n\n"), "the end of the input ends the line, as lua.c does")
  }

  @Test("a statement left open at <eof> reads continuation lines with >>")
  func continuation() throws {
    let repl = try ReplHarness(["function double(x)", "  return x * 2", "end", "double(21)", "t = {", "1,", "2 }", "#t"])
    #expect(repl.script.prompts == ["> ", ">> ", ">> ", "> ", "> ", ">> ", ">> ", "> ", "> "])
    #expect(repl.outputLines == ["42", "2"])
    #expect(repl.script.remembered == ["function double(x)\n  return x * 2\nend", "double(21)", "t = {\n1,\n2 }", "#t"])
  }

  @Test("an error prints its message and traceback, and the REPL goes on")
  func errorsContinue() throws {
    let repl = try ReplHarness(["error(\"boom\")", "nosuch()", "x = = 1", "1 + 1"])
    #expect(repl.outputLines == ["2"])
    #expect(
      repl.errors == """
        stdin:1: boom
        stack traceback:
        \tstdin:1: in main chunk
        stdin:1: attempt to call a nil value (global 'nosuch')
        stack traceback:
        \tstdin:1: in main chunk
        stdin:1: unexpected symbol near '='

        """)
  }

  @Test("the traceback shows the author's frames and names the line's own frame `main chunk`")
  func traceback() throws {
    let repl = try ReplHarness(["local function inner() error(\"deep\") end", "function outer()", "  inner()", "end", "outer()"])
    #expect(
      repl.errors == """
        stdin:1: deep
        stack traceback:
        \tstdin:1: in upvalue 'inner'
        \tstdin:2: in function 'outer'
        \tstdin:1: in main chunk

        """)
  }

  @Test("the input ending inside a statement reports the statement's <eof> error")
  func endInsideStatement() throws {
    let repl = try ReplHarness(["function f()", "  return 1"])
    #expect(repl.errors == "stdin:2: 'end' expected (to close 'function' at line 1) near <eof>\n")
    #expect(repl.script.remembered == ["function f()\n  return 1"])
  }

  @Test("`=expression` is `return expression`, as in Lua 5.2")
  func equalsPrefix() throws {
    let repl = try ReplHarness(["=2 + 3", "=1, 2"])
    #expect(repl.outputLines == ["5", "1\t2"])
  }

  @Test("_PROMPT and _PROMPT2 replace the prompts from the next line on")
  func prompts() throws {
    let repl = try ReplHarness(["_PROMPT = \"scenario> \"", "_PROMPT2 = 2", "do", "end", "_PROMPT = nil", "1"])
    #expect(repl.script.prompts == ["> ", "scenario> ", "scenario> ", "2", "scenario> ", "> ", "> "])
  }

  @Test("Ctrl-C at a prompt drops the statement being typed")
  func interruptedInput() throws {
    let repl = try ReplHarness(inputs: [.line("function f()"), .interrupted, .line("rawget(_G, \"f\")"), .interrupted, .line("2")])
    #expect(repl.outputLines == ["^C", "nil", "^C", "2"])
    #expect(repl.script.prompts == ["> ", ">> ", "> ", "> ", "> ", "> "])
    #expect(repl.script.remembered == ["rawget(_G, \"f\")", "2"])
  }

  @Test("empty lines are not kept in the history")
  func emptyLines() throws {
    let repl = try ReplHarness(["", "1", ""])
    #expect(repl.outputLines == ["1"])
    #expect(repl.script.remembered == ["1"])
  }

  @Test("the instruction budget stops a runaway chunk, and starts afresh for the next one")
  func budget() throws {
    let repl = try ReplHarness(
      ["while true do end", "local n = 0 for i = 1, 1000 do n = n + i end return n"], limits: .init(instructions: 100_000))
    #expect(repl.errors.hasPrefix("stdin:1: instruction budget exceeded (100000 instructions)\n"))
    #expect(repl.outputLines == ["500500"])
  }

  @Test("a failed expectation prints where, its message and its details indented")
  func failedExpectation() throws {
    let repl = try ReplHarness([
      "phone = device {}",
      "app = phone:install { info = { NSLocationWhenInUseUsageDescription = \"Finds Wi-Fi.\" }, name = \"Finder\" }",
      "app:launch()",
      "manager = app:location_manager()",
      "manager:requestWhenInUseAuthorization()",
      "expect_prompt { kind = \"alwaysUpgrade\" }",
      "expect(1).to_be(2)",
    ])
    let errors = repl.errors.split(separator: "\n").map(String.init)
    #expect(errors.first == "stdin:1: the alert showing differs: kind: expected \"alwaysUpgrade\", got \"authorization\"")
    #expect(errors.contains("  alert showing:"))
    #expect(errors.contains("    kind:    \"authorization\""))
    #expect(errors.contains("  differences:"))
    #expect(errors.contains("stdin:1: expected 1 to be 2"), "an expectation inside an expression still knows its line")
  }

  @Test("a crash prints the exception and reason at the author's line")
  func crash() throws {
    let repl = try ReplHarness([
      "app = device {}:install { info = { NSLocationWhenInUseUsageDescription = \"x\" }, name = \"Finder\" }",
      "app:launch()",
      "manager = app:location_manager()",
      "manager.allowsBackgroundLocationUpdates = true",
    ])
    #expect(repl.errors.hasPrefix("stdin:1: the app crashed: NSInternalInconsistencyException: "))
    #expect(repl.outputLines.contains { $0.contains("CRASH NSInternalInconsistencyException") })
  }

  @Test("model steps print from the transcript as they happen, in order with print")
  func transcriptInterleaves() throws {
    let repl = try ReplHarness([
      "print(\"before\") phone = device { ios = \"17.0\" } print(\"after\")",
      "phone.ios",
    ])
    let lines = repl.outputLines
    try #require(lines.count == 4)
    #expect(lines[0] == "before")
    #expect(lines[1].hasPrefix("[+0.000s] phone: iOS 17.0"))
    #expect(lines[2] == "after")
    #expect(lines[3] == "17.0")
  }

  @Test("--plist makes phone, app (launched) and manager, and prints what happened")
  func preparedObjects() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("permsim-repl-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let plist = directory.appendingPathComponent("Info.plist")
    try ReplFixtures.wifiFinderInfoPlist.write(to: plist, atomically: true, encoding: .utf8)
    let repl = try ReplHarness(["phone.ios, app.state, manager.authorizationStatus"], root: directory.path, plist: plist.path)
    #expect(repl.outputLines.first?.contains("phone: iOS 18.0") == true)
    #expect(repl.outputLines.contains { $0.contains("WiFiFinder: launch") })
    #expect(repl.outputLines.last == "18.0\tforeground\tnotDetermined")
  }
}
