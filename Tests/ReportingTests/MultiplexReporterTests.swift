import Testing
import Reporting

@Suite("Multiplexing and tallies")
struct MultiplexReporterTests {
  @Test("every reporter receives every event, in order")
  func fansOut() throws {
    let first = OutputCapture()
    let second = OutputCapture()
    var reporter = MultiplexReporter([
      ConsoleReporter(showsProgress: true, usesColor: false, write: first.write),
      RunTally(),
      ConsoleReporter(showsProgress: true, usesColor: false, write: second.write),
    ])
    SampleRuns.hostile.forEach { reporter.record($0) }
    #expect(!first.text.isEmpty)
    #expect(first.chunks == second.chunks)
    let tally = try #require(reporter.reporters[1] as? RunTally)
    #expect(tally.total == 6)
  }

  @Test("the tally counts each outcome apart")
  func tally() {
    var tally = RunTally()
    SampleRuns.hostile.forEach { tally.record($0) }
    #expect([tally.passed, tally.failed, tally.errored, tally.skipped] == [1, 1, 2, 2])
    #expect(!tally.isSuccess)

    var clean = RunTally()
    SampleRuns.onlySkipped.forEach { clean.record($0) }
    #expect(clean.isSuccess)
    #expect(clean.total == 2)
  }
}
