/// A reporter for people: progress while the run goes on, then a summary a scenario author can act on.
///
/// With progress on (the CLI turns it on for a terminal), each scenario file gets a line with its
/// path and one mark per case: `.` passed, `F` failed, `E` error, `s` skipped, then the share of
/// planned cases done. Without it (a CI log, a pipe), each failed or errored case is described as
/// soon as it is reported, so a job killed halfway still shows what failed; the summary then
/// leaves them out. The summary comes at the end of the run: failed and errored cases first,
/// each with its `file:line`, name, headline, details and last transcript lines; then the skipped
/// cases grouped by reason; then the seed, an interruption note and one count line that keeps
/// failures, errors and skips apart (`12 passed, 1 failed, 1 error, 2 skipped (0.153 s)`).
/// When more cases fail than the summary describes in full (``ReportLimits/consoleProblems``), each
/// distinct failure (the same kind, place and headline) is described once with the number of cases
/// it ended, and the summary says where to find every case. Verbose, every case is described as it
/// ends, a passing one with its whole transcript and print output.
/// Text from scenarios is stripped of terminal control sequences before it is shown.
public struct ConsoleReporter: Reporter {
  private let _showsProgress: Bool
  private let _verbose: Bool
  private let _style: ConsoleStyle
  private let _write: @Sendable (String) -> Void
  private var _run = RunInfo(version: "")
  private var _runStart: RunEvent.Instant?
  private var _tally = RunTally()
  private var _problems: [_Problem] = []
  /// Every distinct failure, in the order they first ended a case, with how many cases they ended.
  private var _groups: [_Group] = []
  private var _groupIndex: [_Group.Key: Int] = [:]
  /// Cases that failed after ``ReportLimits/consoleFailureGroups`` distinct failures were kept.
  private var _ungrouped = 0
  /// The problem `_remember` just kept, if the last case ended with one the console has not shown.
  private var _newProblem: _Problem?
  private var _skips: [_SkipGroup] = []
  private var _unlistedSkips = 0
  private var _isLineOpen = false
  private var _hasWritten = false

  /// Creates a console reporter.
  /// - Parameters:
  ///   - showsProgress: Whether to show per-case progress; the CLI passes true only for a terminal.
  ///   - usesColor: Whether to colour the output; the CLI passes false for `NO_COLOR` or a non-terminal.
  ///   - verbose: Whether to describe passing cases too, with their transcript (`run --verbose`).
  ///   - write: Where the text goes, usually standard output.
  public init(
    showsProgress: Bool, usesColor: Bool, verbose: Bool = false, write: @escaping @Sendable (String) -> Void
  ) {
    _showsProgress = showsProgress
    _verbose = verbose
    _style = ConsoleStyle(isEnabled: usesColor)
    _write = write
  }

  public mutating func record(_ event: RunEvent) {
    switch event.kind {
    case .runStarted(let info):
      _run = info
      _runStart = event.instant
    case .suiteStarted(let suite):
      if _showsProgress { _openLine(suite.path) }
    case .caseStarted:
      break
    case .caseEnded(let result):
      _tally.add(result.outcome)
      _remember(result)
      if !_showsProgress, let problem = _newProblem {
        _emit((_describe(problem) + [""]).joined(separator: "\n") + "\n")
      } else if _verbose, !_showsProgress, case .passed = result.outcome {
        _emit((_describePassed(result) + [""]).joined(separator: "\n") + "\n")
      }
      if _showsProgress {
        if !_isLineOpen { _openLine(result.info.suitePath) }
        _emit(_mark(for: result.outcome))
      }
    case .suiteEnded:
      if _showsProgress { _closeLine() }
    case .runEnded(let end):
      if _isLineOpen { _closeLine() }
      _emit(_summary(end, nanoseconds: event.instant.nanoseconds(since: _runStart ?? event.instant)))
    }
  }

  // MARK: - Progress

  private mutating func _openLine(_ path: String) {
    if _isLineOpen { _closeLine() }
    _emit(TerminalText.oneLine(TerminalText.clean(path)) + " ")
    _isLineOpen = true
  }

  private mutating func _closeLine() {
    guard _isLineOpen else { return }
    _isLineOpen = false
    guard _run.plannedCaseCount > 0 else { return _emit("\n") }
    let percent = min(100, _tally.total * 100 / _run.plannedCaseCount)
    _emit(_style.dim(" [\(percent)%]") + "\n")
  }

  private func _mark(for outcome: CaseOutcome) -> String {
    switch outcome {
    case .passed: _style.green(".")
    case .failed: _style.red("F")
    case .errored: _style.magenta("E")
    case .skipped: _style.yellow("s")
    }
  }

  private mutating func _emit(_ text: String) {
    _hasWritten = true
    _write(Self.defusingWorkflowCommands(text))
  }

  /// `text` with the first colon of every line that begins (after spaces) with `::` percent-encoded,
  /// as the GitHub reporter encodes its messages: a scenario's text on the console of a GitHub job
  /// (`::stop-commands::`, `::add-mask::`) is shown, never obeyed.
  static func defusingWorkflowCommands(_ text: String) -> String {
    guard text.contains("::") else { return text }
    return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      let start = line.firstIndex { $0 != " " && $0 != "\t" } ?? line.endIndex
      guard line[start...].hasPrefix("::") else { return String(line) }
      return line[..<start] + "%3A" + line[line.index(after: start)...]
    }.joined(separator: "\n")
  }

  // MARK: - Remembering

  private mutating func _remember(_ result: CaseResult) {
    _newProblem = nil
    switch result.outcome {
    case .passed:
      break
    case .failed(let problem), .errored(let problem):
      let kept = _Problem(result: result, problem: problem)
      let isNew = _group(kept)
      // The first cases in full; past them, only a failure not seen before.
      if _problems.count < ReportLimits.consoleProblems {
        _problems.append(kept)
        _newProblem = kept
      } else if isNew, _groups.count <= ReportLimits.consoleProblems {
        _newProblem = kept
      }
    case .skipped(let reason):
      let reason = _clean(reason)
      let example = "\(_place(result.info))  \(_clean(result.info.name))"
      if let index = _skips.firstIndex(where: { $0.reason == reason }) {
        _skips[index].count += 1
        if _skips[index].examples.count < ReportLimits.consoleSkipExamples {
          _skips[index].examples.append(example)
        }
      } else if _skips.count < ReportLimits.consoleSkipReasons {
        _skips.append(_SkipGroup(reason: reason, count: 1, examples: [example]))
      } else {
        _unlistedSkips += 1
      }
    }
  }

  /// Counts `problem` in its group; returns whether it is the first of its group.
  private mutating func _group(_ problem: _Problem) -> Bool {
    let key = _Group.Key(isError: problem.isError, location: problem.location, headline: problem.headline)
    if let index = _groupIndex[key] {
      _groups[index].count += 1
      return false
    }
    guard _groups.count < ReportLimits.consoleFailureGroups else {
      _ungrouped += 1
      return false
    }
    _groupIndex[key] = _groups.count
    _groups.append(_Group(first: problem, count: 1))
    return true
  }

  private func _place(_ info: CaseInfo) -> String {
    _clean(ScriptLocation(path: info.suitePath, line: info.line).description)
  }

  // MARK: - Summary

  private func _summary(_ end: RunEnd, nanoseconds: Int64) -> String {
    var lines: [String] = []
    let problemCount = _tally.failed + _tally.errored
    let grouped = problemCount > _problems.count
    let described = grouped ? Array(_groups.prefix(ReportLimits.consoleProblems)) : []
    if _showsProgress {
      if _hasWritten { lines.append("") }
      if grouped {
        for group in described {
          lines += _describe(group.first)
          if group.count > 1 { lines.append("  … and \(group.count - 1) more \(group.count == 2 ? "case" : "cases") failed this way") }
          lines.append("")
        }
      } else {
        for problem in _problems {
          lines += _describe(problem)
          lines.append("")
        }
      }
    }
    if grouped {
      // On a terminal the groups described above need no count line; in a log every group gets one.
      let listed = _showsProgress ? Array(_groups.dropFirst(described.count)) : _groups
      if !listed.isEmpty {
        lines.append(_showsProgress ? "Other failures, by the number of cases they ended:" : "Failures, by the number of cases they ended:")
        let byCount = listed.enumerated().sorted { ($1.element.count, $0.offset) < ($0.element.count, $1.offset) }.map(\.element)
        for group in byCount.prefix(ReportLimits.consoleProblems) {
          lines.append("  \(group.count) × \(group.first.location)  \(group.first.headline)")
        }
        if byCount.count > ReportLimits.consoleProblems {
          lines.append("  … and \(byCount.count - ReportLimits.consoleProblems) more distinct failures")
        }
        lines.append("")
      }
      let others = _ungrouped > 0 ? " (and \(_ungrouped) cases in yet other ways)" : ""
      let shown =
        _showsProgress
        ? "each of the first \(described.count) is described once"
        : "the first \(_problems.count) cases were described, then each new failure once"
      lines.append(
        "\(problemCount) cases failed or errored in \(_groups.count) distinct \(_groups.count == 1 ? "way" : "ways")\(others); "
          + "\(shown). To see every case: --junit PATH or --output json.")
      lines.append("")
    }

    if !_skips.isEmpty || _unlistedSkips > 0 {
      lines.append(_style.yellow("Skipped:"))
      for group in _skips {
        lines.append("  \(group.reason.isEmpty ? "no reason given" : group.reason) (\(group.count))")
        lines += group.examples.map { "    " + $0 }
        if group.count > group.examples.count {
          lines.append("    … and \(group.count - group.examples.count) more")
        }
      }
      if _unlistedSkips > 0 {
        lines.append("  … and \(_unlistedSkips) more for other reasons")
      }
      lines.append("")
    }

    if let seed = _run.seed {
      lines.append("Seed: \(seed)")
    }
    if end.interrupted {
      let planned = _run.plannedCaseCount > 0 ? " of \(_run.plannedCaseCount) planned" : ""
      lines.append(_style.yellow("Interrupted: \(_tally.total)\(planned) cases finished."))
    }
    lines.append(_countLine(nanoseconds: nanoseconds))
    return lines.joined(separator: "\n") + "\n"
  }

  private func _describe(_ problem: _Problem) -> [String] {
    let label = problem.isError ? _style.magenta("ERROR") + " " : _style.red("FAILED")
    var lines = ["\(label)  \(_style.bold(problem.location))  \(problem.name)"]
    lines.append("  " + problem.headline)
    lines += problem.details.map { "  " + $0 }
    if !problem.transcriptTail.isEmpty {
      lines.append("  Last \(problem.transcriptTail.count) of \(problem.transcriptCount) transcript lines:")
      lines += problem.transcriptTail.map { "    " + _style.dim($0) }
    }
    return lines
  }

  private func _describePassed(_ result: CaseResult) -> [String] {
    let place = _clean((result.failureLocation ?? result.declaration).description)
    var lines = ["\(_style.green("PASSED"))  \(_style.bold(place))  \(_clean(result.info.name))"]
    lines += result.transcript.prefix(ReportLimits.consoleVerboseLines).map { "    " + _style.dim(_cut(TerminalText.clean($0))) }
    if result.transcript.count > ReportLimits.consoleVerboseLines {
      lines.append("    … \(result.transcript.count - ReportLimits.consoleVerboseLines) more transcript lines")
    }
    return lines
  }

  private func _countLine(nanoseconds: Int64) -> String {
    func part(_ count: Int, _ text: String, _ color: (String) -> String) -> String {
      count > 0 ? color(text) : text
    }
    let errors = _tally.errored == 1 ? "1 error" : "\(_tally.errored) errors"
    return [
      part(_tally.passed, "\(_tally.passed) passed", _style.green),
      part(_tally.failed, "\(_tally.failed) failed", _style.red),
      part(_tally.errored, errors, _style.magenta),
      part(_tally.skipped, "\(_tally.skipped) skipped", _style.yellow),
    ].joined(separator: ", ") + " (\(TimeFormat.seconds(nanoseconds)) s)"
  }

  // MARK: - State

  /// A failed or errored case, reduced to what the summary shows.
  private struct _Problem {
    var isError: Bool
    var location: String
    var name: String
    var headline: String
    var details: [String]
    var transcriptTail: [String]
    var transcriptCount: Int

    init(result: CaseResult, problem: CaseProblem) {
      if case .errored = result.outcome { isError = true } else { isError = false }
      let place = result.failureLocation ?? result.declaration
      location = _clean(place.description)
      name = _clean(result.info.name)
      let headline = _clean(problem.headline)
      self.headline = problem.kind.label.map { "\($0): \(headline)" } ?? headline
      let detailLines = TerminalText.clean(problem.details).split(separator: "\n", omittingEmptySubsequences: false)
        .map { _cut(String($0)) }
      let shown = detailLines.prefix(ReportLimits.consoleDetailLines)
      details = Array(shown)
      if detailLines.count > shown.count {
        details.append("… \(detailLines.count - shown.count) more lines")
      }
      while details.last?.isEmpty == true { details.removeLast() }
      transcriptTail = Excerpt.tail(result.transcript).map { _cut(TerminalText.clean($0)) }
      transcriptCount = result.transcript.count
    }
  }

  /// The cases that failed in the same way: the same kind, place and headline.
  private struct _Group {
    struct Key: Hashable {
      var isError: Bool
      var location: String
      var headline: String
    }

    /// The first case that failed this way.
    var first: _Problem
    /// How many cases failed this way.
    var count: Int
  }

  /// The skipped cases that share a reason.
  private struct _SkipGroup {
    var reason: String
    var count: Int
    var examples: [String]
  }
}

/// A scenario's text made one clean, bounded line for the terminal.
private func _clean(_ text: String) -> String {
  _cut(TerminalText.oneLine(TerminalText.clean(text)))
}

/// A line cut to the console's width budget, marked with `…` when cut.
private func _cut(_ line: String) -> String {
  let kept = Excerpt.prefix(of: line, maxBytes: ReportLimits.consoleLineBytes)
  return kept.endIndex == line.endIndex ? line : kept + "…"
}
