import LuaBridge
import Reporting

/// Turns how a scenario run ended into a report outcome, keeping failures and errors apart (SCENARIO_API §11).
///
/// What the case raised decides: a ``CaseSignal`` of kind failure (an expectation) or crash (outside
/// `expect_crash`) is a *failure*; a signal of kind error (any Lua error the case runner caught, a
/// misuse of the API), a syntax error or a budget overrun is an *error*. The signal carries its own
/// location; only errors raised outside the case runner (a file's top level, a budget) are placed
/// where Lua's message says.
public enum CaseVerdict {
  /// The outcome of a run that threw `error`, or passed when it is nil.
  public static func outcome(of error: LuaError?, memoryLimit: Int = 0) -> CaseOutcome {
    guard let error else { return .passed }
    switch error.kind {
    case .syntax:
      return .errored(problem(.syntaxError, error, message: error.message))
    case .memory:
      let limit = memoryLimit > 0 ? " of \(ByteCount.text(memoryLimit))" : ""
      return .errored(problem(.memoryExceeded, error, message: "ran past its memory limit\(limit) (\(error.message))"))
    case .budget:
      // The first line of the details says what to do about it.
      let advice = "A loop that never ends? A case that needs more raises the budget with --instructions (e.g. --instructions 200M)."
      return .errored(problem(.budgetExceeded, error, message: error.message + "\n" + advice))
    case .runtime:
      break
    }
    guard let signal = error.record as? CaseSignal else {
      return .errored(problem(.scriptError, error, message: error.message))
    }
    switch signal.kind {
    case .failure: return .failed(problem(.expectationFailed, signal))
    case .crash: return .failed(problem(.appCrashed, signal))
    case .error: return .errored(problem(.scriptError, signal))
    }
  }

  /// The problem of a scenario file that could not be loaded: a syntax error, or an error in its top level.
  public static func loadProblem(_ error: LuaError, memoryLimit: Int = 0) -> CaseProblem {
    switch outcome(of: error, memoryLimit: memoryLimit) {
    case .failed(let problem), .errored(let problem):
      guard problem.kind == .scriptError else { return problem }
      return CaseProblem(kind: .loadError, headline: problem.headline, location: problem.location, details: problem.details)
    case .passed, .skipped:
      return CaseProblem(kind: .loadError, headline: error.message)
    }
  }

  /// The problem of a file that could not be run at all: an engine that could not start (a
  /// ``loadProblem(_:memoryLimit:)``), or a file that could not be read.
  public static func startProblem(_ error: any Error, memoryLimit: Int = 0) -> CaseProblem {
    if let error = error as? LuaError { return loadProblem(error, memoryLimit: memoryLimit) }
    return CaseProblem(kind: .loadError, headline: "\(error)")
  }

  /// The problem a signal describes: its headline (first line), its details and its traceback.
  private static func problem(_ kind: CaseProblem.Kind, _ signal: CaseSignal) -> CaseProblem {
    let (headline, rest) = split(signal.message)
    let details = [rest, signal.details, signal.traceback.map(cleanTraceback) ?? ""].filter { !$0.isEmpty }
    return CaseProblem(kind: kind, headline: headline, location: signal.location, details: details.joined(separator: "\n"))
  }

  /// A problem headed by `message` (Lua's own: its position prefix, when there is one, is where it was raised).
  private static func problem(_ kind: CaseProblem.Kind, _ error: LuaError, message: String) -> CaseProblem {
    var text = message[...]
    var location = error.location.map(ScriptLocation.init)
    if let prefixed = LuaLocation(prefixOf: text) {
      location = ScriptLocation(prefixed)
      text = text.dropFirst(prefixed.description.count + 1).drop(while: { $0 == " " })
    }
    let (headline, rest) = split(String(text))
    let trace = error.traceback.map(cleanTraceback) ?? ""
    return CaseProblem(
      kind: kind, headline: headline, location: location,
      details: [rest, trace].filter { !$0.isEmpty }.joined(separator: "\n"))
  }

  /// The first line, and the lines after it.
  private static func split(_ message: String) -> (String, String) {
    guard let newline = message.firstIndex(of: "\n") else { return (message, "") }
    return (String(message[..<newline]), String(message[message.index(after: newline)...]))
  }

  /// The traceback without the frames of the prelude, the loader and C functions, which say nothing to a scenario author.
  static func cleanTraceback(_ traceback: String) -> String {
    let lines = traceback.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { line in !line.contains("[permsim") && !line.contains("[C]: in ") && !line.contains("(...tail calls...)") }
    return lines.count > 1 ? lines.joined(separator: "\n") : ""
  }
}

extension ScriptLocation {
  init(_ location: LuaLocation) {
    self.init(path: location.chunk, line: location.line)
  }

}
