extension JUnitXMLReporter {
  // MARK: - Root

  /// The XML declaration and the opening `<testsuites>` tag, with the run's totals in the rich flavour.
  static func writeRootHead(
    tally: RunTally, nanoseconds: Int64, start: RunEvent.Instant, run: RunInfo, interrupted: Bool,
    flavor: Flavor, into xml: inout XMLWriter
  ) {
    xml.markup("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
    if interrupted {
      xml.markup("<!-- permsim: the run was interrupted; this report holds the ")
      xml.number(tally.total)
      if tally.total == 1 { xml.markup(" case that finished. -->\n") } else { xml.markup(" cases that finished. -->\n") }
    }
    switch flavor {
    case .rich:
      xml.markup("<testsuites")
      xml.attribute("name", run.root.isEmpty ? "permsim" : run.root)
      _writeCounts(tally, into: &xml)
      xml.attribute("time", TimeFormat.seconds(nanoseconds))
      xml.attribute("timestamp", TimeFormat.iso8601(start))
      xml.markup(">\n")
    case .strict:
      xml.markup("<testsuites>\n")
    }
  }

  // MARK: - Suites

  /// The opening `<testsuite>` tag and `<properties>` (the run's go in the first suite's, at the run's end).
  static func writeSuiteHead(
    _ suite: OpenSuite, id: Int, nanoseconds: Int64, run: RunInfo, flavor: Flavor, into xml: inout XMLWriter
  ) {
    let shownName = flavor == .strict ? suite.classname : suite.info.path
    let name = shownName.contains(where: { !$0.isWhitespace }) ? shownName : "(unnamed)"
    xml.markup("  <testsuite")
    xml.attribute("name", name)
    if flavor == .strict {
      xml.attribute("package", classname(forPath: directory(ofPath: suite.info.path)))
      xml.attribute("id", id)
    }
    _writeCounts(suite.tally, into: &xml)
    xml.attribute("time", TimeFormat.seconds(nanoseconds))
    xml.attribute("timestamp", flavor == .strict ? TimeFormat.timestamp(suite.start) : TimeFormat.iso8601(suite.start))
    let hostname = run.hostname.contains(where: { !$0.isWhitespace }) ? run.hostname : "localhost"
    xml.attribute("hostname", hostname)
    xml.markup(">\n    <properties>\n")
  }

  /// The run's properties, written once in a report: its version, seed, iOS versions, shard and interruption.
  static func writeRunProperties(_ run: RunInfo, iOSVersions: Set<String>, interrupted: Bool, into xml: inout XMLWriter) {
    writeProperty("permsim.version", run.version, into: &xml)
    if let seed = run.seed {
      writeProperty("permsim.seed", String(seed), into: &xml)
    }
    let numbers = { (version: String) in version.split(separator: ".").map { Int($0) ?? 0 } }
    let ran = iOSVersions.sorted { numbers($0).lexicographicallyPrecedes(numbers($1)) }
    let versions = ran.isEmpty ? run.iOSVersions : ran
    if !versions.isEmpty {
      writeProperty("ios.versions", versions.joined(separator: ", "), into: &xml)
    }
    if let shard = run.shard {
      writeProperty("shard", shard, into: &xml)
    }
    if interrupted {
      writeProperty("permsim.interrupted", "true", into: &xml)
    }
  }

  /// One `<property>` line.
  static func writeProperty(_ name: String, _ value: String, into xml: inout XMLWriter) {
    xml.markup("      <property")
    xml.attribute("name", name)
    xml.attribute("value", value)
    xml.markup("/>\n")
  }

  /// A case's transcript as the strict flavour's suite-level `<system-out>` holds it: a heading, then the lines.
  static func writeSuiteOutput(of result: CaseResult, into xml: inout XMLWriter) {
    xml.text("--- \(TerminalText.oneLine(result.info.name)): \(_outcomeWord(result.outcome)) ---\n")
    xml.text(Excerpt.text(result.transcript))
    xml.markup("\n")
  }

  private static func _writeCounts(_ tally: RunTally, into xml: inout XMLWriter) {
    xml.attribute("tests", tally.total)
    xml.attribute("failures", tally.failed)
    xml.attribute("errors", tally.errored)
    xml.attribute("skipped", tally.skipped)
  }

  // MARK: - Cases

  /// One `<testcase>` element and its children, in the class named `classname` (``classname(forPath:)`` of its file).
  ///
  /// In the rich flavour `file`/`line` name the declaration of a passed or skipped case, and the
  /// line that failed in its own file for a failed or errored one (`CaseResult.failureLocation`);
  /// the failure's body then names the declaration. The transcript goes to `<system-out>` for
  /// failed and errored cases, and for every case with `output: .all`.
  static func writeCase(
    _ result: CaseResult, classname: String, nanoseconds: Int64, flavor: Flavor, output: OutputPolicy,
    into xml: inout XMLWriter
  ) {
    let info = result.info
    xml.markup("    <testcase")
    xml.attribute("classname", classname)
    xml.attribute("name", info.name)
    xml.attribute("time", TimeFormat.seconds(nanoseconds))
    if flavor == .rich {
      let place = result.failureLocation ?? result.declaration
      xml.attribute("file", place.path)
      if let line = place.line, line > 0 {
        xml.attribute("line", line)
      }
    }
    let hasOutput = flavor == .rich && output.keepsTranscript(of: result) && !result.transcript.isEmpty
    if case .passed = result.outcome, !hasOutput {
      xml.markup("/>\n")
      return
    }
    xml.markup(">\n")

    switch result.outcome {
    case .passed:
      break
    case .failed(let problem):
      xml.markup("      <failure")
      _writeProblem(problem, of: result, into: &xml)
      xml.markup("</failure>\n")
    case .errored(let problem):
      xml.markup("      <error")
      _writeProblem(problem, of: result, into: &xml)
      xml.markup("</error>\n")
    case .skipped(let reason) where reason.isEmpty:
      xml.markup("      <skipped/>\n")
    case .skipped(let reason):
      xml.markup("      <skipped")
      xml.attribute("message", message(reason))
      xml.markup(">")
      xml.text(reason)
      xml.markup("</skipped>\n")
    }
    if hasOutput {
      xml.markup("      <system-out>")
      xml.text(Excerpt.text(result.transcript))
      xml.markup("</system-out>\n")
    }
    xml.markup("    </testcase>\n")
  }

  /// The `message` and `type` attributes, then the body: where, what, the details and the transcript's last lines.
  ///
  /// The message starts with the failing line (`path:line: headline`), for consumers that show only it.
  private static func _writeProblem(_ problem: CaseProblem, of result: CaseResult, into xml: inout XMLWriter) {
    let location = result.failureLocation ?? result.declaration
    // `path:line: headline` when the line is known (a path alone says nothing the report does not).
    xml.attribute("message", message(location.line == nil ? problem.headline : "\(location): \(problem.headline)"))
    xml.attribute("type", problem.kind.rawValue.isEmpty ? "Problem" : problem.kind.rawValue)
    xml.markup(">")
    xml.text(Excerpt.text(["\(location): \(problem.headline)"]))
    xml.markup("\n")
    if let raised = problem.location, raised != location, raised.line != nil {
      xml.text("raised at \(raised)\n")
    }
    xml.text("scenario declared at \(result.declaration)\n")
    if !problem.details.isEmpty {
      xml.text(Excerpt.text([problem.details]))
      xml.markup("\n")
    }
    let tail = Excerpt.tail(result.transcript)
    if !tail.isEmpty {
      xml.text("\nLast \(tail.count) of \(result.transcript.count) transcript lines:\n")
      for line in tail {
        xml.text(Excerpt.prefix(of: line, maxBytes: ReportLimits.textBytes / ReportLimits.transcriptTailLines))
        xml.markup("\n")
      }
    }
  }

  // MARK: - Names

  /// A headline or skip reason on one bounded line, as a `message` attribute holds it.
  static func message(_ text: String) -> String {
    let line = TerminalText.oneLine(text)
    let bounded = Excerpt.prefix(of: line, maxBytes: ReportLimits.headlineBytes)
    return bounded.endIndex == line.endIndex ? line : bounded + "…"
  }

  /// The dotted class name of a scenario file: `onboarding/first_launch.lua` → `onboarding.first_launch`.
  ///
  /// Dots inside a component become `_` (`ios14.5_x.lua` → `ios14_5_x`), so consumers that split a
  /// class name at its dots (Jenkins, Ant) see the folders as packages and the file as the class;
  /// empty components (a leading `/`) are dropped.
  public static func classname(forPath path: String) -> String {
    // One pass over the bytes: every case of a report asks for its file's classname.
    var bytes = Array(path.utf8)
    if bytes.count >= 4, bytes.suffix(4).elementsEqual(".lua".utf8) { bytes.removeLast(4) }
    var dotted: [UInt8] = []
    dotted.reserveCapacity(bytes.count)
    var pendingDot = false
    for byte in bytes {
      if byte == UInt8(ascii: "/") {
        pendingDot = !dotted.isEmpty
        continue
      }
      if pendingDot {
        dotted.append(UInt8(ascii: "."))
        pendingDot = false
      }
      dotted.append(byte == UInt8(ascii: ".") ? UInt8(ascii: "_") : byte)
    }
    return Excerpt.bounded(String(decoding: dotted, as: UTF8.self), maxBytes: ReportLimits.nameBytes)
  }

  /// The folder part of a path (`onboarding/first_launch.lua` → `onboarding`), empty at the root.
  static func directory(ofPath path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    return String(path[..<slash])
  }

  private static func _outcomeWord(_ outcome: CaseOutcome) -> String {
    switch outcome {
    case .passed: "passed"
    case .failed: "failed"
    case .errored: "error"
    case .skipped: "skipped"
    }
  }
}
