import Foundation
import Testing

/// The bridge's rules about the Lua C API (see the top of Sources/LuaBridge/LuaStack.swift), checked on the sources.
@Suite("Source rules")
struct SourceRulesTests {
  /// C API functions Swift must not call: they raise (longjmp), may run metamethods, or run Lua code
  /// outside clua_pcall's handler and memory limit.
  static let forbidden = [
    "lua_error", "luaL_error", "luaL_argerror", "luaL_argexpected", "luaL_typeerror", #"luaL_check\w*"#, #"luaL_opt\w*"#,
    "lua_call", "lua_callk", "lua_pcall", "lua_pcallk", "lua_resume", "luaL_dostring", "luaL_dofile", "luaL_callmeta",
    "luaL_requiref", "luaL_getsubtable", "lua_yield", "lua_yieldk", "lua_toclose", "lua_getfield", "lua_setfield",
    "lua_gettable", "lua_settable", "lua_getglobal", "lua_setglobal", "lua_geti", "lua_seti", "luaL_tolstring",
    "lua_len", "luaL_len", "lua_next", "lua_concat", "lua_compare", "lua_arith",
  ]

  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The calls to forbidden functions in Swift source `text`, comments ignored.
  static func violations(in text: String) throws -> [String] {
    let pattern = try Regex(#"\b(?:"# + forbidden.joined(separator: "|") + #")\s*\("#)
    return text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line in
      let code = line.firstRange(of: "//").map { line[..<$0.lowerBound] } ?? line
      return code.matches(of: pattern).map { String(code[$0.range]) }
    }
  }

  static func swiftFiles(under folder: String) throws -> [URL] {
    let enumerator = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
    return (enumerator?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }
  }

  @Test("the checker finds a raising call and ignores comments")
  func checkerWorks() throws {
    #expect(try Self.violations(in: "lua_getfield(L, -1, \"x\")\nclua_gettable(L, 1) // lua_error(L)") == ["lua_getfield("])
    #expect(try Self.violations(in: "_ = luaL_checkinteger (L, 1); lua_rawget(L, 1)") == ["luaL_checkinteger ("])
  }

  @Test("no Swift file calls a Lua API function that can raise")
  func noRaisingCalls() throws {
    let files = try Self.swiftFiles(under: "Sources")
    #expect(files.count > 10)
    for file in files {
      let found = try Self.violations(in: String(contentsOf: file, encoding: .utf8))
      #expect(found.isEmpty, "\(file.lastPathComponent): \(found)")
    }
  }

  @Test("only the C boundary files of LuaBridge import the C modules, and state the rules")
  func cImports() throws {
    for file in try Self.swiftFiles(under: "Sources") {
      let text = try String(contentsOf: file, encoding: .utf8)
      guard text.contains("import CLua") else { continue }
      #expect(file.path.contains("/Sources/LuaBridge/LuaStack"), "\(file.lastPathComponent) imports CLua")
      #expect(text.contains("longjmp"), "\(file.lastPathComponent) does not state the rules")
    }
  }

  // MARK: - Lua lives in .lua files

  /// The lines of multi-line string literals in Swift `text` that hold Lua (a `local`, `function` or `end` in them).
  static func luaLines(in text: String) -> Int {
    let blocks = text.components(separatedBy: "\"\"\"")
    let keywords = try? Regex(#"\b(local|function|end|then)\b"#)
    return stride(from: 1, to: blocks.count, by: 2).reduce(0) { total, index in
      let block = blocks[index]
      guard let keywords, block.contains(keywords) else { return total }
      return total + block.split(separator: "\n", omittingEmptySubsequences: false).count - 2
    }
  }

  @Test("the checker counts the Lua lines of a string literal and passes other literals over")
  func luaCheckerWorks() {
    let lua = "let a = \"\"\"\n  local x = 1\n  return x\n  \"\"\"\nlet b = \"\"\"\n  plain words\n  \"\"\"\n"
    #expect(Self.luaLines(in: lua) == 2)
  }

  @Test("no Swift file holds more than 20 lines of Lua: the scenario language is in .lua files")
  func luaInLuaFiles() throws {
    for file in try Self.swiftFiles(under: "Sources") {
      let lines = Self.luaLines(in: try String(contentsOf: file, encoding: .utf8))
      #expect(lines <= 20, "\(file.lastPathComponent) holds \(lines) lines of Lua")
    }
  }

  /// `luac5.4` (Debian's lua5.4) or `luac` (Homebrew's lua), if installed.
  static let luac = ["/usr/bin/luac5.4", "/usr/local/bin/luac", "/opt/homebrew/bin/luac"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  /// Whether the tests run under valgrind (Scripts/valgrind-bridge), whose own file descriptors make
  /// Foundation's Process fail to start a child (EBADF) and read memory memcheck calls uninitialised.
  static let underValgrind = ProcessInfo.processInfo.environment["LD_PRELOAD"]?.contains("vgpreload") == true

  @Test(
    "every .lua file of the package compiles with luac -p",
    .enabled(if: luac != nil, "no luac5.4 (Scripts/bootstrap installs lua5.4)"),
    .disabled(if: underValgrind, "Process cannot start a child under valgrind; the other runs check this"))
  func luaFilesCompile() throws {
    let enumerator = FileManager.default.enumerator(at: Self.root.appendingPathComponent("Sources"), includingPropertiesForKeys: nil)
    let files = (enumerator?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "lua" }
    #expect(files.count >= 5)
    for file in files {
      // One file a call: Debian's luac 5.4.4 aborts (double free) when -p is given several.
      let process = Process()
      process.executableURL = URL(fileURLWithPath: try #require(Self.luac))
      process.arguments = ["-p", file.path]
      try process.run()
      process.waitUntilExit()
      #expect(process.terminationStatus == 0, "\(file.lastPathComponent) does not compile")
    }
  }
}
