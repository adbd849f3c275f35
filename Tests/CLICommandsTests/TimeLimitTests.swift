import Foundation
import PermsimTestSupport
import Reporting
import Testing

/// `--timeout`: a case stuck inside one C call ends as that case's error, and the run goes on (issue 11).
@Suite("Time limits")
struct TimeLimitTests {
  @Test("a backtracking pattern ends at --timeout 2 as TimeLimitExceeded; the next case passes")
  func backtracking() throws {
    let report = FileManager.default.temporaryDirectory.appendingPathComponent("permsim-\(UUID().uuidString).xml")
    defer { try? FileManager.default.removeItem(at: report) }
    let start = ContinuousClock.now
    let run = try PermsimProcess.run([
      "run", "Tests/Fixtures/hostile/timeout", "--timeout", "2", "--instructions", "1000G", "--junit", report.path,
    ])
    #expect(ContinuousClock.now - start < .seconds(15))
    #expect(run.status == 1)
    #expect(run.standardOutput.contains("ran past its time limit of 2 s (--timeout)"), "\(run.standardOutput)")
    let document = try JUnitDocument(Data(contentsOf: report))
    #expect(document.cases.count == 2)
    #expect(document.testCase("a backtracking pattern")?.outcomeAttributes["type"] == "TimeLimitExceeded")
    #expect(document.testCase("the run goes on")?.outcome == nil)
  }

  @Test("--timeout must be a positive number of seconds", arguments: ["0", "-1", "inf"])
  func badTimeout(value: String) throws {
    let run = try PermsimProcess.run(["run", "Tests/Fixtures/hostile/timeout", "--timeout", value])
    #expect(run.status == 2, "\(run.standardError)")
  }
}
