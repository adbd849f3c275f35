import LuaBridge

extension ScenarioSession {
  /// How the REPL shows an error: its message, the details of a failed expectation, and the author's traceback.
  ///
  /// A failed `expect…` shows `where: message` and its details indented; a crash outside
  /// `expect_crash` shows `where: the app crashed: exception: reason`. The traceback leaves out the
  /// frames of the prelude and of C functions, as reports do (``CaseVerdict``).
  public static func interactiveDescription(of error: LuaError) -> String {
    var lines: [String]
    switch error.record as? CaseSignal {
    case let signal? where signal.kind == .failure:
      lines = [signal.location.map { "\($0): \(signal.message)" } ?? signal.message]
      if !signal.details.isEmpty {
        lines += signal.details.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
      }
    case let signal? where signal.kind == .crash:
      let place = signal.location.map { "\($0): " } ?? ""
      lines = ["\(place)the app crashed: \(signal.message)"]
    case let signal?:
      lines = [signal.location.map { "\($0): \(signal.message)" } ?? signal.message]
    case nil:
      lines = [error.message]
    }
    let tracebackText = (error.record as? CaseSignal)?.traceback ?? error.traceback ?? ""
    let traceback = CaseVerdict.cleanTraceback(tracebackText)
    if !traceback.isEmpty { lines.append(traceback) }
    return lines.joined(separator: "\n")
  }
}
