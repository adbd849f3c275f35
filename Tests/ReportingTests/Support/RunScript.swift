import Reporting

/// Builds the events of a run by hand, advancing a fake clock, as the runner would post them.
struct RunScript {
  /// 2023-11-14T22:13:20 UTC.
  static let epoch: Int64 = 1_700_000_000_000_000_000

  private(set) var events: [RunEvent] = []
  /// Milliseconds since `epoch`.
  private(set) var now: Int64 = 0

  static let info = RunInfo(
    version: "0.1.0", hostname: "ci-runner-7", root: "Examples", seed: 4_242, plannedCaseCount: 10,
    iOSVersions: ["14.0", "17.4"])

  static func instant(_ milliseconds: Int64) -> RunEvent.Instant {
    RunEvent.Instant(nanosecondsSinceEpoch: epoch + milliseconds * 1_000_000)
  }

  mutating func post(_ kind: RunEvent.Kind, after milliseconds: Int64 = 0) {
    now += milliseconds
    events.append(RunEvent(kind, at: Self.instant(now)))
  }

  mutating func start(_ info: RunInfo = RunScript.info) {
    post(.runStarted(info))
  }

  mutating func suite(_ path: String, _ body: (inout RunScript) -> Void) {
    post(.suiteStarted(SuiteInfo(path: path)), after: 1)
    body(&self)
    post(.suiteEnded(SuiteInfo(path: path)), after: 1)
  }

  /// One case that takes `milliseconds` to run.
  mutating func `case`(
    _ name: String, in path: String, line: Int? = nil, ios: String? = nil, _ outcome: CaseOutcome = .passed,
    transcript: [String] = [], screens: [CaseScreen] = [], tags: [String] = [], milliseconds: Int64 = 3
  ) {
    let info = CaseInfo(suitePath: path, name: name, line: line, iOSVersion: ios, tags: tags)
    post(.caseStarted(info))
    post(.caseEnded(CaseResult(info: info, outcome: outcome, transcript: transcript, screens: screens)), after: milliseconds)
  }

  mutating func end(interrupted: Bool = false) {
    post(.runEnded(RunEnd(interrupted: interrupted)), after: 2)
  }
}

extension CaseProblem {
  static func expectation(_ headline: String, at path: String, _ line: Int, details: String = "") -> CaseProblem {
    CaseProblem(kind: .expectationFailed, headline: headline, location: ScriptLocation(path: path, line: line), details: details)
  }
}
