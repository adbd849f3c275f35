import Reporting

// MARK: - JUnit

extension LintReport {
  /// The report's checks as test results: one per check, failed when the check found an error.
  ///
  /// A failure's body lists its findings; every other check passes, with its warnings and notes, if any,
  /// in the case's `<system-out>`.
  func caseResults() -> [CaseResult] {
    checks.map { check in
      let info = CaseInfo(suitePath: path, name: check.name)
      let lines = check.findings.map(\.description)
      guard let error = check.findings.first(where: { $0.severity == .error }) else {
        return CaseResult(info: info, outcome: .passed, transcript: lines)
      }
      let problem = CaseProblem(
        kind: CaseProblem.Kind(rawValue: "LintError"), headline: "iOS \(error.versions): \(error.message)",
        location: ScriptLocation(path: error.file, line: error.line), details: lines.joined(separator: "\n"))
      return CaseResult(info: info, outcome: .failed(problem))
    }
  }

  /// Events for `JUnitXMLReporter`: one suite per Info.plist with one case per check, and for an
  /// Info.plist that does not parse one failed case. Every event carries `instant`, so the document does
  /// not depend on how long linting took; `versions` names the range of a run whose reports do not.
  package static func runEvents(
    _ outcomes: [LintOutcome], versions: String, version: String, at instant: RunEvent.Instant
  ) -> [RunEvent] {
    let suites: [(path: String, results: [CaseResult])] = outcomes.map { outcome in
      switch outcome {
      case .report(let report):
        return (report.path, report.caseResults())
      case .unparsable(let plist, let file, let line, let reason):
        let problem = CaseProblem(kind: .plistError, headline: reason, location: ScriptLocation(path: file, line: line))
        return (plist, [CaseResult(info: CaseInfo(suitePath: plist, name: "parse \(file)"), outcome: .failed(problem))])
      }
    }
    let ranges = outcomes.compactMap { outcome -> String? in if case .report(let report) = outcome { report.versions } else { nil } }
    let run = RunInfo(
      version: version, root: suites.count == 1 ? suites[0].path : ".",
      plannedCaseCount: suites.map(\.results.count).reduce(0, +), iOSVersions: ranges.isEmpty ? [versions] : Array(Set(ranges)).sorted())
    var events = [RunEvent(.runStarted(run), at: instant)]
    for suite in suites {
      events.append(RunEvent(.suiteStarted(SuiteInfo(path: suite.path)), at: instant))
      for result in suite.results {
        events.append(RunEvent(.caseStarted(result.info), at: instant))
        events.append(RunEvent(.caseEnded(result), at: instant))
      }
      events.append(RunEvent(.suiteEnded(SuiteInfo(path: suite.path)), at: instant))
    }
    events.append(RunEvent(.runEnded(RunEnd()), at: instant))
    return events
  }

  /// Writes events to a JUnit file at `path` through `JUnitXMLReporter`, replacing it whole.
  ///
  /// - Throws: `JUnitFileError` when the file cannot be written; an existing report is then left as it was.
  public static func writeJUnit(_ events: [RunEvent], to path: String) throws(JUnitFileError) {
    let file = try JUnitFile(path: path)
    // Every check keeps its warnings and notes: a lint report is small, and they are what it is for.
    var reporter = JUnitXMLReporter(output: .all, store: file)
    for event in events { reporter.record(event) }
    if let failure = file.failure { throw failure }
  }
}
