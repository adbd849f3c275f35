/// How a run ended, posted with `runEnded`.
public struct RunEnd: Sendable, Hashable {
  /// Whether the run stopped before every planned case finished (SIGINT).
  ///
  /// Reports then hold the cases that finished and say the run was interrupted.
  public var interrupted: Bool

  public init(interrupted: Bool = false) {
    self.interrupted = interrupted
  }
}
