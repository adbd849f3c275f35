extension CaseProblem {
  /// The problem as every report shows it at most: its headline and details cut like a JUnit body
  /// cuts them (``ReportLimits/textBytes`` each, head and tail around a marker).
  ///
  /// Cutting is idempotent and no report shows more, so a worker process sends its problems bounded
  /// and a failure message of megabytes never crosses the pipe whole.
  public var bounded: CaseProblem {
    var problem = self
    if headline.utf8.count > ReportLimits.textBytes { problem.headline = Excerpt.text([headline]) }
    if details.utf8.count > ReportLimits.textBytes { problem.details = Excerpt.text([details]) }
    return problem
  }
}

extension CaseOutcome {
  /// The outcome with its problem ``CaseProblem/bounded``.
  public var bounded: CaseOutcome {
    switch self {
    case .failed(let problem): .failed(problem.bounded)
    case .errored(let problem): .errored(problem.bounded)
    case .passed, .skipped: self
    }
  }
}
