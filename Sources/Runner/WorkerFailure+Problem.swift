import Foundation
import Reporting

extension WorkerFailure {
  /// What the failure means for the case (or the file's top level) at `location`, as reports show it.
  func problem(_ launch: WorkerLaunch, at location: ScriptLocation) -> CaseProblem {
    switch self {
    case .timedOut:
      CaseProblem(
        kind: .timeLimitExceeded, headline: "ran past its time limit of \(Self.seconds(launch.timeLimit)) (--timeout)",
        location: location)
    case .overMemory(let bytes):
      CaseProblem(
        kind: .memoryExceeded,
        headline:
          "made its worker process hold \(ByteCount.text(bytes)), past the limit of \(ByteCount.text(launch.memoryLimit)) (--worker-memory)",
        location: location)
    case .ended(let exit):
      CaseProblem(kind: .workerCrashed, headline: "crashed its worker process (\(exit))", location: location)
    case .stopped:
      CaseProblem(kind: .interrupted, headline: "interrupted while running: the run was stopped", location: location)
    case .unusable(let reason):
      CaseProblem(kind: .workerCrashed, headline: reason, location: location)
    }
  }

  private static func seconds(_ duration: Duration) -> String {
    let (whole, fraction) = duration.components
    return fraction == 0 ? "\(whole) s" : String(format: "%.3g s", Double(whole) + Double(fraction) * 1e-18)
  }
}
