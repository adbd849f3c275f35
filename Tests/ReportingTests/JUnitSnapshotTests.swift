import Testing
import Reporting

@Suite("JUnit XML snapshots")
struct JUnitSnapshotTests {
  @Test("the hostile run matches the golden file", arguments: JUnitXMLReporter.Flavor.allCases)
  func hostileRun(flavor: JUnitXMLReporter.Flavor) {
    Snapshot.expect(junitDocument(SampleRuns.hostile, flavor: flavor), matches: "junit-\(flavor.rawValue).xml")
  }
}
