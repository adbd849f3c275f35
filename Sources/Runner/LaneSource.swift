/// Where the executor's threads get their lanes: a ``LanePool``, or stand-ins in tests.
protocol LaneSource: Sendable {
  /// Runs `body` with a lane no other thread uses meanwhile.
  func withLane(_ body: (any CaseLane) -> Void)
}
