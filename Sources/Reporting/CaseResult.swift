import PermissionModel

/// A finished case: what it was, how it ended and what happened on the way.
public struct CaseResult: Sendable, Hashable {
  /// The case, as posted with `caseStarted`.
  public var info: CaseInfo
  /// How the case ended.
  public var outcome: CaseOutcome
  /// Everything the case did, one entry per line, in order (each already prefixed with its virtual time).
  ///
  /// Pass all of it: reporters bound what they keep and write.
  public var transcript: [String]
  /// The alerts and Settings screens the case's devices showed, each at its transcript line (empty when
  /// the transcript is).
  public var screens: [CaseScreen]
  /// What the case took of the permission state machine, per iOS version (what coverage folds).
  public var pathsTaken: [TakenPaths]

  public init(
    info: CaseInfo, outcome: CaseOutcome, transcript: [String] = [], screens: [CaseScreen] = [], pathsTaken: [TakenPaths] = []
  ) {
    self.info = info
    self.outcome = outcome
    self.transcript = transcript
    self.screens = screens
    self.pathsTaken = pathsTaken
  }
}
