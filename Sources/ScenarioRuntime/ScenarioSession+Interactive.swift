import LuaBridge

extension ScenarioSession {
  /// How the REPL shows an error: its message, the details of a failed expectation, and the author's traceback.
  ///
  /// A failed `expect…` shows `where: message` and its details indented; a crash outside
  /// `expect_crash` shows `where: the app crashed: exception: reason`. The traceback leaves out the
  /// frames of the prelude and of C functions, as reports do (``CaseVerdict``).
  public static func interactiveDescription(of error: LuaError) -> String {
    let value = error.value ?? .nil
    var lines: [String]
    switch value["permsim"].string {
    case "failure":
      lines = [error.message]
      if let details = value["details"].string, !details.isEmpty {
        lines += details.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
      }
    case "crash":
      let place = value["where"].string.map { "\($0): " } ?? ""
      lines = ["\(place)the app crashed: \(value["message"].string ?? error.message)"]
    default:
      lines = [error.message]
    }
    let traceback = CaseVerdict.cleanTraceback(error.traceback ?? "")
    if !traceback.isEmpty { lines.append(traceback) }
    return lines.joined(separator: "\n")
  }
}
