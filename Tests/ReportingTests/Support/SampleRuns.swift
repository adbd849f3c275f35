import Reporting

/// The runs the reporter tests feed, from an ordinary one to the hostile and the degenerate.
enum SampleRuns {
  /// Every outcome, hostile text (ANSI, `]]>`, `<&"'`, NUL, invalid UTF-8) and a huge transcript.
  static var hostile: [RunEvent] {
    var run = RunScript()
    run.start()
    run.suite("onboarding/first_launch.lua") { run in
      let path = "onboarding/first_launch.lua"
      run.case(
        "first launch › asks once [iOS 14.0]", in: path, line: 4, ios: "14.0",
        transcript: ["[0.000 s] app launched", "[0.001 s] prompt shown: authorization"])
      run.case(
        "first launch › denial shows <Settings> & \"quotes\" 'too' [iOS 14.0]", in: path, line: 12, ios: "14.0",
        .failed(.expectation(
          "expected status \u{1B}[31m\"denied\"\u{1B}[0m, got <authorizedWhenInUse> & 'more'\nsecond line",
          at: path, 19, details: "expected: denied\n  actual: authorizedWhenInUse")),
        transcript: [
          "[0.000 s] app launched",
          "[0.010 s] console: ]]> is not the end of anything",
          "[0.020 s] console: NUL\u{0}byte and bell\u{7}",
          "[0.030 s] console: \u{1B}[1;32mgreen\u{1B}[0m and U+FFFE \u{FFFE}",
          "[0.040 s] console: " + String(decoding: [0x62, 0x61, 0x64, 0xFF, 0xFE, 0xC3, 0x28], as: UTF8.self),
        ])
      run.case(
        "first launch › tap on a missing button [iOS 17.4]", in: path, line: 25, ios: "17.4",
        .errored(CaseProblem(
          kind: .scriptError, headline: "attempt to call a nil value (method 'tap')",
          location: ScriptLocation(path: path, line: 28),
          details: "stack traceback:\n\tonboarding/first_launch.lua:28: in function <onboarding/first_launch.lua:25>")),
        transcript: ["[0.000 s] app launched"])
      run.case("first launch › precise toggle", in: path, line: 40, .skipped(reason: "not written yet"))
    }
    run.suite("settings/precise.lua") { run in
      let path = "settings/precise.lua"
      run.case(
        "precise " + String(decoding: [0x6F, 0x6E, 0xFF, 0x6F, 0x66, 0x66, 0xC0, 0xAF], as: UTF8.self) + " [iOS 14.0]",
        in: path, line: 3, ios: "14.0",
        .errored(CaseProblem(
          kind: .budgetExceeded, headline: "the scenario ran past its budget of 10000000 instructions",
          location: ScriptLocation(path: path, line: 9))),
        transcript: (1...3_000).map {
          "[\($0).000 s] callback locationManagerDidChangeAuthorization(status: authorizedWhenInUse) #\($0)"
        },
        milliseconds: 40)
      run.case("precise stays off [iOS 17.4]", in: path, line: 20, ios: "17.4", .skipped(reason: "filtered out by tag"))
    }
    run.end()
    return run.events
  }

  /// A run that found nothing to do.
  static var empty: [RunEvent] {
    var run = RunScript()
    run.start(RunInfo(version: "0.1.0", hostname: "", root: ""))
    run.end()
    return run.events
  }

  /// One file whose cases were all skipped.
  static var onlySkipped: [RunEvent] {
    var run = RunScript()
    run.start()
    run.suite("pending.lua") { run in
      run.case("a", in: "pending.lua", line: 1, .skipped(reason: "not written yet"))
      run.case("b", in: "pending.lua", line: 2, .skipped(reason: ""))
    }
    run.end()
    return run.events
  }

  /// Names and paths with bytes that are not UTF-8, decoded as the bridge decodes them.
  static var nonUTF8Names: [RunEvent] {
    let path = "caf" + String(decoding: [0xE9], as: UTF8.self) + "/menu.lua"
    var run = RunScript()
    run.start()
    run.suite(path) { run in
      run.case(String(decoding: [0xFF, 0xFE, 0x20, 0x0C, 0x1B], as: UTF8.self), in: path, line: 1)
    }
    run.end()
    return run.events
  }

  /// SIGINT in the middle of the second file: one case finished there, one was running.
  static var interrupted: [RunEvent] {
    var run = RunScript()
    run.start()
    run.suite("a.lua") { run in
      run.case("one", in: "a.lua", line: 1)
    }
    run.post(.suiteStarted(SuiteInfo(path: "b.lua")), after: 1)
    run.case("two", in: "b.lua", line: 1, .failed(.expectation("no prompt", at: "b.lua", 2)))
    run.post(.caseStarted(CaseInfo(suitePath: "b.lua", name: "three", line: 5)))
    run.end(interrupted: true)
    return run.events
  }

  /// SIGINT before any case finished.
  static var interruptedAtOnce: [RunEvent] {
    var run = RunScript()
    run.start()
    run.end(interrupted: true)
    return run.events
  }

  /// Every run above, by name, for parameterized tests.
  static let all: [(name: String, events: [RunEvent])] = [
    ("hostile", hostile), ("empty", empty), ("only skipped", onlySkipped), ("non-UTF-8 names", nonUTF8Names),
    ("interrupted", interrupted), ("interrupted at once", interruptedAtOnce),
  ]
  static var names: [String] { all.map(\.name) }
  static func named(_ name: String) -> [RunEvent] { all.first { $0.name == name }?.events ?? [] }
}

/// The JUnit document a reporter writes for `events`.
func junitDocument(
  _ events: [RunEvent], flavor: JUnitXMLReporter.Flavor, output: JUnitXMLReporter.OutputPolicy = .failures
) -> [UInt8] {
  let store = InMemoryJUnitStore()
  var reporter = JUnitXMLReporter(flavor: flavor, output: output, store: store)
  events.forEach { reporter.record($0) }
  return store.document ?? []
}
