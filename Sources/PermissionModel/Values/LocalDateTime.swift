/// A naive local wall-clock time on the proleptic Gregorian calendar, to the second, with no time zone.
///
/// Devices keep their wall clock this way: the scenario gives a start such as `2026-01-05T09:00:00`
/// and the virtual clock moves it forward. The calendar arithmetic is done here, without Foundation.
public struct LocalDateTime: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// Seconds since 1970-01-01T00:00:00 on the same calendar.
  public let secondsSinceEpoch: Int64

  /// Creates a time from seconds since 1970-01-01T00:00:00.
  public init(secondsSinceEpoch: Int64) {
    self.secondsSinceEpoch = secondsSinceEpoch
  }

  /// The start time a device gets when the scenario names none.
  public static let defaultStart = LocalDateTime(
    day: daysSinceEpoch(year: 2026, month: 1, day: 5), secondOfDay: 9 * 3600)

  /// Parses `YYYY-MM-DDTHH:MM:SS` (the seconds may be left out).
  ///
  /// - Throws: `MisuseError` when the text is not such a time or names a day that does not exist.
  public init(parsing text: String) throws(MisuseError) {
    let bytes = Array(text.utf8)
    func number(_ range: Range<Int>) -> Int64? {
      guard range.upperBound <= bytes.count else { return nil }
      var value: Int64 = 0
      for index in range {
        let byte = bytes[index]
        guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
        value = value * 10 + Int64(byte - UInt8(ascii: "0"))
      }
      return value
    }
    func byte(_ index: Int, is character: Unicode.Scalar) -> Bool {
      index < bytes.count && bytes[index] == UInt8(ascii: character)
    }
    let hasSeconds = bytes.count == 19
    guard bytes.count == 16 || hasSeconds,
      let year = number(0..<4), byte(4, is: "-"), let month = number(5..<7), byte(7, is: "-"),
      let day = number(8..<10), byte(10, is: "T"), let hour = number(11..<13), byte(13, is: ":"),
      let minute = number(14..<16),
      let second = hasSeconds ? (byte(16, is: ":") ? number(17..<19) : nil) : 0
    else {
      throw MisuseError(
        .malformedTime,
        "\"\(text)\" is not a date: write a local wall-clock time as YYYY-MM-DDTHH:MM:SS, e.g. \"2026-01-05T09:00:00\""
      )
    }
    guard year >= 1, (1...12).contains(month),
      (1...Self.daysIn(month: month, year: year)).contains(day), hour < 24, minute < 60, second < 60
    else {
      throw MisuseError(.malformedTime, "\"\(text)\" names a date or time that does not exist")
    }
    self.init(
      day: Self.daysSinceEpoch(year: year, month: month, day: day),
      secondOfDay: hour * 3600 + minute * 60 + second)
  }

  /// Parses a wall-clock time of day, `HH:MM` or `HH:MM:SS`, into seconds after midnight.
  ///
  /// - Throws: `MisuseError` when the text is not such a time.
  public static func secondOfDay(parsing text: String) throws(MisuseError) -> Int64 {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    let numbers = parts.compactMap { part in part.count == 2 && part.allSatisfy { $0.isASCII && $0.isWholeNumber } ? Int64(part) : nil }
    guard (2...3).contains(parts.count), numbers.count == parts.count, numbers[0] < 24,
      numbers[1] < 60, numbers.count == 2 || numbers[2] < 60
    else {
      throw MisuseError(
        .malformedTime,
        "\"\(text)\" is not a wall-clock time: write HH:MM or HH:MM:SS, e.g. \"04:00\"")
    }
    return numbers[0] * 3600 + numbers[1] * 60 + (numbers.count == 3 ? numbers[2] : 0)
  }

  // MARK: - Components

  /// Days since 1970-01-01.
  public var day: Int64 { Self.floorDivide(secondsSinceEpoch, 86_400) }
  /// Seconds since the last midnight.
  public var secondOfDay: Int64 { secondsSinceEpoch - day * 86_400 }
  /// The calendar year, month and day.
  public var date: (year: Int64, month: Int64, day: Int64) { Self.civil(fromDays: day) }

  /// The time a number of seconds later.
  public func adding(seconds: Int64) -> LocalDateTime {
    LocalDateTime(secondsSinceEpoch: secondsSinceEpoch + seconds)
  }

  /// The first time strictly after this one at which the wall clock reads `secondOfDay`.
  public func next(secondOfDay target: Int64) -> LocalDateTime {
    let candidate = LocalDateTime(day: day, secondOfDay: target)
    return candidate > self ? candidate : LocalDateTime(day: day + 1, secondOfDay: target)
  }

  /// The start of the given time of day on the calendar day after this one.
  public func nextDay(at secondOfDay: Int64) -> LocalDateTime {
    LocalDateTime(day: day + 1, secondOfDay: secondOfDay)
  }

  public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool {
    lhs.secondsSinceEpoch < rhs.secondsSinceEpoch
  }

  /// `YYYY-MM-DDTHH:MM:SS`.
  public var description: String {
    let (year, month, dayOfMonth) = date
    let second = secondOfDay
    // Written as bytes: a device's first transcript line shows its date, and six padded strings
    // joined by interpolation cost more than the rest of making the device.
    var text: [UInt8] = []
    text.reserveCapacity(19)
    Self.pad(year, 4, into: &text)
    text.append(UInt8(ascii: "-"))
    Self.pad(month, 2, into: &text)
    text.append(UInt8(ascii: "-"))
    Self.pad(dayOfMonth, 2, into: &text)
    text.append(UInt8(ascii: "T"))
    Self.pad(second / 3600, 2, into: &text)
    text.append(UInt8(ascii: ":"))
    Self.pad(second / 60 % 60, 2, into: &text)
    text.append(UInt8(ascii: ":"))
    Self.pad(second % 60, 2, into: &text)
    return String(decoding: text, as: UTF8.self)
  }

  // MARK: - Calendar arithmetic

  init(day: Int64, secondOfDay: Int64) {
    self.secondsSinceEpoch = day * 86_400 + secondOfDay
  }

  static func daysIn(month: Int64, year: Int64) -> Int64 {
    switch month {
    case 2: isLeap(year) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  static func isLeap(_ year: Int64) -> Bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
  }

  /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
  static func daysSinceEpoch(year: Int64, month: Int64, day: Int64) -> Int64 {
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = floorDivide(shiftedYear, 400)
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The proleptic Gregorian date of a day counted from 1970-01-01 (`civil_from_days`).
  static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let shifted = days + 719_468
    let era = floorDivide(shifted, 146_097)
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  private static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
    value >= 0 ? value / divisor : (value - divisor + 1) / divisor
  }

  /// Appends `value` in decimal, with zeros before it up to `width` digits.
  private static func pad(_ value: Int64, _ width: Int, into text: inout [UInt8]) {
    let digits = String(value).utf8
    if digits.count < width { text.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: width - digits.count)) }
    text.append(contentsOf: digits)
  }
}
