/// How reports write instants and durations.
enum TimeFormat {
  /// Seconds with three decimals (`0.153`), rounded half up to the millisecond.
  static func seconds(_ nanoseconds: Int64) -> String {
    let whole = milliseconds(nanoseconds)
    let fraction = whole % 1000
    return String(whole / 1000) + (fraction < 10 ? ".00" : fraction < 100 ? ".0" : ".") + String(fraction)
  }

  /// The instant in UTC as ISO 8601 with its zone, `YYYY-MM-DDTHH:MM:SSZ`.
  static func iso8601(_ instant: RunEvent.Instant) -> String {
    timestamp(instant) + "Z"
  }

  /// The instant in UTC as `YYYY-MM-DDTHH:MM:SS`, without a zone designator (the Ant schema forbids one).
  static func timestamp(_ instant: RunEvent.Instant) -> String {
    let (seconds, _) = _floorDivide(instant.nanosecondsSinceEpoch, 1_000_000_000)
    let (days, secondOfDay) = _floorDivide(seconds, 86_400)
    let (year, month, day) = _civilDate(daysSinceEpoch: days)
    return _pad(year, 4) + "-" + _pad(month, 2) + "-" + _pad(day, 2) + "T"
      + _pad(secondOfDay / 3600, 2) + ":" + _pad(secondOfDay % 3600 / 60, 2) + ":" + _pad(secondOfDay % 60, 2)
  }

  /// Nanoseconds rounded half up to whole milliseconds, as `seconds(_:)` shows them.
  static func milliseconds(_ nanoseconds: Int64) -> Int64 {
    max(0, nanoseconds) / 1_000_000 + (max(0, nanoseconds) % 1_000_000 >= 500_000 ? 1 : 0)
  }

  // MARK: - Calendar

  /// The proleptic Gregorian date of a day counted from 1970-01-01 (H. Hinnant's `civil_from_days`).
  private static func _civilDate(daysSinceEpoch days: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let shifted = days + 719_468
    let (era, dayOfEra) = _floorDivide(shifted, 146_097)
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return (year, month, day)
  }

  private static func _floorDivide(_ value: Int64, _ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
    let remainder = value % divisor
    return remainder < 0 ? (value / divisor - 1, remainder + divisor) : (value / divisor, remainder)
  }

  private static func _pad(_ value: Int64, _ width: Int) -> String {
    let digits = String(value)
    return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
  }
}
