import Foundation
import ScenarioRuntime

/// The lanes of a run, shared by its collection and its execution, so a worker process (and the chunks
/// its engine compiled while collecting) serves both.
public final class LanePool: LaneSource, @unchecked Sendable {
  private let _isolation: CaseIsolation
  private let _environment: ScenarioEnvironment
  private let _stop: StopFlag
  private let _lock = NSLock()
  private var _idle: [ScenarioLane] = []

  public init(_ isolation: CaseIsolation, environment: ScenarioEnvironment, stop: StopFlag) {
    _isolation = isolation
    _environment = environment
    _stop = stop
  }

  /// Starts one lane's worker process now, without waiting for it: it loads while the runner finds and
  /// reads the run's files, and the first lane to take work gets it.
  public func prepare() {
    let lane = _newLane()
    lane.prepare()
    _lock.withLock { _idle.append(lane) }
  }

  /// Ends the worker processes of the idle lanes without waiting for them (they are reaped when the
  /// pool goes): called when the run has no more work, so that they end while the reports are written.
  public func retire() {
    _lock.withLock { _idle }.forEach { $0.retire() }
  }

  /// Runs `body` with a lane no other thread uses meanwhile (an idle one, or a new one).
  func withLane<Result>(_ body: (ScenarioLane) -> Result) -> Result {
    let lane = _lock.withLock { _idle.popLast() } ?? _newLane()
    defer { _lock.withLock { _idle.append(lane) } }
    return body(lane)
  }

  func withLane(_ body: (any CaseLane) -> Void) {
    withLane { (lane: ScenarioLane) in body(lane) }
  }

  private func _newLane() -> ScenarioLane {
    ScenarioLane(_isolation, environment: _environment, stop: _stop)
  }
}
