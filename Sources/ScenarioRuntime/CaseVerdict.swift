import LuaBridge
import Reporting

/// Turns how a scenario run ended into a report outcome, keeping failures and errors apart (SCENARIO_API §11).
///
/// A failed expectation (`permsim = "failure"`) and a crash outside `expect_crash` (`permsim = "crash"`)
/// are *failures*; a Lua error, a misuse of the API, a syntax error or a budget overrun is an *error*.
public enum CaseVerdict {
  /// The outcome of a run that threw `error`, or passed when it is nil.
  public static func outcome(of error: LuaError?, memoryLimit: Int = 0) -> CaseOutcome {
    guard let error else { return .passed }
    switch error.kind {
    case .syntax:
      return .errored(problem(.syntaxError, error, message: error.message))
    case .memory:
      let limit = memoryLimit > 0 ? " of \(memoryLimit / (1 << 20)) MiB" : ""
      return .errored(problem(.memoryExceeded, error, message: "ran past its memory limit\(limit) (\(error.message))"))
    case .budget:
      return .errored(problem(.budgetExceeded, error, message: error.message))
    case .runtime:
      break
    }
    switch error.value?["permsim"].string {
    case "failure":
      return .failed(raised(.expectationFailed, error))
    case "crash":
      return .failed(raised(.appCrashed, error))
    case "error":
      guard let value = error.value else { break }
      return .errored(
        problem(
          .scriptError, error, message: value["message"].string ?? error.message,
          where: value["where"].string.flatMap(ScriptLocation.init(parsing:)), traceback: value["traceback"].string))
    default:
      break
    }
    return .errored(problem(.scriptError, error, message: error.message))
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

  /// A failure or crash table raised by the prelude or a binding: its message, where, details and traceback.
  private static func raised(_ kind: CaseProblem.Kind, _ error: LuaError) -> CaseProblem {
    let value = error.value ?? .nil
    let details = [value["details"].string, value["traceback"].string.map(cleanTraceback)]
      .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: "\n")
    return CaseProblem(
      kind: kind,
      headline: value["message"].string ?? error.message,
      location: value["where"].string.flatMap(ScriptLocation.init(parsing:)) ?? error.location.map(ScriptLocation.init),
      details: details
    )
  }

  /// A problem headed by `message`, at the position it starts with, else at `where`, else where Lua raised it.
  ///
  /// A position in the prelude (a host function the prelude called raised) gives way to `where`, the
  /// author's line.
  private static func problem(
    _ kind: CaseProblem.Kind, _ error: LuaError, message: String, where: ScriptLocation? = nil, traceback: String? = nil
  ) -> CaseProblem {
    var headline = message
    var location = `where` ?? error.location.map(ScriptLocation.init)
    if let prefixed = LuaLocation(prefixOf: message[...]) {
      if `where` == nil || prefixed.chunk != Self.preludeChunk { location = ScriptLocation(prefixed) }
      headline = String(message.dropFirst(prefixed.description.count + 1)).trimmingLeadingSpaces
    }
    // The headline is the first line; the message's other lines lead the details, before the traceback.
    var rest = ""
    if let newline = headline.firstIndex(of: "\n") {
      rest = String(headline[headline.index(after: newline)...])
      headline = String(headline[..<newline])
    }
    let trace = (traceback ?? error.traceback).map(cleanTraceback) ?? ""
    return CaseProblem(
      kind: kind, headline: headline, location: location,
      details: [rest, trace].filter { !$0.isEmpty }.joined(separator: "\n"))
  }

  /// How positions in the prelude read: `[permsim]`.
  private static let preludeChunk = String(Prelude.chunkName.dropFirst())

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

  /// Parses `path:line`.
  init?(parsing text: String) {
    guard let location = LuaLocation(prefixOf: (text + ":")[...]) else { return nil }
    self.init(location)
  }
}

extension String {
  fileprivate var trimmingLeadingSpaces: String {
    String(drop(while: { $0 == " " }))
  }
}
