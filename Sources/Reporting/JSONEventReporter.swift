import Foundation

/// A reporter that writes each run event as one JSON object per line (JSON Lines).
///
/// The objects follow `docs/permsim-events.schema.json` (JSON Schema 2020-12). Every object has
/// `version` (the format's version, 1), `event` (`runStarted`, `suiteStarted`, `caseStarted`,
/// `caseEnded`, `suiteEnded`, `runEnded`) and `time` (ISO 8601, UTC, with its zone). Case events
/// carry `file`, `classname`, `name` (the identity, with `[iOS X]` when the run is limited to
/// versions), `line` (the `scenario` declaration), `ios` and `tags`; `caseEnded` adds `outcome`
/// (`passed`, `failed`, `error`, `skipped`), `duration_ms`, `reason` for a skip, and `failure` for a
/// failure or error: `type`, `message` (one line of at most 1 KiB), `file` and `line` of the failing
/// expectation in the scenario file, `details`, and the transcript (each bounded to 64 KiB, as in
/// JUnit). Keys are sorted, so the same events give the same bytes.
public struct JSONEventReporter: Reporter {
  /// The version of the event format, written in every object.
  public static let formatVersion = 1

  private let _write: @Sendable (String) -> Void
  private var _caseStart: RunEvent.Instant?
  private var _runStart: RunEvent.Instant?
  private var _suiteStart: RunEvent.Instant?
  private var _tally = RunTally()
  private var _suiteTally = RunTally()

  /// Creates a reporter that writes JSON lines through `write`.
  public init(write: @escaping @Sendable (String) -> Void) {
    _write = write
  }

  public mutating func record(_ event: RunEvent) {
    var line = Line(event: "", time: TimeFormat.iso8601(event.instant))
    switch event.kind {
    case .runStarted(let info):
      _runStart = event.instant
      line.event = "runStarted"
      line.permsim = info.version
      line.root = info.root
      line.hostname = info.hostname.isEmpty ? "localhost" : info.hostname
      line.seed = info.seed
      line.planned = info.plannedCaseCount
      line.iosVersions = info.iOSVersions
      line.shard = info.shard
    case .suiteStarted(let suite):
      _suiteStart = event.instant
      _suiteTally = RunTally()
      line.event = "suiteStarted"
      line.file = suite.path
      line.classname = JUnitXMLReporter.classname(forPath: suite.path)
    case .caseStarted(let info):
      _caseStart = event.instant
      line.event = "caseStarted"
      line.describe(info)
    case .caseEnded(let result):
      _tally.add(result.outcome)
      _suiteTally.add(result.outcome)
      line.event = "caseEnded"
      line.describe(result.info)
      line.durationMs = TimeFormat.milliseconds(event.instant.nanoseconds(since: _caseStart ?? event.instant))
      _caseStart = nil
      switch result.outcome {
      case .passed:
        line.outcome = "passed"
      case .skipped(let reason):
        line.outcome = "skipped"
        line.reason = reason
      case .failed(let problem), .errored(let problem):
        if case .errored = result.outcome { line.outcome = "error" } else { line.outcome = "failed" }
        let at = result.failureLocation ?? result.declaration
        let transcript = result.transcript.isEmpty ? [] : Excerpt.text(result.transcript)
          .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // The message is one bounded line, as JUnit's; a headline it cuts leads the details, whole.
        let message = JUnitXMLReporter.message(problem.headline)
        let details = message == problem.headline ? [problem.details] : [problem.headline, problem.details]
        line.failure = Failure(
          type: problem.kind.rawValue, message: message, file: at.path, line: at.line,
          details: Excerpt.text(details.filter { !$0.isEmpty }), transcript: transcript,
          transcriptLines: result.transcript.count)
      }
    case .suiteEnded(let suite):
      line.event = "suiteEnded"
      line.file = suite.path
      line.classname = JUnitXMLReporter.classname(forPath: suite.path)
      line.count(_suiteTally)
      line.durationMs = TimeFormat.milliseconds(event.instant.nanoseconds(since: _suiteStart ?? event.instant))
    case .runEnded(let end):
      line.event = "runEnded"
      line.count(_tally)
      line.durationMs = TimeFormat.milliseconds(event.instant.nanoseconds(since: _runStart ?? event.instant))
      line.interrupted = end.interrupted
    }
    _write(Self.encode(line) + "\n")
  }

  // MARK: - Encoding

  private static func encode(_ line: Line) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.keyEncodingStrategy = .convertToSnakeCase
    guard let data = try? encoder.encode(line) else {
      return #"{"event":"\#(line.event)","version":\#(formatVersion)}"#
    }
    return String(decoding: data, as: UTF8.self)
  }

  /// One line of output; absent fields are left out, keys are written in snake case.
  private struct Line: Encodable {
    var version = JSONEventReporter.formatVersion
    var event: String
    var time: String
    // runStarted
    var permsim: String?
    var root: String?
    var hostname: String?
    var seed: UInt64?
    var planned: Int?
    var iosVersions: [String]?
    var shard: String?
    // suites and cases
    var file: String?
    var classname: String?
    var name: String?
    var line: Int?
    var ios: String?
    var tags: [String]?
    var outcome: String?
    var reason: String?
    var failure: Failure?
    var durationMs: Int64?
    // totals
    var tests: Int?
    var passed: Int?
    var failed: Int?
    var errors: Int?
    var skipped: Int?
    var interrupted: Bool?

    init(event: String, time: String) {
      self.event = event
      self.time = time
    }

    mutating func describe(_ info: CaseInfo) {
      file = info.suitePath
      classname = JUnitXMLReporter.classname(forPath: info.suitePath)
      name = info.name
      line = info.line
      ios = info.iOSVersion
      tags = info.tags
    }

    mutating func count(_ tally: RunTally) {
      tests = tally.total
      passed = tally.passed
      failed = tally.failed
      errors = tally.errored
      skipped = tally.skipped
    }
  }

  /// Why a case failed or errored, and where.
  private struct Failure: Encodable {
    var type: String
    var message: String
    var file: String
    var line: Int?
    var details: String
    var transcript: [String]
    var transcriptLines: Int
  }
}
