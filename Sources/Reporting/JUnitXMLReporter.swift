/// A reporter that writes a JUnit XML report for CI systems, streaming cases out as they finish.
///
/// The maintainers of JUnit publish no formal schema; the two flavours target the schemas CI tools
/// are checked against (see `Flavor`). The document is
/// `<testsuites>` → one `<testsuite>` per scenario file → one `<testcase>` per case, with a stable
/// dotted `classname` (the file's path without `.lua`, `/` → `.`), failures and errors kept
/// distinct (`<failure>` vs `<error>`, each with a one-line `message` and a `type`), and every
/// duration and timestamp taken from the events' instants.
///
/// Memory stays flat however long the run: each case's XML goes to the store's spool when the case
/// ends, and a suite's header (which needs its totals) when the suite ends. What stays in memory
/// is a few byte ranges per suite. At `runEnded` the reporter spools the root element with the
/// run's totals and commits the layout, the ranges in document order.
///
/// The run's properties are written once, in the first suite's `<properties>` (suite properties are
/// the one place both schemas allow them, and consumers such as xunitparser fold every suite's
/// properties into one table, refusing a name twice): `permsim.version`, `permsim.seed` (when the run
/// has one), `ios.versions` (the versions its cases ran on, else the run's matrix, comma-separated),
/// `shard` (`K/N`, when the run is a shard) and, for an interrupted run, `permsim.interrupted` =
/// `true`; they are known only at the run's end, so the first suite's properties are a piece of the
/// layout filled in then. A suite's `time` is at least the sum of its cases' times as written (cases
/// of a file may run in parallel, so the wall time can be shorter). A sharded run with no cases writes
/// one empty suite, so the report stays valid and records its shard. An interrupted run still gives a
/// valid document: the open suite is closed with the cases that finished. Cases must be posted as
/// adjacent `caseStarted`/`caseEnded` pairs; a case that started but never ended is left out.
public struct JUnitXMLReporter: Reporter {
  private let _flavor: Flavor
  private let _output: OutputPolicy
  private let _store: any JUnitReportStore
  private var _spooledBytes = 0
  private var _layout: [_Piece] = []
  private var _run = RunInfo(version: "")
  private var _runStart: RunEvent.Instant?
  private var _tally = RunTally()
  /// The iOS versions the run's cases ran on, for the run's `ios.versions` property.
  private var _iOSVersions: Set<String> = []
  private var _suite: OpenSuite?
  private var _suiteCount = 0
  private var _caseStart: RunEvent.Instant?
  private var _isCommitted = false

  /// Creates a reporter that spools to `store` and commits the report there when the run ends.
  /// - Parameters:
  ///   - flavor: The JUnit dialect.
  ///   - output: Which cases keep their transcript in the report.
  ///   - store: Where the report goes.
  public init(flavor: Flavor = .rich, output: OutputPolicy = .failures, store: any JUnitReportStore) {
    _flavor = flavor
    _output = output
    _store = store
  }

  public mutating func record(_ event: RunEvent) {
    guard !_isCommitted else { return }
    switch event.kind {
    case .runStarted(let info):
      _run = info
      _runStart = event.instant
    case .suiteStarted(let suite):
      _closeSuite(at: event.instant)
      _suite = OpenSuite(info: suite, start: event.instant)
    case .caseStarted(let info):
      _openSuiteIfNeeded(path: info.suitePath, at: event.instant)
      _caseStart = event.instant
    case .caseEnded(let result):
      _openSuiteIfNeeded(path: result.info.suitePath, at: event.instant)
      _recordCase(result, nanoseconds: event.instant.nanoseconds(since: _caseStart ?? event.instant))
      _caseStart = nil
    case .suiteEnded:
      _closeSuite(at: event.instant)
    case .runEnded(let end):
      _closeSuite(at: event.instant)
      if _suiteCount == 0, _run.shard != nil, !end.interrupted {
        _suite = OpenSuite(info: SuiteInfo(path: "(no cases in this shard)"), start: _runStart ?? event.instant)
        _closeSuite(at: event.instant)
      }
      _commit(end, at: event.instant)
    }
  }

  // MARK: - Folding

  private mutating func _openSuiteIfNeeded(path: String, at instant: RunEvent.Instant) {
    if _suite == nil {
      _suite = OpenSuite(info: SuiteInfo(path: path), start: instant)
    }
  }

  private mutating func _recordCase(_ result: CaseResult, nanoseconds: Int64) {
    guard var suite = _suite else { return }
    _suite = nil
    _tally.add(result.outcome)
    suite.tally.add(result.outcome)
    if let version = result.info.iOSVersion { _iOSVersions.insert(version) }

    suite.caseMilliseconds += TimeFormat.milliseconds(nanoseconds)

    var xml = XMLWriter(capacity: 1024)
    let classname =
      result.info.suitePath == suite.info.path ? suite.classname : Self.classname(forPath: result.info.suitePath)
    Self.writeCase(result, classname: classname, nanoseconds: nanoseconds, flavor: _flavor, output: _output, into: &xml)
    suite.cases.append(_spool(xml))

    if _flavor == .strict, _output.keepsTranscript(of: result), !result.transcript.isEmpty {
      var output = XMLWriter(capacity: 1024)
      Self.writeSuiteOutput(of: result, into: &output)
      suite.output.append(_spool(output))
    }
    _suite = suite
  }

  private mutating func _closeSuite(at instant: RunEvent.Instant) {
    guard let suite = _suite else { return }
    _suite = nil
    var head = XMLWriter(capacity: 1024)
    let (sum, overflow) = suite.caseMilliseconds.multipliedReportingOverflow(by: 1_000_000)
    let nanoseconds = max(instant.nanoseconds(since: suite.start), overflow ? .max : sum)
    Self.writeSuiteHead(suite, id: _suiteCount, nanoseconds: nanoseconds, run: _run, flavor: _flavor, into: &head)
    _suiteCount += 1

    _append(_spool(head))
    if _suiteCount == 1 { _layout.append(.runProperties) }
    _append(_spool("    </properties>\n"))
    suite.cases.forEach { _append($0) }
    switch _flavor {
    case .rich:
      _append(_spool("  </testsuite>\n"))
    case .strict:
      _append(_spool("    <system-out>"))
      suite.output.forEach { _append($0) }
      _append(_spool("</system-out>\n    <system-err></system-err>\n  </testsuite>\n"))
    }
  }

  private mutating func _commit(_ end: RunEnd, at instant: RunEvent.Instant) {
    let start = _runStart ?? instant
    var root = XMLWriter(capacity: 512)
    Self.writeRootHead(
      tally: _tally, nanoseconds: instant.nanoseconds(since: start), start: start, run: _run,
      interrupted: end.interrupted, flavor: _flavor, into: &root)
    let head = _spool(root)
    let tail = _spool("</testsuites>\n")
    var properties = XMLWriter(capacity: 256)
    Self.writeRunProperties(_run, iOSVersions: _iOSVersions, interrupted: end.interrupted, into: &properties)
    let property = _spool(properties)

    var layout: [Range<Int>] = [head]
    layout.reserveCapacity(_layout.count + 2)
    for piece in _layout {
      switch piece {
      case .spooled(let range): layout.append(range)
      case .runProperties: layout.append(property)
      }
    }
    layout.append(tail)
    _layout = []
    _isCommitted = true
    _store.commit(layout)
  }

  // MARK: - Spooling

  private mutating func _spool(_ xml: XMLWriter) -> Range<Int> {
    let start = _spooledBytes
    _spooledBytes += xml.bytes.count
    _store.append(xml.bytes)
    return start..<_spooledBytes
  }

  private mutating func _spool(_ markup: StaticString) -> Range<Int> {
    var xml = XMLWriter(capacity: markup.utf8CodeUnitCount)
    xml.markup(markup)
    return _spool(xml)
  }

  /// Adds a range to the layout, merged with the previous one when they touch.
  private mutating func _append(_ range: Range<Int>) {
    if case .spooled(let last) = _layout.last, last.upperBound == range.lowerBound {
      _layout[_layout.count - 1] = .spooled(last.lowerBound..<range.upperBound)
    } else {
      _layout.append(.spooled(range))
    }
  }

  // MARK: - State

  /// One entry of the document's layout before the run's end is known.
  private enum _Piece {
    case spooled(Range<Int>)
    /// Where the run's properties go, known at its end: inside the first suite's `<properties>`.
    case runProperties
  }

  /// The suite being reported: its totals so far and where its pieces are in the spool.
  struct OpenSuite {
    var info: SuiteInfo
    var start: RunEvent.Instant
    /// The dotted class name of the suite's file, which each of its cases carries (made once a suite).
    let classname: String
    var tally = RunTally()
    /// The sum of the cases' times as written (whole milliseconds).
    var caseMilliseconds: Int64 = 0
    var cases: [Range<Int>] = []
    var output: [Range<Int>] = []

    init(info: SuiteInfo, start: RunEvent.Instant) {
      self.info = info
      self.start = start
      classname = JUnitXMLReporter.classname(forPath: info.path)
    }
  }
}
