extension RunEvent {
  /// A point in time, as nanoseconds since the Unix epoch (UTC).
  ///
  /// The runner supplies it (wall time, or virtual time for reproducible reports); reporters only
  /// subtract instants and format them.
  public struct Instant: Sendable, Hashable, Comparable {
    /// Nanoseconds since 1970-01-01T00:00:00 UTC.
    public var nanosecondsSinceEpoch: Int64

    public init(nanosecondsSinceEpoch: Int64) {
      self.nanosecondsSinceEpoch = nanosecondsSinceEpoch
    }

    /// Creates an instant from seconds since the Unix epoch, rounded to the nearest nanosecond.
    ///
    /// A value that is not finite becomes the epoch; one beyond the representable range (about
    /// 292 years either side of 1970) is clamped to it.
    public init(secondsSinceEpoch seconds: Double) {
      let nanoseconds = (seconds * 1_000_000_000).rounded()
      if seconds.isNaN || seconds.isInfinite {
        self.nanosecondsSinceEpoch = 0
      } else if let exact = Int64(exactly: nanoseconds) {
        self.nanosecondsSinceEpoch = exact
      } else {
        self.nanosecondsSinceEpoch = nanoseconds < 0 ? .min : .max
      }
    }

    public static func < (lhs: Instant, rhs: Instant) -> Bool {
      lhs.nanosecondsSinceEpoch < rhs.nanosecondsSinceEpoch
    }

    /// The nanoseconds from `earlier` to this instant, never negative and saturating on overflow.
    func nanoseconds(since earlier: Instant) -> Int64 {
      let (difference, overflow) = nanosecondsSinceEpoch.subtractingReportingOverflow(
        earlier.nanosecondsSinceEpoch)
      if overflow { return earlier.nanosecondsSinceEpoch < 0 ? .max : 0 }
      return max(0, difference)
    }
  }
}
