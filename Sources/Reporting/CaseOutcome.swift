/// How a case ended; failures and errors stay distinct all the way to the report and the exit code.
public enum CaseOutcome: Sendable, Hashable, Codable {
  /// The scenario function returned.
  case passed
  /// An expectation did not hold, or the app crashed outside `expect_crash`.
  case failed(CaseProblem)
  /// The scenario itself is broken: a Lua error, API misuse, an unreadable file, or a budget ran out.
  case errored(CaseProblem)
  /// The case did not run: `pending`, `options.skip`, or filtered out; the reason may be empty.
  case skipped(reason: String)
}
