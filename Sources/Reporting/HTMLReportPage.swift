/// The HTML report of a finished run: summary, filters, the cases with their timelines, the rules cited.
struct HTMLReportPage {
  let info: RunInfo
  let cases: [HTMLReporter.Case]
  let started: RunEvent.Instant
  let ended: RunEvent.Instant
  let interrupted: Bool
  let ruleTexts: [String: String]

  /// The outcomes in the order the summary and the filters list them.
  static let outcomes = ["failed", "errored", "passed", "skipped"]

  /// The whole page.
  var html: String {
    var page = XMLWriter(capacity: 64 * 1024 + cases.count * 600)
    var cited = Set<String>()
    HTMLPageShell.begin(title: "permsim report", into: &page)
    page.markup("<header>\n")
    summary(into: &page)
    filters(into: &page)
    page.markup("</header>\n")
    page.markup("<main id=\"cases\" aria-label=\"Cases\">\n")
    for (index, item) in cases.enumerated() { self.case(item, number: index + 1, cited: &cited, into: &page) }
    if cases.isEmpty { page.element("p", class: "note", "The run has no cases.") }
    page.markup("</main>\n")
    HTMLPageShell.rules(cited, ruleTexts: ruleTexts, into: &page)
    HTMLPageShell.end(into: &page)
    return String(decoding: page.bytes, as: UTF8.self)
  }

  // MARK: - Summary

  private func summary(into page: inout XMLWriter) {
    var tally = RunTally()
    for item in cases { tally.add(item.result.outcome) }
    page.markup("<h1>permsim report</h1>\n")
    if interrupted { page.element("p", class: "problem", "The run was interrupted: the report holds the cases that finished.") }
    page.markup("<ul class=\"counts\">")
    let counts = [tally.failed, tally.errored, tally.passed, tally.skipped]
    for (outcome, count) in zip(Self.outcomes, counts) {
      page.open("li", class: "count " + outcome)
      page.element("strong", String(count))
      page.text(outcome)
      page.close("li")
    }
    page.markup("<li class=\"count\"><strong>")
    page.number(tally.total)
    page.markup("</strong>cases</li></ul>\n<dl class=\"settings-list\">")
    var settings: [(String, String)] = [
      ("permsim", info.version), ("root", info.root), ("host", info.hostname.isEmpty ? "localhost" : info.hostname),
      ("started", TimeFormat.iso8601(started)), ("duration", TimeFormat.seconds(ended.nanoseconds(since: started)) + " s"),
      ("planned", String(info.plannedCaseCount)),
    ]
    if !info.iOSVersions.isEmpty { settings.append(("iOS", info.iOSVersions.joined(separator: ", "))) }
    if let seed = info.seed { settings.append(("seed", String(seed))) }
    if let shard = info.shard { settings.append(("shard", shard)) }
    for (name, value) in settings {
      page.markup("<div>")
      page.element("dt", name)
      page.element("dd", value)
      page.markup("</div>")
    }
    page.markup("</dl>\n")
    if cases.contains(where: { $0.result.outcome == .passed && $0.result.transcript.isEmpty }) {
      page.element("p", class: "note", "Cases that passed show their summary only; their timelines are kept when the run asks for all of them.")
    }
    page.markup("<div class=\"breakdowns\">")
    breakdown("By file", key: \.info.suitePath, into: &page)
    breakdown("By iOS version", key: { $0.info.iOSVersion ?? "–" }, into: &page)
    page.markup("</div>\n")
  }

  /// A table of outcome counts per value of `key`, in the order the values first appear.
  private func breakdown(_ title: String, key: (CaseResult) -> String, into page: inout XMLWriter) {
    var order: [String] = []
    var tallies: [String: RunTally] = [:]
    for item in cases {
      let value = key(item.result)
      if tallies[value] == nil { order.append(value) }
      tallies[value, default: RunTally()].add(item.result.outcome)
    }
    page.markup("<details><summary>")
    page.text(title)
    page.markup("</summary><table><thead><tr><th scope=\"col\"></th>")
    for outcome in Self.outcomes { page.element("th", class: "n", outcome) }
    page.markup("</tr></thead><tbody>")
    for value in order {
      let tally = tallies[value] ?? RunTally()
      page.markup("<tr><th scope=\"row\">")
      page.text(value)
      page.markup("</th>")
      for count in [tally.failed, tally.errored, tally.passed, tally.skipped] { page.element("td", class: "n", String(count)) }
      page.markup("</tr>")
    }
    page.markup("</tbody></table></details>")
  }

  // MARK: - Filters

  private func filters(into page: inout XMLWriter) {
    page.markup("<form id=\"filters\" class=\"filters\" role=\"search\" aria-label=\"Filter the cases\">")
    page.markup("<fieldset><legend>Show</legend>")
    for outcome in Self.outcomes {
      page.markup("<label><input type=\"checkbox\" name=\"outcome\" checked")
      page.attribute("value", outcome)
      page.markup("> ")
      page.text(outcome)
      page.markup("</label>")
    }
    page.markup("</fieldset>")
    choice("file", label: "File", values: unique(cases.map(\.result.info.suitePath)), into: &page)
    choice("tag", label: "Tag", values: unique(cases.flatMap(\.result.info.tags)).sorted(), into: &page)
    choice("ios", label: "iOS", values: unique(cases.compactMap(\.result.info.iOSVersion)), into: &page)
    page.markup("<label>Search <input type=\"search\" name=\"search\" placeholder=\"name, file, tag\"></label>")
    page.markup("<output id=\"shown\" class=\"shown\" aria-live=\"polite\">")
    page.number(cases.count)
    page.markup(" cases</output></form>\n")
  }

  private func choice(_ name: StaticString, label: String, values: [String], into page: inout XMLWriter) {
    page.markup("<label>")
    page.text(label)
    page.markup(" <select name=\"")
    page.markup(name)
    page.markup("\"><option value=\"\">all</option>")
    for value in values {
      page.markup("<option")
      page.attribute("value", value)
      page.markup(">")
      page.text(value)
      page.markup("</option>")
    }
    page.markup("</select></label>")
  }

  private func unique(_ values: [String]) -> [String] {
    var seen = Set<String>()
    return values.filter { seen.insert($0).inserted }
  }

  // MARK: - Cases

  private func `case`(_ item: HTMLReporter.Case, number: Int, cited: inout Set<String>, into page: inout XMLWriter) {
    let result = item.result
    let outcome = Self.outcome(result.outcome)
    page.markup("<div")
    page.attribute("class", "case " + outcome)
    page.attribute("id", "case-\(number)")
    page.attribute("data-outcome", outcome)
    page.attribute("data-file", result.info.suitePath)
    page.attribute("data-ios", result.info.iOSVersion ?? "")
    page.attribute("data-tags", result.info.tags.joined(separator: " "))
    page.attribute("data-search", ([result.info.name, result.info.suitePath] + result.info.tags).joined(separator: " ").lowercased())
    var skipReason: String?
    if case .skipped(let reason) = result.outcome, !reason.isEmpty { skipReason = reason }
    // A case with nothing more than its summary (a passed case, by default) is one line, not a disclosure:
    // 10,000 of them open at once.
    let hasBody = result.problem != nil || skipReason != nil || !result.transcript.isEmpty
    page.markup(hasBody ? (result.problem == nil ? "><details><summary>" : "><details open><summary>") : "><p class=\"head\">")
    page.element("span", class: "badge", outcome)
    page.element("span", class: "name", result.info.name)
    page.element("span", class: "where", result.declaration.description)
    var meta = TimeFormat.seconds(item.durationNanoseconds) + " s"
    if !result.info.tags.isEmpty { meta += " · " + result.info.tags.joined(separator: ", ") }
    page.element("span", class: "meta", meta)
    guard hasBody else { return page.markup("</p></div>\n") }
    page.markup("</summary><div class=\"body\">")
    if let skipReason { page.element("p", class: "note", "Skipped: " + skipReason) }
    if let problem = result.problem { self.problem(problem, at: result.failureLocation, into: &page) }
    timeline(result, cited: &cited, into: &page)
    page.markup("</div></details></div>\n")
  }

  private static func outcome(_ outcome: CaseOutcome) -> String {
    switch outcome {
    case .passed: "passed"
    case .failed: "failed"
    case .errored: "errored"
    case .skipped: "skipped"
    }
  }

  /// The failure or error: its kind and headline, where it happened, and its details with the expected and actual lines marked.
  private func problem(_ problem: CaseProblem, at location: ScriptLocation?, into page: inout XMLWriter) {
    page.markup("<div class=\"problem\" role=\"group\" aria-label=\"Failure\">")
    page.element("p", class: "headline", problem.kind.rawValue + ": " + problem.headline)
    if let location { page.element("p", class: "where", location.description) }
    let details = Excerpt.bounded(problem.details, maxBytes: ReportLimits.textBytes)
    if !details.isEmpty {
      page.markup("<pre class=\"diff\">")
      for line in details.split(separator: "\n", omittingEmptySubsequences: false) {
        let trimmed = line.drop { $0 == " " }
        let kind: String? =
          trimmed.hasPrefix("expected") ? "expected" : trimmed.hasPrefix("actual") || trimmed.hasPrefix("got") ? "actual" : nil
        if let kind { page.element("span", class: kind, line) } else { page.text(line) }
        page.markup("\n")
      }
      page.markup("</pre>")
    }
    page.markup("</div>")
  }

  /// The transcript as steps with their virtual time, each screen drawn after the line that showed it.
  private func timeline(_ result: CaseResult, cited: inout Set<String>, into page: inout XMLWriter) {
    guard !result.transcript.isEmpty else { return }
    var screens: [Int: [CaseScreen]] = [:]
    for screen in result.screens { screens[screen.line, default: []].append(screen) }
    page.markup("<h3>Timeline</h3><ol class=\"timeline\">")
    for (index, line) in result.transcript.prefix(ReportLimits.htmlTimelineLines).enumerated() {
      page.markup("<li>")
      var text = Substring(line)
      if line.hasPrefix("["), let close = line.firstIndex(of: "]") {
        page.element("span", class: "at", line[line.index(after: line.startIndex)..<close])
        text = line[line.index(after: close)...].drop { $0 == " " }
      }
      page.markup("<span class=\"text\">")
      HTMLPageShell.linkingRules(String(text), ruleTexts: ruleTexts, cited: &cited, into: &page)
      page.markup("</span>")
      if let shown = screens[index] {
        page.markup("<div class=\"screens\">")
        for screen in shown {
          switch screen.content {
          case .alert(let alert): ScreenDrawing.alert(alert, into: &page)
          case .settings(let settings): ScreenDrawing.settings(settings, into: &page)
          }
        }
        page.markup("</div>")
      }
      page.markup("</li>")
    }
    let omitted = result.transcript.count - ReportLimits.htmlTimelineLines
    if omitted > 0 { page.element("li", class: "omitted", "… \(omitted) more lines") }
    page.markup("</ol>")
  }
}
