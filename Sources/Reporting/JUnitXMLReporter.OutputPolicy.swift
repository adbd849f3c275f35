extension JUnitXMLReporter {
  /// Which cases' transcripts (everything they did, `print` output included) a JUnit report keeps.
  ///
  /// Passing cases' transcripts are most of a report's bytes and say little: CI viewers trim them
  /// (Jenkins) or cap the report's size (GitLab, 30 MB). `--junit-output` chooses.
  public enum OutputPolicy: String, Sendable, Hashable, CaseIterable {
    /// Only failed and errored cases keep their transcript (the default).
    case failures
    /// Every case keeps its transcript.
    case all

    /// Whether the report keeps `result`'s transcript.
    public func keepsTranscript(of result: CaseResult) -> Bool {
      switch self {
      case .all: true
      case .failures: result.problem != nil
      }
    }
  }
}
