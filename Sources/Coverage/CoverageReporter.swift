import Foundation
import Reporting

/// A reporter that folds each case's paths into a ``CoverageReport`` and, when the run ends, writes it and checks the floors.
///
/// Like every reporter it writes only through what it was given: the console summary through
/// its ``Destinations``, and the floors' verdict into a ``CoverageVerdict``, which the command reads
/// after the run to fail it.
public struct CoverageReporter: Reporter {
  /// Where the run's coverage goes.
  public struct Destinations: Sendable {
    /// The console summary's writer, or `nil` for none.
    public var console: (@Sendable (String) -> Void)?
    /// The JSON file's writer.
    public var json: (@Sendable (String) -> Void)?
    /// The Markdown file's writer.
    public var markdown: (@Sendable (String) -> Void)?
    /// Where the lines saying what fell short of `--coverage-min` go (standard error).
    public var shortfalls: @Sendable (String) -> Void

    public init(
      console: (@Sendable (String) -> Void)?, json: (@Sendable (String) -> Void)? = nil,
      markdown: (@Sendable (String) -> Void)? = nil, shortfalls: @escaping @Sendable (String) -> Void
    ) {
      self.console = console
      self.json = json
      self.markdown = markdown
      self.shortfalls = shortfalls
    }
  }

  private var report: CoverageReport
  private let destinations: Destinations
  private let minimums: [CoverageMinimum]
  private let verdict: CoverageVerdict

  public init(
    against baseline: CoverageBaseline, destinations: Destinations, minimums: [CoverageMinimum] = [],
    verdict: CoverageVerdict = CoverageVerdict()
  ) {
    report = CoverageReport(against: baseline)
    self.destinations = destinations
    self.minimums = minimums
    self.verdict = verdict
  }

  public mutating func record(_ event: RunEvent) {
    switch event.kind {
    case .caseEnded(let result):
      report.add(result.pathsTaken, case: Self.name(of: result.info))
    case .runEnded:
      destinations.console?(report.console)
      destinations.json?(report.json)
      destinations.markdown?(report.markdown)
      let shortfalls = CoverageMinimum.shortfalls(of: report, below: minimums)
      shortfalls.forEach(verdict.add)
      if !shortfalls.isEmpty { destinations.shortfalls(shortfalls.map { $0 + "\n" }.joined()) }
    case .runStarted, .suiteStarted, .caseStarted, .suiteEnded:
      break
    }
  }

  /// How coverage files name a case: its file and its full name, `Examples/onboarding.lua › asks once [iOS 14.0]`.
  public static func name(of info: CaseInfo) -> String {
    "\(info.suitePath) › \(info.name)"
  }
}

/// What coverage decided when the run ended: the lines saying what fell short or could not be written, empty when all is well.
public final class CoverageVerdict: @unchecked Sendable {
  private let lock = NSLock()
  private var _problems: [String] = []

  public init() {}

  /// The lines saying which version fell short of which floor and by how much, or which file could not be written.
  public var problems: [String] { lock.withLock { _problems } }

  /// Whether coverage fails the run (exit 1).
  public var failsRun: Bool { !problems.isEmpty }

  /// Adds a line (a floor not reached, a file not written), once.
  public func add(_ problem: String) {
    lock.withLock { if !_problems.contains(problem) { _problems.append(problem) } }
  }
}
