import Testing
@testable import Reporting

@Suite("Instants and durations")
struct TimeFormatTests {
  @Test(
    "timestamps are UTC without a zone designator",
    arguments: [
      (Int64(0), "1970-01-01T00:00:00"),
      (1_700_000_000, "2023-11-14T22:13:20"),
      (951_782_400, "2000-02-29T00:00:00"),
      (1_709_164_800, "2024-02-29T00:00:00"),
      (4_107_542_399, "2100-02-28T23:59:59"),
      (-1, "1969-12-31T23:59:59"),
    ])
  func timestamps(seconds: Int64, expected: String) {
    let instant = RunEvent.Instant(nanosecondsSinceEpoch: seconds * 1_000_000_000 + 999_999_999)
    #expect(TimeFormat.timestamp(instant) == expected)
  }

  @Test("the extreme instants still give four-digit years")
  func extremes() {
    #expect(TimeFormat.timestamp(RunEvent.Instant(nanosecondsSinceEpoch: .max)) == "2262-04-11T23:47:16")
    #expect(TimeFormat.timestamp(RunEvent.Instant(nanosecondsSinceEpoch: .min)) == "1677-09-21T00:12:43")
  }

  @Test(
    "durations are seconds with three decimals, rounded half up",
    arguments: [
      (Int64(0), "0.000"), (1, "0.000"), (499_999, "0.000"), (500_000, "0.001"), (153_000_000, "0.153"),
      (1_999_500_000, "2.000"), (12_345_678_901, "12.346"), (-5_000_000, "0.000"),
    ])
  func durations(nanoseconds: Int64, expected: String) {
    #expect(TimeFormat.seconds(nanoseconds) == expected)
  }

  @Test("instants from seconds round to the nanosecond and never trap")
  func fromSeconds() {
    #expect(RunEvent.Instant(secondsSinceEpoch: 1.5).nanosecondsSinceEpoch == 1_500_000_000)
    #expect(RunEvent.Instant(secondsSinceEpoch: -0.25).nanosecondsSinceEpoch == -250_000_000)
    #expect(RunEvent.Instant(secondsSinceEpoch: .nan).nanosecondsSinceEpoch == 0)
    #expect(RunEvent.Instant(secondsSinceEpoch: 1e300).nanosecondsSinceEpoch == .max)
    #expect(RunEvent.Instant(secondsSinceEpoch: -.infinity).nanosecondsSinceEpoch == 0)
  }

  @Test("durations between instants are never negative and saturate")
  func differences() {
    let early = RunEvent.Instant(nanosecondsSinceEpoch: 10)
    let late = RunEvent.Instant(nanosecondsSinceEpoch: 25)
    #expect(late.nanoseconds(since: early) == 15)
    #expect(early.nanoseconds(since: late) == 0)
    let first = RunEvent.Instant(nanosecondsSinceEpoch: .min)
    #expect(RunEvent.Instant(nanosecondsSinceEpoch: .max).nanoseconds(since: first) == .max)
  }
}
