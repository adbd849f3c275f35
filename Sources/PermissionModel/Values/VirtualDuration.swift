/// A span of virtual time, counted in nanoseconds so that timers order exactly.
public struct VirtualDuration: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The length in nanoseconds.
  public var nanoseconds: Int64

  /// Creates a duration from nanoseconds.
  public init(nanoseconds: Int64) {
    self.nanoseconds = nanoseconds
  }

  /// No time at all.
  public static let zero = VirtualDuration(nanoseconds: 0)
  /// The longest duration one call may advance the clock by (200 years keeps every instant in range).
  public static let longest = VirtualDuration.days(200 * 366)

  /// A duration of whole or fractional seconds, rounded to the nanosecond and clamped to ±290 years.
  public static func seconds(_ seconds: Double) -> VirtualDuration {
    let nanoseconds = (seconds * 1e9).rounded()
    guard nanoseconds.isFinite, abs(nanoseconds) < 9e18 else {
      return VirtualDuration(nanoseconds: seconds.sign == .minus ? -9_000_000_000_000_000_000 : 9_000_000_000_000_000_000)
    }
    return VirtualDuration(nanoseconds: Int64(nanoseconds))
  }

  /// A duration of milliseconds.
  public static func milliseconds(_ milliseconds: Int64) -> VirtualDuration {
    VirtualDuration(nanoseconds: milliseconds * 1_000_000)
  }

  /// A duration of minutes.
  public static func minutes(_ minutes: Int64) -> VirtualDuration {
    VirtualDuration(nanoseconds: minutes * 60_000_000_000)
  }

  /// A duration of hours.
  public static func hours(_ hours: Int64) -> VirtualDuration {
    VirtualDuration(nanoseconds: hours * 3_600_000_000_000)
  }

  /// A duration of days of 24 hours.
  public static func days(_ days: Int64) -> VirtualDuration {
    VirtualDuration(nanoseconds: days * 86_400_000_000_000)
  }

  /// Parses a scenario duration: a number of seconds, or a number with `ms`, `s`, `m`, `h` or `d`.
  ///
  /// - Throws: `MisuseError` when the text is not such a duration, is negative or is longer than 200 years.
  public init(parsing text: String) throws(MisuseError) {
    let units: [(suffix: String, seconds: Double)] = [
      ("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600), ("d", 86_400),
    ]
    var number = Substring(text)
    var scale = 1.0
    for unit in units where text.hasSuffix(unit.suffix) {
      number = text.dropLast(unit.suffix.count)
      scale = unit.seconds
      break
    }
    guard let value = Double(number), value.isFinite, !number.isEmpty, number.first != "+" else {
      throw MisuseError(
        .malformedTime,
        "\"\(text)\" is not a duration: write seconds as a number, or a number with ms, s, m, h or d (\"250ms\", \"10s\", \"5m\", \"2h\", \"3d\")"
      )
    }
    try self.init(checkedSeconds: value * scale, text: text)
  }

  /// A duration of seconds from a scenario, checked to be neither negative nor absurdly long.
  ///
  /// - Throws: `MisuseError` when the value is negative, not finite or longer than 200 years.
  public init(checkedSeconds seconds: Double, text: String? = nil) throws(MisuseError) {
    let shown = text.map { "\"\($0)\"" } ?? "\(seconds)"
    guard !seconds.isNaN else {
      throw MisuseError(.invalidArgument, "the duration \(shown) is not a number")
    }
    guard seconds >= 0 else {
      throw MisuseError(.invalidArgument, "the duration \(shown) is negative: the clock only moves forward")
    }
    guard seconds <= VirtualDuration.longest.seconds else {
      throw MisuseError(.invalidArgument, "the duration \(shown) is longer than 200 years")
    }
    self = .seconds(seconds)
  }

  /// The length in seconds.
  public var seconds: Double { Double(nanoseconds) / 1e9 }

  public static func < (lhs: VirtualDuration, rhs: VirtualDuration) -> Bool {
    lhs.nanoseconds < rhs.nanoseconds
  }

  public static func + (lhs: VirtualDuration, rhs: VirtualDuration) -> VirtualDuration {
    VirtualDuration(nanoseconds: lhs.nanoseconds + rhs.nanoseconds)
  }

  public static func - (lhs: VirtualDuration, rhs: VirtualDuration) -> VirtualDuration {
    VirtualDuration(nanoseconds: lhs.nanoseconds - rhs.nanoseconds)
  }

  /// Seconds with millisecond precision, the way the transcript prints them: `12.000s`.
  public var description: String {
    let milliseconds = nanoseconds / 1_000_000
    let fraction = String(milliseconds % 1000)
    return "\(milliseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)s"
  }
}
