import LuaBridge
import ScenarioRuntime

/// The read-eval-print loop of `permsim repl`, after lua.c's `doREPL`, on a session bound to one model world.
///
/// A line is compiled as `return <line>;` first, so an expression prints its values; else as
/// statements, and a syntax error that ends at `<eof>` reads a continuation line and tries again.
/// The prompts are `> ` and `>> `, or the globals `_PROMPT` and `_PROMPT2`. Results are printed
/// tab-separated, converted by `tostring`; an error is printed with its traceback, and the loop goes
/// on. Ctrl-C interrupts a running chunk. Beyond lua.c: top-level locals persist (``ReplLocals``),
/// and what happens in the model (alerts, callbacks, …) is printed from the transcript as it
/// happens, before each `print` and after each chunk.
public final class Repl {
  /// The name of the input in messages (`stdin:1: …`), as lua.c has it.
  static let chunkName = "=stdin"
  /// The prompt of a first line, unless `_PROMPT` is set.
  static let prompt = "> "
  /// The prompt of a continuation line, unless `_PROMPT2` is set.
  static let continuationPrompt = ">> "

  /// The session the lines run in.
  let session: ScenarioSession
  private var _reader: any LineReader
  private let _output: ReplOutput
  private let _locals: ReplLocals
  private let _support: LuaTable
  private let _catchesSIGINT: Bool
  private var _transcriptShown = 0

  /// A loop reading from `reader` and writing to `output`; the session's `print` writes there too.
  ///
  /// With `catchesSIGINT` false, Ctrl-C is left alone (for tests in a process that signals itself).
  public init(session: ScenarioSession, reader: any LineReader, output: ReplOutput, catchesSIGINT: Bool = true) throws(LuaError) {
    self.session = session
    _reader = reader
    _output = output
    _catchesSIGINT = catchesSIGINT
    let state = session.luaState
    _locals = try ReplLocals(state: state)
    _support = state.makeTable()
    try state.call(state.load(LuaSource.replPrompt, chunkName: "=[permsim]"), _support, state.globals)
    try state.call(state.load(LuaSource.replShow, chunkName: "=[permsim]"), _support)
    session.printHandler = { [weak self] line in
      guard let self else { return }
      showTranscript()
      _output.write(line + "\n")
    }
  }

  /// Reads, evaluates and prints until the input ends; then ends the last line, as lua.c does.
  public func run() {
    while let input = read() {
      switch input {
      case .chunk(let function): evaluate(function)
      case .failed(let error): report(error)
      case .text(let text): _output.write(text)
      case .interrupted: _output.write("^C\n")
      }
    }
    _output.write("\n")
  }

  /// Makes `phone`, `app` (installed from `plist` and launched) and `manager`, then prints what happened in the model.
  public func prepare(plist: String, locale: String?) throws(LuaError) {
    let state = session.luaState
    state.instructionCount = 0
    try state.call(state.load(LuaSource.replPrepare, chunkName: "=--plist"), plist, locale)
    showTranscript()
  }


  // MARK: - Reading (lua.c's loadline, addreturn, multiline)

  private enum Input {
    case chunk(LuaFunction)
    case failed(LuaError)
    case text(String)
    case interrupted
  }

  /// The next chunk to run, an error to report, or nil at the end of the input.
  private func read() -> Input? {
    session.luaState.instructionCount = 0
    var line: String
    switch _reader.readLine(prompt: prompt(first: true)) {
    case .end: return nil
    case .interrupted: return .interrupted
    case .line(let text): line = text
    }
    if let help = help(line) {
      _reader.remember(line)
      return .text(help)
    }
    if line.hasPrefix("=") { line = "return " + line.dropFirst() }  // Lua 5.2's `=expression`
    if case .success(let expression) = compile(expressions: line) {
      if !line.isEmpty { _reader.remember(line) }
      return .chunk(expression)
    }
    var source = line
    while true {
      switch compile(source) {
      case .success(let statements):
        _reader.remember(source)
        return .chunk(statements)
      case .failure(let error) where error.kind == .syntax && error.message.hasSuffix("<eof>"):
        switch _reader.readLine(prompt: prompt(first: false)) {
        case .line(let more): source += "\n" + more
        case .interrupted: return .interrupted
        case .end:
          _reader.remember(source)
          return .failed(error)
        }
      case .failure(let error):
        _reader.remember(source)
        return .failed(error)
      }
    }
  }

  /// What `help` or `.help` (optionally followed by an object's name) prints, or nil for any other line.
  ///
  /// `help` is Lua's when the session has a global of that name; `.help` is always the REPL's.
  private func help(_ line: String) -> String? {
    let words = line.split(separator: " ")
    guard let first = words.first, words.count <= 2,
      first == ".help" || (first == "help" && session.luaState.globals.rawGet("help") == .nil)
    else { return nil }
    guard words.count == 2 else { return Self.help() }
    return ScenarioAPI.help(type: String(words[1]))
      ?? "no object is called \(words[1]); the objects are \(ScenarioAPI.typeNames.joined(separator: ", "))\n"
  }

  /// The whole API by object, one line per member, generated from the member tables.
  static func help() -> String {
    (ScenarioAPI.help() ?? "")
      + "\nFunctions: device { … }, scenario, describe, expect(value), expect_prompt { … }, clock:advance(…) and more"
      + " (the README's API table). `help Device` shows one object.\n"
  }

  /// lua.c's first try, `return <line>;`, compiled with the persisted locals once it compiles on its own.
  private func compile(expressions line: String) -> Result<LuaFunction, LuaError> {
    let state = session.luaState
    return Result { () throws(LuaError) in
      _ = try state.load("return " + line + ";", chunkName: Self.chunkName)
      return try _locals.compile(expressions: line, chunkName: Self.chunkName)
    }
  }

  /// `source` as statements, compiled with the persisted locals once it compiles on its own.
  private func compile(_ source: String) -> Result<LuaFunction, LuaError> {
    let state = session.luaState
    return Result { () throws(LuaError) in
      _ = try state.load(source, chunkName: Self.chunkName)
      return try _locals.compile(statements: source, chunkName: Self.chunkName)
    }
  }

  /// lua.c's `get_prompt`: `_PROMPT` (or `_PROMPT2`) converted by `tostring`, else the default.
  private func prompt(first: Bool) -> String {
    let fallback = first ? Self.prompt : Self.continuationPrompt
    guard let function = _support.function("prompt"),
      let prompt = try? session.luaState.call(function, first ? "_PROMPT" : "_PROMPT2").first?.string
    else { return fallback }
    return prompt
  }

  // MARK: - Evaluating and printing

  private func evaluate(_ function: LuaFunction) {
    let state = session.luaState
    state.instructionCount = 0
    do {
      // The values are shown as Lua writes them (repl_show.lua), inside the same interruptible call.
      _support.rawSet("chunk", function)
      defer { _support.rawSet("chunk", LuaValue.nil) }
      let shown = _support.function("run") ?? function
      let run = { [session] () throws -> [String] in try session.evaluate(shown) }
      let results = try _catchesSIGINT ? state.interruptingOnSIGINT(run) : run()
      showTranscript()
      if !results.isEmpty { _output.write(results.joined(separator: "\t") + "\n") }
    } catch {
      showTranscript()
      report(error)
    }
  }

  /// Writes the transcript lines added since it last wrote (alerts, callbacks, the model's steps).
  private func showTranscript() {
    let entries = session.world.transcriptEntries
    guard entries.count > _transcriptShown else { return }
    for entry in entries[_transcriptShown...] { _output.write(entry.description + "\n") }
    _transcriptShown = entries.count
  }

  private func report(_ error: any Error) {
    guard let error = error as? LuaError else {
      _output.writeError("\(error)\n")
      return
    }
    _output.writeError(Self.describe(error) + "\n")
  }

  /// The error as the session describes it, the line's own frame named `main chunk` as in lua.c.
  static func describe(_ error: LuaError) -> String {
    var lines = ScenarioSession.interactiveDescription(of: error).split(separator: "\n", omittingEmptySubsequences: false)
    // The line's chunk is called by the host (lua.c's name for it) or by repl_show.lua's `support.run`.
    for frame in [" in function <stdin:1>", " in field 'chunk'"] {
      if let last = lines.lastIndex(where: { $0.hasPrefix("\tstdin:") }), lines[last].hasSuffix(frame) {
        lines[last] = lines[last].dropLast(frame.count) + Substring(" in main chunk")
      }
    }
    return lines.joined(separator: "\n")
  }

}
