import Foundation
import Reporting

/// Where run events get their instants: the wall clock, or a fixed instant for byte-identical reports.
public enum RunClock: Sendable {
  /// The real time (events of a case measure how long it took).
  case wall
  /// Every event at the same instant (`PERMSIM_DETERMINISTIC_TIME=1`): times read 0.000, timestamps never move.
  case fixed(RunEvent.Instant)

  /// The instant now.
  public func now() -> RunEvent.Instant {
    switch self {
    case .wall:
      var time = timespec()
      clock_gettime(CLOCK_REALTIME, &time)
      return RunEvent.Instant(nanosecondsSinceEpoch: Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec))
    case .fixed(let instant):
      return instant
    }
  }
}
