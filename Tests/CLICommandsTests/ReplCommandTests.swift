import PermsimTestSupport
import Foundation
import Testing

@Suite("permsim repl, end to end with piped input")
struct ReplCommandTests {
  /// A temporary directory holding `Info.plist`; removed by `remove()`.
  struct AppDirectory {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("permsim-repl-\(UUID().uuidString)")

    init() throws {
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
      try ReplFixtures.wifiFinderInfoPlist.write(to: url.appendingPathComponent("Info.plist"), atomically: true, encoding: .utf8)
    }

    func remove() {
      try? FileManager.default.removeItem(at: url)
    }
  }

  @Test("a piped session: a multi-line function, an expression, an error, then a working line")
  func pipedSession() throws {
    let input = """
      function double(x)
        return x * 2
      end
      double(21)
      error("boom")
      double(1) + 1

      """
    let result = try PermsimProcess.run(["repl"], input: input)
    #expect(result.status == 0)
    #expect(
      result.standardOutput == """
        > function double(x)
        >>   return x * 2
        >> end
        > double(21)
        42
        > error("boom")
        > double(1) + 1
        3
        > \n
        """)
    #expect(
      result.standardError == """
        stdin:1: boom
        stack traceback:
        \tstdin:1: in main chunk

        """)
  }

  @Test("--plist: the alert prints as it appears, then the callback after the tap")
  func plistSession() throws {
    let directory = try AppDirectory()
    defer { directory.remove() }
    let input = """
      manager:requestWhenInUseAuthorization()
      phone.prompt:tap "Allow Once"
      manager.authorizationStatus

      """
    let result = try PermsimProcess.run(["repl", "--plist", "Info.plist", "--ios", "17.0"], in: directory.url, input: input)
    #expect(result.status == 0)
    #expect(result.standardError.isEmpty)
    let lines = result.standardOutput.split(separator: "\n").map(String.init)
    let request = try #require(lines.firstIndex(of: "> manager:requestWhenInUseAuthorization()"))
    let tap = try #require(lines.firstIndex(of: "> phone.prompt:tap \"Allow Once\""))
    #expect(lines[..<request].contains { $0.hasPrefix("[+0.000s] phone: iOS 17.0, locale en") })
    #expect(lines[..<request].contains { $0.contains("WiFiFinder: launch → foreground") })
    let alert = lines[request + 1..<tap]
    #expect(alert.contains { $0.hasPrefix("[+0.000s] alert#1") && $0.contains("Allow “WiFiFinder” to use your location?") })
    let callback = lines[(tap + 1)...]
    #expect(callback.contains { $0.contains("manager#1 ← locationManagerDidChangeAuthorization(authorizedWhenInUse") })
    #expect(lines.suffix(2) == ["authorizedWhenInUse", "> "])
  }

  @Test("--locale sets the --plist device's locale")
  func locale() throws {
    let directory = try AppDirectory()
    defer { directory.remove() }
    let result = try PermsimProcess.run(["repl", "--plist", "Info.plist", "--locale", "de"], in: directory.url, input: "")
    #expect(result.status == 0)
    #expect(result.standardOutput.hasPrefix("[+0.000s] phone: iOS 26.0, locale de"))
  }

  @Test("an unreadable --plist stops before the REPL starts, with status 2")
  func unreadablePlist() throws {
    let directory = try AppDirectory()
    defer { directory.remove() }
    try "garbage".write(to: directory.url.appendingPathComponent("Bad.plist"), atomically: true, encoding: .utf8)
    let result = try PermsimProcess.run(["repl", "--plist", "Bad.plist"], in: directory.url, input: "1\n")
    #expect(result.status == 2)
    #expect(result.standardOutput.isEmpty)
    #expect(result.standardError.hasPrefix("permsim: --plist Bad.plist: cannot install the app: "))
  }

  @Test("usage errors exit with status 2", arguments: [
    ["repl", "--ios", "99.0"], ["repl", "--locale", "de"], ["repl", "--plist", "no/such/Info.plist"],
  ])
  func usageErrors(_ arguments: [String]) throws {
    let result = try PermsimProcess.run(arguments, input: "1\n")
    #expect(result.status == 2)
    #expect(result.standardOutput.isEmpty, "the REPL must not start")
    #expect(!result.standardError.isEmpty)
  }

  @Test("a piped session prints tables as Lua and help from the member tables (issue 18)")
  func tablesAndHelp() throws {
    let directory = try AppDirectory()
    defer { directory.remove() }
    let input = """
      manager:requestWhenInUseAuthorization()
      phone.prompt.buttons
      { 1, { 2, { "x" } }, key = true }
      help
      .help Alert

      """
    let result = try PermsimProcess.run(["repl", "--plist", "Info.plist", "--ios", "17.0"], in: directory.url, input: input)
    #expect(result.status == 0)
    let output = result.standardOutput
    #expect(output.contains("> phone.prompt.buttons\n{ \"Allow Once\", \"Allow While Using App\", \"Don’t Allow\" }\n"), "\(output)")
    #expect(output.contains("{ 1, { 2, { \"x\" } }, key = true }\n"))
    #expect(output.contains("> help\nDevice — A simulated iPhone"))
    #expect(output.contains("  Device:install(options)           Installs an app and returns it.\n"))
    #expect(output.contains("> .help Alert\nAlert — "))
    #expect(output.contains("  Alert:tap(label)  ") || output.contains("  Alert:tap(label)                  "))
  }
}
