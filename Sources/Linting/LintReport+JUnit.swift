import Reporting

// MARK: - JUnit

extension LintReport {
  /// The report as run events for `JUnitXMLReporter`: one suite (the Info.plist) with one case per check.
  ///
  /// A check that found an error is a failure whose body lists its findings; every other check passes,
  /// with its warnings and notes, if any, in the case's `<system-out>`. Every event carries `instant`,
  /// so the document does not depend on how long linting took.
  public func runEvents(version: String, at instant: RunEvent.Instant) -> [RunEvent] {
    let results = checks.map { check in
      let info = CaseInfo(suitePath: path, name: check.name)
      let lines = check.findings.map(\.description)
      guard let error = check.findings.first(where: { $0.severity == .error }) else {
        return CaseResult(info: info, outcome: .passed, transcript: lines)
      }
      let problem = CaseProblem(
        kind: CaseProblem.Kind(rawValue: "LintError"), headline: "iOS \(error.versions): \(error.message)", location: ScriptLocation(path: error.file),
        details: lines.joined(separator: "\n"))
      return CaseResult(info: info, outcome: .failed(problem))
    }
    return Self.runEvents(results, suite: path, versions: versions, version: version, at: instant)
  }

  /// Events for a run of `results` in one suite, as `lint` reports them (also for an Info.plist that does not parse).
  public static func runEvents(
    _ results: [CaseResult], suite: String, versions: String, version: String, at instant: RunEvent.Instant
  ) -> [RunEvent] {
    let run = RunInfo(version: version, root: suite, plannedCaseCount: results.count, iOSVersions: [versions])
    var events = [RunEvent(.runStarted(run), at: instant), RunEvent(.suiteStarted(SuiteInfo(path: suite)), at: instant)]
    for result in results {
      events.append(RunEvent(.caseStarted(result.info), at: instant))
      events.append(RunEvent(.caseEnded(result), at: instant))
    }
    events.append(RunEvent(.suiteEnded(SuiteInfo(path: suite)), at: instant))
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
