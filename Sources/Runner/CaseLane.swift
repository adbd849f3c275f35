import ScenarioRuntime

/// One lane of case work as the executor drives it: a ``ScenarioLane``, or a stand-in in tests.
protocol CaseLane: AnyObject {
  /// Runs the jobs `next` hands out, in order, giving each result to `finish` (nil: a stop abandoned
  /// it, and the lane takes no more); `began` is told when a job starts running. `isDone` says that
  /// `next` would hand out nothing more (a lane that is still getting ready then gives up at once).
  func runAll(
    keepsTranscript: Bool, isDone: () -> Bool, next: () -> ScenarioLane.Job?, began: (Int) -> Void,
    finish: (Int, ScenarioEngine.CaseRun?) -> Void)

  /// Whether the lane compiled `file` already (collected it or ran a case of it), so that a case of
  /// it costs the lane less than one of a file it never saw.
  func hasCompiled(_ file: ScenarioFile) -> Bool
}
