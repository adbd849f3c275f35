import ScenarioRuntime

/// One lane of case work as the executor drives it: a ``ScenarioLane``, or a stand-in in tests.
protocol CaseLane: AnyObject {
  /// Runs the jobs `next` hands out, in order, giving each result to `finish` (nil: a stop abandoned
  /// it, and the lane takes no more); `began` is told when a job starts running.
  func runAll(
    keepsTranscript: Bool, next: () -> ScenarioLane.Job?, began: (Int) -> Void,
    finish: (Int, ScenarioEngine.CaseRun?) -> Void)
}
