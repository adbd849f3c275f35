import Foundation
import PermsimTestSupport
import Testing

@testable import Reporting

/// What the TAP, JSON lines and GitHub annotation reporters write for the sample runs, read back with real parsers.
@Suite("TAP, JSON and GitHub reporters")
struct MachineReadableReporterTests {
  static let eventsSchema = PermsimProcess.packageRoot.appendingPathComponent("docs/permsim-events.schema.json")

  private func text(_ events: [RunEvent], _ make: (@escaping @Sendable (String) -> Void) -> any Reporter) -> String {
    let capture = OutputCapture()
    var reporter = make(capture.write)
    events.forEach { reporter.record($0) }
    return capture.text
  }

  private func tap(_ events: [RunEvent]) -> String { text(events) { TAPReporter(write: $0) } }
  private func json(_ events: [RunEvent]) -> String { text(events) { JSONEventReporter(write: $0) } }
  private func github(_ events: [RunEvent]) -> String { text(events) { GitHubAnnotationReporter(write: $0) } }

  // MARK: - TAP

  @Test("TAP 13: a version line, one test point per case, YAML diagnostics for problems, the plan last")
  func tapShape() {
    let output = tap(SampleRuns.hostile)
    let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.first == "TAP version 13")
    #expect(lines.contains("ok 1 - onboarding/first_launch.lua › first launch › asks once [iOS 14.0]"))
    #expect(lines.contains("not ok 2 - onboarding/first_launch.lua › first launch › denial shows <Settings> & \"quotes\" 'too' [iOS 14.0]"))
    #expect(lines.contains("ok 4 - onboarding/first_launch.lua › first launch › precise toggle # SKIP not written yet"))
    #expect(lines.contains("  severity: error"))
    #expect(output.hasSuffix("1..6\n"))
    #expect(!output.contains("\u{1B}"))
  }

  @Test("tap.py reads every sample run", .enabled(if: PythonParsers.hasTAP, "needs tap.py[yaml] (Scripts/bootstrap)"), arguments: SampleRuns.names)
  func tapParses(run: String) throws {
    let result = try PythonParsers.tap(tap(SampleRuns.named(run)))
    #expect(result.status == 0, "\(result.output)")
    #expect(!result.output.contains("unknown"), "\(result.output)")
  }

  @Test("tap.py sees outcomes, skips, the failing lines and the plan", .enabled(if: PythonParsers.hasTAP, "needs tap.py[yaml] (Scripts/bootstrap)"))
  func tapContent() throws {
    let result = try PythonParsers.tap(tap(SampleRuns.hostile))
    #expect(result.output == """
      1 ok : 
      2 not ok onboarding/first_launch.lua:19 fail
      3 not ok onboarding/first_launch.lua:28 error
      4 skip : 
      5 not ok settings/precise.lua:9 error
      6 skip : 
      plan 6

      """)
    let interrupted = try PythonParsers.tap(tap(SampleRuns.interrupted))
    #expect(interrupted.output.hasSuffix("bail\n"))
  }

  @Test("hostile text is escaped: # and \\ in descriptions, every control character in YAML")
  func tapEscaping() {
    #expect(TAPReporter.description("a # b \\ c\nd\u{1B}[31m") == "a \\# b \\\\ c d")
    #expect(YAMLText.quoted("q\"\\\u{0}\u{85}\u{FFFE}é\t") == "\"q\\\"\\\\\\u0000\\u0085\\uFFFEé\\t\"")
  }

  // MARK: - JSON

  @Test("every line is one JSON object valid against the schema", .enabled(if: PythonParsers.hasJSONSchema, "needs python3 with jsonschema"), arguments: SampleRuns.names)
  func jsonValidates(run: String) throws {
    let output = json(SampleRuns.named(run))
    let result = try PythonParsers.jsonLines(output, schema: Self.eventsSchema)
    #expect(result.status == 0, "\(result.output)")
  }

  @Test("JSON events carry the identity, the declaration line and the failing line")
  func jsonContent() throws {
    let lines = json(SampleRuns.hostile).split(separator: "\n").map { line in
      (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] ?? [:]
    }
    #expect(lines.map { $0["event"] as? String }.first == "runStarted")
    #expect(lines.allSatisfy { $0["version"] as? Int == 1 })
    #expect(lines.first?["time"] as? String == "2023-11-14T22:13:20Z")
    let failed = try #require(lines.first { $0["outcome"] as? String == "failed" })
    #expect(failed["line"] as? Int == 12)
    #expect(failed["classname"] as? String == "onboarding.first_launch")
    let failure = try #require(failed["failure"] as? [String: Any])
    #expect(failure["line"] as? Int == 19)
    #expect(failure["file"] as? String == "onboarding/first_launch.lua")
    #expect((failure["transcript"] as? [String])?.count == 5)
    let end = try #require(lines.last)
    #expect(end["event"] as? String == "runEnded")
    #expect(end["failed"] as? Int == 1 && end["errors"] as? Int == 2 && end["skipped"] as? Int == 2)
    #expect(json(SampleRuns.hostile) == json(SampleRuns.hostile), "the same events give the same bytes")
  }

  // MARK: - GitHub

  @Test("one ::error per failed or errored case, at the failing line, in the runner's format")
  func githubFormat() throws {
    let lines = github(SampleRuns.hostile).split(separator: "\n").map(String.init)
    #expect(lines.count == 3)
    for line in lines {
      #expect(GitHubAnnotationFormat.isWellFormed(line), "\(line)")
    }
    #expect(lines[0].hasPrefix("::error file=onboarding/first_launch.lua,line=19,title=FAILED first launch › denial shows"))
    #expect(lines[0].contains("::expected status \"denied\", got <authorizedWhenInUse> & 'more'%0Asecond line%0Aexpected: denied"))
    #expect(lines[1].hasPrefix("::error file=onboarding/first_launch.lua,line=28,title=ERROR first launch › tap on a missing button [iOS 17.4]::Script error: "))
    #expect(!lines.joined().contains("\u{1B}"))
  }

  @Test("properties escape % , : and line breaks; messages escape % and line breaks")
  func githubEscaping() {
    #expect(GitHubAnnotationReporter.property("a,b:c%d\ne") == "a%2Cb%3Ac%25d%0Ae")
    #expect(GitHubAnnotationReporter.data("50% a:b,c\nd") == "50%25 a:b,c%0Ad")
    #expect(!GitHubAnnotationFormat.isWellFormed("::error file=a,b.lua,title=x::y"), "the format check can fail")
  }
}
