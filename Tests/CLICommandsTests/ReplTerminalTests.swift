import PermsimTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The built `permsim repl` on a pseudo-terminal: what a user types, and everything the terminal shows.
///
/// The process has no controlling terminal, so Ctrl-C is sent as SIGINT (``interrupt()``), as a
/// terminal would send it. It is spawned as a shell spawns a job: in a process group of its own
/// (libedit passes a signal on to its whole group) and with no signal blocked (the test runner's
/// threads block some, and a child inherits that).
private final class ReplTerminal {
  struct Unavailable: Error {}

  private let _master: Int32
  private var _pid: pid_t = 0
  private var _status: Int32?
  private var _screen: [UInt8] = []
  private var _seen = 0

  /// Everything the terminal has shown so far.
  var screen: String { String(decoding: _screen, as: UTF8.self) }

  init(_ arguments: [String] = ["repl"], home: URL) throws {
    // openpty is in the C library (glibc 2.34+, macOS) but not in the Swift overlay: look it up.
    typealias OpenPTY = @convention(c) (
      UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Int32>, UnsafeMutablePointer<CChar>?, UnsafeRawPointer?, UnsafeRawPointer?
    ) -> Int32
    var master: Int32 = -1
    var slave: Int32 = -1
    var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
    guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "openpty"),
      unsafeBitCast(symbol, to: OpenPTY.self)(&master, &slave, nil, nil, &size) == 0
    else { throw Unavailable() }
    _master = master
    defer { close(slave) }

    #if canImport(Darwin)
    var actions: posix_spawn_file_actions_t?
    var attributes: posix_spawnattr_t?
    #else
    var actions = posix_spawn_file_actions_t()
    var attributes = posix_spawnattr_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for descriptor in Int32(0)...2 { posix_spawn_file_actions_adddup2(&actions, slave, descriptor) }
    posix_spawn_file_actions_addclose(&actions, master)
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    var interrupt = sigset_t()
    sigemptyset(&interrupt)
    sigaddset(&interrupt, SIGINT)
    posix_spawnattr_setsigdefault(&attributes, &interrupt)
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))

    var variables = ProcessInfo.processInfo.environment
    variables["HOME"] = home.path
    variables["TERM"] = "xterm"
    let executable = PermsimProcess.executable.path
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    guard posix_spawn(&_pid, executable, &actions, &attributes, argv, envp) == 0 else { throw Unavailable() }
  }

  deinit {
    if exitStatus(timeout: 0) == nil {
      kill(_pid, SIGKILL)
      var status: Int32 = 0
      waitpid(_pid, &status, 0)
    }
    close(_master)
  }

  /// Types `keys` (`\r` is Enter, `\u{4}` Ctrl-D, `\u{1B}[A` the up arrow) once libedit reads the terminal.
  ///
  /// libedit shows the prompt before it puts the terminal in raw mode; typed sooner, a Ctrl-D would
  /// be taken by the line discipline instead of libedit, as no person types it.
  func type(_ keys: String) {
    let deadline = Date().addingTimeInterval(5)
    var settings = termios()
    while tcgetattr(_master, &settings) == 0 && settings.c_lflag & tcflag_t(ICANON) != 0 && Date() < deadline {
      _ = readSome()
    }
    var keys = keys
    keys.withUTF8 { bytes in _ = write(_master, bytes.baseAddress, bytes.count) }
  }

  /// Sends Ctrl-C until the terminal shows `text`, as a person presses it again when nothing happens.
  ///
  /// A SIGINT that comes while libedit is between two reads, or while the REPL prepares a chunk, is
  /// let go by design; the next one is not.
  func interrupt(until text: String, sourceLocation: SourceLocation = #_sourceLocation) {
    for _ in 1...5 {
      kill(_pid, SIGINT)
      if find(text, timeout: 2) { return }
    }
    Issue.record("Ctrl-C never led to \(String(reflecting: text)); the terminal shows \(String(reflecting: screen))", sourceLocation: sourceLocation)
  }

  /// The exit status once the process has ended, or nil if it runs past `timeout` seconds.
  func exitStatus(timeout: Double = 20) -> Int32? {
    let deadline = Date().addingTimeInterval(timeout)
    while _status == nil {
      var status: Int32 = 0
      if waitpid(_pid, &status, WNOHANG) == _pid {
        _status = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + status & 0x7F
      } else if Date() >= deadline {
        break
      } else if !readSome() {
        usleep(10_000)
      }
    }
    return _status
  }

  /// Waits until the terminal shows `text` after what earlier waits matched; records an issue after `timeout` seconds.
  @discardableResult
  func waitFor(_ text: String, timeout: Double = 20, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
    if find(text, timeout: timeout) { return true }
    Issue.record("the terminal did not show \(String(reflecting: text)); it shows \(String(reflecting: screen))", sourceLocation: sourceLocation)
    return false
  }

  private func find(_ text: String, timeout: Double) -> Bool {
    let wanted = Array(text.utf8)
    let deadline = Date().addingTimeInterval(timeout)
    repeat {
      if let end = Self.end(of: wanted, in: _screen, from: _seen) {
        _seen = end
        return true
      }
    } while readSome() && Date() < deadline
    return false
  }

  /// Reads what the terminal shows within 50 ms; false once the terminal is closed.
  private func readSome() -> Bool {
    var descriptor = pollfd(fd: _master, events: Int16(POLLIN), revents: 0)
    guard poll(&descriptor, 1, 50) > 0 else { return true }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = read(_master, &buffer, buffer.count)
    guard count > 0 else { return false }
    _screen += buffer[..<count]
    return true
  }

  private static func end(of wanted: [UInt8], in screen: [UInt8], from start: Int) -> Int? {
    guard !wanted.isEmpty, screen.count - start >= wanted.count else { return nil }
    for offset in start...(screen.count - wanted.count) where screen[offset..<offset + wanted.count].elementsEqual(wanted) {
      return offset + wanted.count
    }
    return nil
  }
}

@Suite("permsim repl on a terminal", .serialized)
struct ReplTerminalTests {
  private func withHome(_ body: (URL) throws -> Void) throws {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("permsim-home-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: home) }
    try body(home)
  }

  @Test("banner, line editing, and a history kept in $HOME/.permsim_history for the next session")
  func history() throws {
    try withHome { home in
      let first = try ReplTerminal(home: home)
      first.waitFor("permsim 0.1.0 REPL (Lua 5.4, iOS 26.0) — Ctrl-D to quit\r\n> ")
      first.type("x = 20\r")
      first.waitFor("> ")
      first.type("x + 2\u{7F}1\r")  // a typo, erased with Backspace
      first.waitFor("21\r\n> ")
      first.type("\u{4}")
      #expect(first.exitStatus() == 0, "\(first.screen)")
      let history = try String(contentsOf: home.appendingPathComponent(".permsim_history"), encoding: .utf8)
      #expect(history.contains("20"))

      let second = try ReplTerminal(home: home)
      second.waitFor("> ")
      second.type("\u{1B}[A\u{1B}[A\r")  // up twice: x = 20
      second.waitFor("x = 20")
      second.type("x\r")
      second.waitFor("20\r\n> ")
      second.type("\u{4}")
      #expect(second.exitStatus() == 0, "\(second.screen)")
    }
  }

  @Test("Ctrl-C at the prompt drops the line; Ctrl-C in a running chunk interrupts it; the REPL goes on")
  func interrupts() throws {
    try withHome { home in
      let terminal = try ReplTerminal(home: home)
      terminal.waitFor("> ")
      terminal.type("abc")
      terminal.waitFor("abc")
      terminal.interrupt(until: "^C\r\n> ")
      terminal.type("1 + 1\r")
      terminal.waitFor("2\r\n> ")

      terminal.type("for i = 1, 1e6 do local s = string.rep('x', 1e5) end\r")
      terminal.waitFor("end\r\n")
      terminal.interrupt(until: "stdin:1: interrupted!")
      terminal.waitFor("> ")
      terminal.type("2 + 2\r")
      terminal.waitFor("4\r\n> ")
      terminal.type("\u{4}")
      #expect(terminal.exitStatus() == 0, "\(terminal.screen)")
      #expect(!terminal.screen.contains("abc\r\n"), "the dropped line never ran")
    }
  }

  @Test("Tab completes a member; Ctrl-C stops a statement inside a C call (the pattern matcher); a table prints as Lua")
  func completionAndInterruptInC() throws {
    try withHome { home in
      // No budget: only Ctrl-C can stop the pattern below.
      let terminal = try ReplTerminal(["repl", "--instructions", "0"], home: home)
      terminal.waitFor("> ")
      terminal.type("phone = device { ios = \"17.0\" }\r")
      terminal.waitFor("> ")
      terminal.type("phone:expect_no_pr\t")
      terminal.waitFor("ompt")
      terminal.type("()\r")
      terminal.waitFor("> ")
      // A pattern that backtracks for minutes: the matcher is C, and only its budget charges see the interrupt.
      terminal.type("string.find(string.rep('a', 1e5), '.-.-.-.-.-b')\r")
      terminal.waitFor("'.-.-.-.-.-b')\r\n")
      terminal.interrupt(until: "stdin:1: interrupted!")
      terminal.waitFor("> ")
      terminal.type("{ \"Allow Once\", \"Deny\" }\r")
      terminal.waitFor("{ \"Allow Once\", \"Deny\" }\r\n> ")
      terminal.type("\u{4}")
      #expect(terminal.exitStatus() == 0, "\(terminal.screen)")
      #expect(!terminal.screen.contains("budget"), "interrupted, not stopped by the budget: \(terminal.screen)")
    }
  }
}
