/// Counts of finished cases by outcome; a reporter of its own, and the counter the others share.
public struct RunTally: Reporter, Hashable {
  /// Cases that passed.
  public private(set) var passed = 0
  /// Cases that failed.
  public private(set) var failed = 0
  /// Cases that errored.
  public private(set) var errored = 0
  /// Cases that were skipped.
  public private(set) var skipped = 0

  public init() {}

  /// Every finished case.
  public var total: Int { passed + failed + errored + skipped }

  /// Whether no case failed or errored (the run's exit status, interruptions aside).
  public var isSuccess: Bool { failed == 0 && errored == 0 }

  public mutating func record(_ event: RunEvent) {
    if case .caseEnded(let result) = event.kind {
      add(result.outcome)
    }
  }

  /// Counts one finished case.
  public mutating func add(_ outcome: CaseOutcome) {
    switch outcome {
    case .passed: passed += 1
    case .failed: failed += 1
    case .errored: errored += 1
    case .skipped: skipped += 1
    }
  }
}
