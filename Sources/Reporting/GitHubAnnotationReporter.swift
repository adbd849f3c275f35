/// A reporter that writes GitHub Actions workflow commands, one `::error` annotation per failed or errored case.
///
/// `::error file=scenarios/first.lua,line=18,title=FAILED first prompt [iOS 14.0]::expected …`
///
/// The file and line are where the case failed in its own scenario file (`CaseResult.failureLocation`),
/// so GitHub shows the annotation on the expectation's line in the pull request; the title names the
/// case (with `[iOS X]` when the run is limited to versions); the message is the headline and the
/// details. Values are escaped as the runner expects: `%`, CR and LF everywhere, and `:` and `,`
/// in properties. Text from scenarios loses terminal control sequences.
public struct GitHubAnnotationReporter: Reporter {
  private let _write: @Sendable (String) -> Void

  /// Creates a reporter that writes workflow commands through `write` (GitHub reads them from standard output).
  public init(write: @escaping @Sendable (String) -> Void) {
    _write = write
  }

  public mutating func record(_ event: RunEvent) {
    guard case .caseEnded(let result) = event.kind, let problem = result.problem else { return }
    _write(Self.annotation(result, problem))
  }

  /// The `::error` line of a failed or errored case.
  static func annotation(_ result: CaseResult, _ problem: CaseProblem) -> String {
    let at = result.failureLocation ?? result.declaration
    let label: String
    if case .errored = result.outcome { label = "ERROR" } else { label = "FAILED" }
    var properties = ["file=" + property(at.path)]
    if let line = at.line, line > 0 { properties.append("line=\(line)") }
    properties.append("title=" + property("\(label) \(TerminalText.oneLine(result.info.name))"))
    var message = problem.kind.label.map { "\($0): \(problem.headline)" } ?? problem.headline
    if !problem.details.isEmpty { message += "\n" + problem.details }
    let bounded = Excerpt.prefix(of: TerminalText.clean(message), maxBytes: _messageBytes)
    return "::error \(properties.joined(separator: ","))::\(data(String(bounded)))\n"
  }

  /// A property value: `%`, CR, LF, `:` and `,` percent-encoded.
  static func property(_ text: String) -> String {
    _escape(TerminalText.clean(text), alsoEscaping: [":", ","])
  }

  /// A message: `%`, CR and LF percent-encoded.
  static func data(_ text: String) -> String {
    _escape(text, alsoEscaping: [])
  }

  private static func _escape(_ text: String, alsoEscaping extra: Set<Character>) -> String {
    var output = ""
    output.reserveCapacity(text.utf8.count)
    for character in text {
      switch character {
      case "%": output += "%25"
      case "\r": output += "%0D"
      case "\n": output += "%0A"
      case "\r\n": output += "%0D%0A"
      case ":" where extra.contains(":"): output += "%3A"
      case "," where extra.contains(","): output += "%2C"
      default: output.append(character)
      }
    }
    return output
  }

  /// The most bytes of one annotation's message (GitHub shows a few kilobytes at most).
  private static let _messageBytes = 4_096
}
