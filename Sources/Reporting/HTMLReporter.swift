/// A reporter that writes the run as one self-contained HTML page when the run ends.
///
/// The page needs nothing but itself (its stylesheet and script are inside, a content security policy
/// forbids every request): a summary with counts per outcome, file and iOS version and the run's
/// settings; filters and a search box; and each case with its outcome, its failure with the file, line
/// and difference, and its timeline, where every alert and Settings screen is drawn as the device
/// showed it and every rule id links to the rule's text. Cases that passed keep only their summary
/// unless the policy is `all`.
public struct HTMLReporter: Reporter {
  /// One finished case as the page shows it.
  struct Case {
    var result: CaseResult
    var durationNanoseconds: Int64
  }

  private let _write: @Sendable (String) -> Void
  private let _policy: JUnitXMLReporter.OutputPolicy
  private let _ruleTexts: [String: String]
  private var _info = RunInfo(version: "")
  private var _started: RunEvent.Instant?
  private var _caseStarted: RunEvent.Instant?
  private var _cases: [Case] = []

  /// Creates a reporter that writes the page through `write` once the run ends.
  ///
  /// - Parameters:
  ///   - policy: which cases keep their transcript and screens (`failures`, the default, or `all`).
  ///   - ruleTexts: each rule id's statement; the page embeds those its timelines cite and links them.
  public init(
    policy: JUnitXMLReporter.OutputPolicy = .failures, ruleTexts: [String: String] = [:],
    write: @escaping @Sendable (String) -> Void
  ) {
    _policy = policy
    _ruleTexts = ruleTexts
    _write = write
  }

  public mutating func record(_ event: RunEvent) {
    switch event.kind {
    case .runStarted(let info):
      _info = info
      _started = event.instant
    case .caseStarted:
      _caseStarted = event.instant
    case .caseEnded(var result):
      if !_policy.keepsTranscript(of: result) {
        result.transcript = []
        result.screens = []
      }
      let duration = event.instant.nanoseconds(since: _caseStarted ?? event.instant)
      _cases.append(Case(result: result, durationNanoseconds: duration))
      _caseStarted = nil
    case .suiteStarted, .suiteEnded:
      break
    case .runEnded(let end):
      let page = HTMLReportPage(
        info: _info, cases: _cases, started: _started ?? event.instant, ended: event.instant, interrupted: end.interrupted,
        ruleTexts: _ruleTexts)
      _write(page.html)
      _cases = []
    }
  }
}
