import Reporting
import Testing

/// Sizes in messages name the limit a user set, also below a MiB.
@Suite("Byte counts")
struct ByteCountTests {
  @Test("whole units, one decimal cut where the unit does not divide, bytes below a KiB", arguments: [
    (64 << 20, "64 MiB"), (3 << 19, "1.5 MiB"), ((1 << 20) + 1, "1.0 MiB"), (130_000, "126.9 KiB"),
    (1 << 10, "1 KiB"), (1023, "1023 bytes"), (1, "1 byte"), (0, "0 bytes"),
  ])
  func text(bytes: Int, shown: String) {
    #expect(ByteCount.text(bytes) == shown)
  }
}
