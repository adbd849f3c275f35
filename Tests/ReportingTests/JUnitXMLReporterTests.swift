import Testing
@testable import Reporting

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
    #expect(suites.map { $0.attributes["name"] } == ["onboarding/first_launch.lua", "settings/precise.lua"])
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
      "time": "0.061", "timestamp": "2023-11-14T22:13:20",
    ])
    let strict = try #require(try outline(SampleRuns.hostile, .strict).elements.first)
    #expect(strict.attributes.isEmpty)
  }

  @Test("times and timestamps come from the events' instants")
  func instants() throws {
    let document = try outline(SampleRuns.hostile, .rich)
    let suites = document.all("testsuite")
    #expect(suites.map { $0.attributes["timestamp"] } == ["2023-11-14T22:13:20", "2023-11-14T22:13:20"])
    #expect(suites.map { $0.attributes["time"] } == ["0.013", "0.044"])
    #expect(document.all("testcase").map { $0.attributes["time"] } == ["0.003", "0.003", "0.003", "0.003", "0.040", "0.003"])
  }

  // MARK: - Cases

  @Test(
    "classnames are the dotted path without .lua or a line",
    arguments: [
      ("onboarding/first_launch.lua", "onboarding.first_launch"), ("a.lua", "a"), ("x/y/z.lua", "x.y.z"),
      ("notes.txt", "notes.txt"), ("v1.2/a.lua", "v1.2.a"),
    ])
  func classnames(path: String, expected: String) {
    #expect(JUnitXMLReporter.classname(forPath: path) == expected)
  }

  @Test("failures and errors carry a one-line message, a type and a body that starts with path:line")
  func problems() throws {
    let document = try outline(SampleRuns.hostile, .rich)
    let failure = try #require(document.all("failure").first)
    #expect(failure.attributes["type"] == "ExpectationFailed")
    #expect(failure.attributes["message"] == "expected status \"denied\", got <authorizedWhenInUse> & 'more' second line")
    #expect(failure.text.hasPrefix("onboarding/first_launch.lua:19: expected status \"denied\""))
    #expect(failure.text.contains("  actual: authorizedWhenInUse\n"))
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
    #expect(failure.attributes["message"] == String(repeating: "é", count: 512) + "…")
    #expect(failure.text.contains(headline))
  }

  @Test("rich cases have file, line and their transcript; strict cases have neither")
  func caseDetails() throws {
    let rich = try outline(SampleRuns.hostile, .rich)
    let first = try #require(rich.all("testcase").first)
    #expect(first.attributes["file"] == "onboarding/first_launch.lua")
    #expect(first.attributes["line"] == "4")
    #expect(first.attributes["classname"] == "onboarding.first_launch")
    let index = try #require(rich.index(of: "testcase", where: "line", is: "4"))
    #expect(rich.children(of: index).map(\.text) == ["[0.000 s] app launched\n[0.001 s] prompt shown: authorization"])

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
    #expect(first.hasPrefix("--- first launch › asks once [iOS 14.0]: passed ---\n[0.000 s] app launched\n"))
    #expect(first.contains("--- first launch › tap on a missing button [iOS 17.4]: error ---\n"))
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

  @Test("suite properties name the version, the seed and the suite's iOS versions")
  func properties() throws {
    let document = try outline(SampleRuns.hostile, .rich)
    let first = try #require(document.index(of: "testsuite", where: "name", is: "onboarding/first_launch.lua"))
    let properties = try #require(document.elements.firstIndex { $0.name == "properties" && $0.parent == first })
    let pairs = document.children(of: properties).map { "\($0.attributes["name"] ?? "")=\($0.attributes["value"] ?? "")" }
    #expect(pairs == ["permsim.version=0.1.0", "permsim.seed=4242", "ios.versions=14.0, 17.4"])
  }

  @Test("suites whose cases name no iOS version fall back to the run's matrix")
  func propertiesFallBack() throws {
    let document = try outline(SampleRuns.onlySkipped, .rich)
    let values = document.all("property").map { $0.attributes["value"] }
    #expect(values.contains("14.0, 17.4"))
  }

  // MARK: - Interruption

  @Test("an interrupted run keeps the finished cases and marks every suite", arguments: JUnitXMLReporter.Flavor.allCases)
  func interrupted(flavor: JUnitXMLReporter.Flavor) throws {
    let document = junitDocument(SampleRuns.interrupted, flavor: flavor)
    let comment = "<!-- permsim: the run was interrupted; this report holds the 2 cases that finished. -->"
    #expect(String(decoding: document, as: UTF8.self).contains(comment))
    let outline = try XMLOutline.parse(document).get()
    #expect(outline.all("testcase").map { $0.attributes["name"] } == ["one", "two"])
    #expect(outline.all("testsuite").map { $0.attributes["tests"] } == ["1", "1"])
    let marks = outline.all("property").filter { $0.attributes["name"] == "permsim.interrupted" }
    #expect(marks.count == 2)
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
    run.case("big", in: "a.lua", transcript: Array(repeating: String(repeating: "x", count: 99), count: 100))
    run.events.forEach { reporter.record($0) }
    #expect(store.spoolByteCount > 10_000)
    #expect(store.document == nil)
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
