import Foundation
import Testing
@testable import Reporting
import PermsimTestSupport

@Suite("JUnit XML reporter")
struct JUnitXMLReporterTests {
  private func outline(_ events: [RunEvent], _ flavor: JUnitXMLReporter.Flavor) throws -> XMLOutline {
    try XMLOutline.parse(junitDocument(events, flavor: flavor)).get()
  }

  // MARK: - Documents

  @Test("every document is well-formed for Foundation's XMLParser", arguments: SampleRuns.names, JUnitXMLReporter.Flavor.allCases)
  func wellFormed(run: String, flavor: JUnitXMLReporter.Flavor) throws {
    let document = junitDocument(SampleRuns.named(run), flavor: flavor)
    #expect(document.starts(with: Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n".utf8)))
    let outline = try XMLOutline.parse(document).get()
    #expect(outline.elements.first?.name == "testsuites")
  }

  @Test("the same events give the same bytes", arguments: JUnitXMLReporter.Flavor.allCases)
  func deterministic(flavor: JUnitXMLReporter.Flavor) {
    let first = junitDocument(SampleRuns.hostile, flavor: flavor)
    #expect(!first.isEmpty)
    #expect(first == junitDocument(SampleRuns.hostile, flavor: flavor))
  }

  // MARK: - Totals

  @Test("suites count tests, failures, errors and skips apart", arguments: JUnitXMLReporter.Flavor.allCases)
  func suiteCounts(flavor: JUnitXMLReporter.Flavor) throws {
    let suites = try outline(SampleRuns.hostile, flavor).all("testsuite")
    let names = flavor == .rich
      ? ["onboarding/first_launch.lua", "settings/precise.lua"] : ["onboarding.first_launch", "settings.precise"]
    #expect(suites.map { $0.attributes["name"] } == names, "strict suites are named by their dotted classname")
    #expect(suites.map { $0.attributes["tests"] } == ["4", "2"])
    #expect(suites.map { $0.attributes["failures"] } == ["1", "0"])
    #expect(suites.map { $0.attributes["errors"] } == ["1", "1"])
    #expect(suites.map { $0.attributes["skipped"] } == ["1", "1"])
    #expect(suites.map { $0.attributes["hostname"] } == ["ci-runner-7", "ci-runner-7"])
  }

  @Test("the rich root carries the run's totals; the strict root carries nothing")
  func rootAttributes() throws {
    let rich = try #require(try outline(SampleRuns.hostile, .rich).elements.first)
    #expect(rich.attributes == [
      "name": "Examples", "tests": "6", "failures": "1", "errors": "2", "skipped": "2",
      "time": "0.061", "timestamp": "2023-11-14T22:13:20Z",
    ])
    let strict = try #require(try outline(SampleRuns.hostile, .strict).elements.first)
    #expect(strict.attributes.isEmpty)
  }

  @Test("times and timestamps come from the events' instants; rich timestamps carry their zone, strict ones cannot")
  func instants() throws {
    let document = try outline(SampleRuns.hostile, .rich)
    let suites = document.all("testsuite")
    #expect(suites.map { $0.attributes["timestamp"] } == ["2023-11-14T22:13:20Z", "2023-11-14T22:13:20Z"])
    #expect(suites.map { $0.attributes["time"] } == ["0.013", "0.044"])
    let strict = try outline(SampleRuns.hostile, .strict).all("testsuite")
    #expect(strict.map { $0.attributes["timestamp"] } == ["2023-11-14T22:13:20", "2023-11-14T22:13:20"])
    #expect(document.all("testcase").map { $0.attributes["time"] } == ["0.003", "0.003", "0.003", "0.003", "0.040", "0.003"])
  }

  // MARK: - Cases

  @Test(
    "classnames are the dotted path without .lua or a line; dots inside a component become _",
    arguments: [
      ("onboarding/first_launch.lua", "onboarding.first_launch"), ("a.lua", "a"), ("x/y/z.lua", "x.y.z"),
      ("notes.txt", "notes_txt"), ("v1.2/a.lua", "v1_2.a"), ("ios14.5_x.lua", "ios14_5_x"),
      ("/abs/dir/a.lua", "abs.dir.a"), ("../up.lua", "__.up"), ("a//b/.lua", "a.b"), ("中文/场景.lua", "中文.场景"),
    ])
  func classnames(path: String, expected: String) {
    #expect(JUnitXMLReporter.classname(forPath: path) == expected)
  }

  @Test("failures and errors carry a one-line message, a type and a body that starts with path:line")
  func problems() throws {
    let document = try outline(SampleRuns.hostile, .rich)
    let failure = try #require(document.all("failure").first)
    #expect(failure.attributes["type"] == "ExpectationFailed")
    #expect(
      failure.attributes["message"]
        == "onboarding/first_launch.lua:19: expected status \"denied\", got <authorizedWhenInUse> & 'more' second line")
    #expect(failure.text.hasPrefix("onboarding/first_launch.lua:19: expected status \"denied\""))
    #expect(failure.text.contains("  actual: authorizedWhenInUse\n"))
    #expect(failure.text.contains("scenario declared at onboarding/first_launch.lua:12\n"))
    #expect(failure.text.contains("Last 5 of 5 transcript lines:\n"))

    let errors = document.all("error")
    #expect(errors.map { $0.attributes["type"] } == ["ScriptError", "BudgetExceeded"])
    #expect(errors.first?.text.contains("stack traceback:\n\tonboarding/first_launch.lua:28:") == true)
    let skipped = document.all("skipped")
    #expect(skipped.map { $0.attributes["message"] } == ["not written yet", "filtered out by tag"])
  }

  @Test("a long headline is cut in the message and whole in the body")
  func longHeadline() throws {
    let headline = String(repeating: "é", count: 2_000)
    var run = RunScript()
    run.start()
    run.suite("a.lua") { $0.case("x", in: "a.lua", .failed(.expectation(headline, at: "a.lua", 1))) }
    run.end()
    let failure = try #require(try outline(run.events, .rich).all("failure").first)
    #expect(failure.attributes["message"] == "a.lua:1: " + String(repeating: "é", count: 507) + "…")
    #expect(failure.text.contains(headline))
  }

  @Test("rich cases have file and line (where they failed) and a failure's transcript; strict cases have neither")
  func caseDetails() throws {
    let rich = try outline(SampleRuns.hostile, .rich)
    let cases = rich.all("testcase")
    let first = try #require(cases.first)
    #expect(first.attributes["file"] == "onboarding/first_launch.lua")
    #expect(first.attributes["line"] == "4", "a passing case points at its declaration")
    #expect(first.attributes["classname"] == "onboarding.first_launch")
    let index = try #require(rich.index(of: "testcase", where: "line", is: "4"))
    #expect(rich.children(of: index).isEmpty, "passing cases keep no transcript by default")
    #expect(cases.map { $0.attributes["line"] } == ["4", "19", "28", "40", "9", "20"], "failed cases point at the failing line")
    let failed = try #require(rich.index(of: "testcase", where: "line", is: "19"))
    #expect(rich.children(of: failed).map(\.name) == ["failure", "system-out"])

    let all = try XMLOutline.parse(junitDocument(SampleRuns.hostile, flavor: .rich, output: .all)).get()
    let kept = try #require(all.index(of: "testcase", where: "line", is: "4"))
    #expect(all.children(of: kept).map(\.text) == ["[0.000 s] app launched\n[0.001 s] prompt shown: authorization"])

    let strict = try outline(SampleRuns.hostile, .strict)
    for testcase in strict.all("testcase") {
      #expect(testcase.attributes["file"] == nil && testcase.attributes["line"] == nil)
    }
    #expect(strict.elements.allSatisfy { $0.name != "system-out" || strict.elements[$0.parent ?? 0].name == "testsuite" })
  }

  @Test("strict suites have package, id, properties and suite-level output with each case's transcript")
  func strictSuites() throws {
    let document = try outline(SampleRuns.hostile, .strict)
    let suites = document.all("testsuite")
    #expect(suites.map { $0.attributes["package"] } == ["onboarding", "settings"])
    #expect(suites.map { $0.attributes["id"] } == ["0", "1"])
    let outputs = document.all("system-out")
    #expect(outputs.count == 2)
    #expect(document.all("system-err").count == 2)
    let first = try #require(outputs.first).text
    #expect(first.hasPrefix("--- first launch › denial shows <Settings> & \"quotes\" 'too' [iOS 14.0]: failed ---\n"))
    #expect(first.contains("--- first launch › tap on a missing button [iOS 17.4]: error ---\n"))
    #expect(!first.contains("asks once"), "passing cases keep no transcript by default")
    let all = try XMLOutline.parse(junitDocument(SampleRuns.hostile, flavor: .strict, output: .all)).get()
    #expect(all.all("system-out").first?.text.hasPrefix("--- first launch › asks once [iOS 14.0]: passed ---\n") == true)
  }

  @Test("a huge transcript is bounded to 64 KiB with a visible marker", arguments: JUnitXMLReporter.Flavor.allCases)
  func boundedTranscript(flavor: JUnitXMLReporter.Flavor) throws {
    let outputs = try outline(SampleRuns.hostile, flavor).all("system-out")
    let huge = try #require(outputs.max { $0.text.utf8.count < $1.text.utf8.count })
    #expect(huge.text.contains("bytes not shown: the text is longer than 64 KiB …]"))
    #expect(huge.text.contains("#1\n"))
    #expect(huge.text.hasSuffix("#3000" + (flavor == .strict ? "\n" : "")))
    #expect(huge.text.utf8.count <= 65_536 + 200)
  }

  @Test("hostile text survives as text: no escape bytes, no NUL, markup kept literal")
  func hostileText() throws {
    let document = junitDocument(SampleRuns.hostile, flavor: .rich)
    #expect(!document.contains(0x1B))
    #expect(!document.contains(0x00))
    let outline = try XMLOutline.parse(document).get()
    let text = outline.elements.map(\.text).joined()
    #expect(text.contains("]]> is not the end of anything"))
    #expect(text.contains("NUL\u{FFFD}byte and bell\u{FFFD}"))
    #expect(text.contains("green and U+FFFE \u{FFFD}"))
    #expect(outline.all("testcase").contains { $0.attributes["name"] == "precise on\u{FFFD}off\u{FFFD}\u{FFFD} [iOS 14.0]" })
  }

  // MARK: - Properties

  @Test("the run's properties, once, in the first suite: the version, the seed and the iOS versions", arguments: JUnitXMLReporter.Flavor.allCases)
  func properties(flavor: JUnitXMLReporter.Flavor) throws {
    let document = try outline(SampleRuns.hostile, flavor)
    let suites = document.elements.indices.filter { document.elements[$0].name == "testsuite" }
    #expect(suites.count == 2)
    let pairs = suites.map { suite in
      document.elements.indices.filter { document.elements[$0].name == "properties" && document.elements[$0].parent == suite }
        .flatMap { document.children(of: $0) }
        .map { "\($0.attributes["name"] ?? "")=\($0.attributes["value"] ?? "")" }
    }
    #expect(pairs == [["permsim.version=0.1.0", "permsim.seed=4242", "ios.versions=14.0, 17.4"], []])
  }

  @Test("xunitparser reads a report of several files", .enabled(if: PythonParsers.hasXUnitParser, "needs python3 with xunitparser"), arguments: SampleRuns.names, JUnitXMLReporter.Flavor.allCases)
  func xunitparser(run: String, flavor: JUnitXMLReporter.Flavor) throws {
    // xunitparser 1.3.4 folds every suite's properties into one table and asserts no name comes twice.
    let parsed = try PythonParsers.xunit(Data(junitDocument(SampleRuns.named(run), flavor: flavor)))
    #expect(parsed.status == 0, "\(parsed.output)")
    if run == "hostile" {
      #expect(parsed.output.contains("totals 6 1 2 2\n"), "\(parsed.output)")
      #expect(parsed.output.contains("property permsim.seed=4242\n"))
    }
  }

  @Test("suites whose cases name no iOS version fall back to the run's matrix")
  func propertiesFallBack() throws {
    let document = try outline(SampleRuns.onlySkipped, .rich)
    let values = document.all("property").map { $0.attributes["value"] }
    #expect(values.contains("14.0, 17.4"))
  }

  // MARK: - Interruption

  @Test("an interrupted run keeps the finished cases and says so once, in the run's properties", arguments: JUnitXMLReporter.Flavor.allCases)
  func interrupted(flavor: JUnitXMLReporter.Flavor) throws {
    let document = junitDocument(SampleRuns.interrupted, flavor: flavor)
    let comment = "<!-- permsim: the run was interrupted; this report holds the 2 cases that finished. -->"
    #expect(String(decoding: document, as: UTF8.self).contains(comment))
    let outline = try XMLOutline.parse(document).get()
    #expect(outline.all("testcase").map { $0.attributes["name"] } == ["one", "two"])
    #expect(outline.all("testsuite").map { $0.attributes["tests"] } == ["1", "1"])
    let marks = outline.all("property").filter { $0.attributes["name"] == "permsim.interrupted" }
    #expect(marks.count == 1)
    #expect(marks.allSatisfy { $0.attributes["value"] == "true" })
  }

  @Test("a run that was not interrupted has no marker")
  func notInterrupted() throws {
    let document = try outline(SampleRuns.hostile, .strict)
    #expect(!document.all("property").contains { $0.attributes["name"] == "permsim.interrupted" })
  }

  // MARK: - Streaming

  @Test("a case's XML reaches the spool when the case ends, before its suite does")
  func streams() {
    let store = InMemoryJUnitStore()
    var reporter = JUnitXMLReporter(store: store)
    var run = RunScript()
    run.start()
    run.post(.suiteStarted(SuiteInfo(path: "a.lua")))
    run.case(
      "big", in: "a.lua", .failed(.expectation("no", at: "a.lua", 1)),
      transcript: Array(repeating: String(repeating: "x", count: 99), count: 100))
    run.events.forEach { reporter.record($0) }
    #expect(store.spoolByteCount > 10_000)
    #expect(store.document == nil)
  }

  // MARK: - Identity, time and shards

  @Test("a failure inside a helper module is placed at the scenario line that called it")
  func failureInHelper() throws {
    var run = RunScript()
    run.start()
    run.suite("flows/a.lua") { run in
      run.case(
        "via helper", in: "flows/a.lua", line: 3,
        .failed(CaseProblem(
          kind: .expectationFailed, headline: "no prompt", location: ScriptLocation(path: "helpers/flows.lua", line: 40),
          details: "stack traceback:\n\thelpers/flows.lua:40: in function 'open'\n\tflows/a.lua:7: in function <flows/a.lua:3>")))
    }
    run.end()
    let document = try outline(run.events, .rich)
    let testcase = try #require(document.all("testcase").first)
    #expect(testcase.attributes["file"] == "flows/a.lua")
    #expect(testcase.attributes["line"] == "7")
    let failure = try #require(document.all("failure").first)
    #expect(failure.attributes["message"] == "flows/a.lua:7: no prompt")
    #expect(failure.text.contains("raised at helpers/flows.lua:40\n"))
    #expect(failure.text.contains("scenario declared at flows/a.lua:3\n"))
  }

  @Test("a suite's time is at least the sum of its cases' times, as parallel cases overlap", arguments: JUnitXMLReporter.Flavor.allCases)
  func suiteTimeCoversCases(flavor: JUnitXMLReporter.Flavor) throws {
    // Two cases that ran at the same time: the file took 5 ms of wall time, its cases 5 + 4 ms.
    let start = RunScript.instant(0)
    let info = [CaseInfo(suitePath: "a.lua", name: "one", line: 1), CaseInfo(suitePath: "a.lua", name: "two", line: 2)]
    let events: [RunEvent] = [
      RunEvent(.runStarted(RunScript.info), at: start),
      RunEvent(.suiteStarted(SuiteInfo(path: "a.lua")), at: start),
      RunEvent(.caseStarted(info[0]), at: start),
      RunEvent(.caseEnded(CaseResult(info: info[0], outcome: .passed)), at: RunScript.instant(5)),
      RunEvent(.caseStarted(info[1]), at: RunScript.instant(1)),
      RunEvent(.caseEnded(CaseResult(info: info[1], outcome: .passed)), at: RunScript.instant(5)),
      RunEvent(.suiteEnded(SuiteInfo(path: "a.lua")), at: RunScript.instant(5)),
      RunEvent(.runEnded(RunEnd()), at: RunScript.instant(6)),
    ]
    let document = try outline(events, flavor)
    #expect(document.all("testcase").map { $0.attributes["time"] } == ["0.005", "0.004"])
    #expect(document.all("testsuite").first?.attributes["time"] == "0.009")
  }

  @Test("a shard is recorded as a property; an empty shard still writes a valid report", arguments: JUnitXMLReporter.Flavor.allCases)
  func shardProperty(flavor: JUnitXMLReporter.Flavor) throws {
    var info = RunScript.info
    info.shard = "3/20"
    var run = RunScript()
    run.start(info)
    run.suite("a.lua") { $0.case("one", in: "a.lua", line: 1) }
    run.end()
    let document = try outline(run.events, flavor)
    #expect(document.all("property").contains { $0.attributes["name"] == "shard" && $0.attributes["value"] == "3/20" })

    var empty = RunScript()
    empty.start(info)
    empty.end()
    let bytes = junitDocument(empty.events, flavor: flavor)
    let emptyDocument = try XMLOutline.parse(bytes).get()
    #expect(emptyDocument.all("testcase").isEmpty)
    #expect(emptyDocument.all("testsuite").map { $0.attributes["tests"] } == ["0"])
    #expect(emptyDocument.all("property").contains { $0.attributes["name"] == "shard" && $0.attributes["value"] == "3/20" })
    if SchemaValidator.isAvailable {
      #expect(try SchemaValidator.problems(in: bytes, flavor: flavor) == nil)
    }
  }

  @Test("events after the end of the run change nothing")
  func afterEnd() {
    let store = InMemoryJUnitStore()
    var reporter = JUnitXMLReporter(store: store)
    SampleRuns.onlySkipped.forEach { reporter.record($0) }
    let document = store.document
    SampleRuns.hostile.forEach { reporter.record($0) }
    #expect(document != nil)
    #expect(store.document == document)
  }

  @Test("cases posted without their suite events land in a suite named after their file")
  func implicitSuite() throws {
    var run = RunScript()
    run.start()
    run.case("lonely", in: "solo.lua", line: 3)
    run.end()
    let document = try outline(run.events, .rich)
    #expect(document.all("testsuite").map { $0.attributes["name"] } == ["solo.lua"])
    #expect(document.all("testcase").map { $0.attributes["name"] } == ["lonely"])
  }
}
