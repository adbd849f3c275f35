extension CaseResult {
  /// Where the case was declared: its file and the line of its `scenario` call.
  public var declaration: ScriptLocation {
    ScriptLocation(path: info.suitePath, line: info.line)
  }

  /// The failed or errored case's problem, or nil.
  public var problem: CaseProblem? {
    switch outcome {
    case .failed(let problem), .errored(let problem): problem
    case .passed, .skipped: nil
    }
  }

  /// Where a failed or errored case went wrong in its own scenario file, or nil for other outcomes.
  ///
  /// The problem's location when it lies in the case's file; else the innermost frame of its traceback
  /// that does (an `expect` inside a helper module is reported at the scenario line that called the
  /// helper); else the declaration. Reports put this line in `file`/`line` and annotations, so they
  /// point at the expectation that failed rather than at the `scenario(` line.
  public var failureLocation: ScriptLocation? {
    guard let problem else { return nil }
    let path = info.suitePath
    if let location = problem.location, let line = location.line, Self._isSameFile(location.path, path) {
      return ScriptLocation(path: path, line: line)
    }
    for frame in problem.details.split(separator: "\n") {
      if let line = Self._line(ofFrame: frame, in: path) { return ScriptLocation(path: path, line: line) }
    }
    return declaration
  }

  /// The line of a traceback frame (`\tpath:12: in function …`) when it is in the file `path`.
  private static func _line(ofFrame frame: Substring, in path: String) -> Int? {
    let trimmed = frame.drop { $0 == " " || $0 == "\t" }
    // The path may itself hold colons: try each `:digits:` in turn.
    var index = trimmed.startIndex
    while let colon = trimmed[index...].firstIndex(of: ":") {
      let digitsStart = trimmed.index(after: colon)
      let digitsEnd = trimmed[digitsStart...].firstIndex { !("0"..."9").contains($0) } ?? trimmed.endIndex
      if digitsEnd > digitsStart, digitsEnd < trimmed.endIndex, trimmed[digitsEnd] == ":",
        let line = Int(trimmed[digitsStart..<digitsEnd]), line > 0, _isSameFile(String(trimmed[..<colon]), path)
      {
        return line
      }
      index = digitsStart
    }
    return nil
  }

  /// Whether a chunk name Lua reported (`short_src`, possibly cut to `...tail`) names the file `path`.
  private static func _isSameFile(_ chunk: String, _ path: String) -> Bool {
    if chunk == path { return true }
    guard chunk.hasPrefix("..."), chunk.count > 3 else { return false }
    return path.hasSuffix(chunk.dropFirst(3))
  }
}
