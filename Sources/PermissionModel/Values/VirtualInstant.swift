/// A point on a world's virtual clock, measured from the start of the scenario.
public struct VirtualInstant: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The time since the scenario began.
  public var sinceStart: VirtualDuration

  /// Creates an instant at a distance from the start of the scenario.
  public init(sinceStart: VirtualDuration) {
    self.sinceStart = sinceStart
  }

  /// The instant a scenario begins.
  public static let start = VirtualInstant(sinceStart: .zero)
  /// The last instant a clock may reach: 250 years of 366 days, well inside the nanosecond range.
  public static let latest = VirtualInstant(sinceStart: .days(250 * 366))

  /// Seconds since the scenario began, as `clock.now` and a callback's `at` give them.
  public var seconds: Double { sinceStart.seconds }

  public static func < (lhs: VirtualInstant, rhs: VirtualInstant) -> Bool {
    lhs.sinceStart < rhs.sinceStart
  }

  public static func + (lhs: VirtualInstant, rhs: VirtualDuration) -> VirtualInstant {
    VirtualInstant(sinceStart: lhs.sinceStart + rhs)
  }

  public static func - (lhs: VirtualInstant, rhs: VirtualInstant) -> VirtualDuration {
    lhs.sinceStart - rhs.sinceStart
  }

  /// `+12.000s`, the transcript's time prefix.
  public var description: String { "+\(sinceStart)" }
}
