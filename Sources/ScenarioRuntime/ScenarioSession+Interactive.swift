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

extension ScenarioSession {
  /// What Tab completes at the end of `line` in the REPL, each a whole replacement of the word being typed.
  ///
  /// After `name.` or `name:` where the global `name` holds a bound object, its members from the
  /// object's member table (methods only after `:`); otherwise the globals whose names start so.
  public func completions(of line: String) -> [String] {
    guard let match = line.firstMatch(of: Self.wordPattern) else { return [] }
    let (_, object, separator, prefix) = match.output
    let typed = String(prefix ?? "")
    guard let object, let separator else {
      guard case .table(let globals) = engine.state.globals.value else { return [] }
      return globals.keys.compactMap(\.string).filter { $0.hasPrefix(typed) && !$0.hasPrefix("_PERMSIM") }.sorted()
    }
    guard case .opaque(let type) = engine.state.globals.rawGet(String(object)),
      let table = ScenarioAPI.types.first(where: { $0.name == type })
    else { return [] }
    return table.members
      .filter { $0.name.hasPrefix(typed) && (separator == ":" ? $0.isMethod : true) }
      .map { "\(object)\(separator)\($0.name)" }
  }

  /// The word at the end of a line: an identifier, perhaps after `object.` or `object:`.
  nonisolated(unsafe) private static let wordPattern = /(?:([A-Za-z_][A-Za-z_0-9]*)([.:]))?([A-Za-z_][A-Za-z_0-9]*)?$/
}
