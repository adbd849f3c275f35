/// One step of a run, stamped with the instant at which it happened.
///
/// The runner posts events in a stable order: `runStarted`, then for each scenario file
/// `suiteStarted`, its cases (`caseStarted`, `caseEnded`) and `suiteEnded`, then `runEnded`.
/// Suites never interleave, even when cases ran in parallel. Reporters compute every duration and
/// timestamp from these instants and never read a clock, so a run with the same events always
/// produces the same bytes.
public struct RunEvent: Sendable, Hashable {
  /// What happened.
  public var kind: Kind
  /// When it happened, as the runner measured it.
  public var instant: Instant

  public init(_ kind: Kind, at instant: Instant) {
    self.kind = kind
    self.instant = instant
  }

  /// The lifecycle of a run, in the order the runner posts it.
  public enum Kind: Sendable, Hashable {
    /// The first event of a run.
    case runStarted(RunInfo)
    /// A scenario file's cases are about to be reported; its instant is when the first of them started.
    case suiteStarted(SuiteInfo)
    /// A case started; its instant is when the case really started, even if it ran in parallel.
    case caseStarted(CaseInfo)
    /// A case finished, with its outcome and transcript.
    case caseEnded(CaseResult)
    /// The last case of a scenario file was reported; its instant is when the last of them ended.
    case suiteEnded(SuiteInfo)
    /// The last event of a run, also after an interruption.
    case runEnded(RunEnd)
  }
}
