import Testing
import Reporting

@Suite("Console reporter")
struct ConsoleReporterTests {
  /// Two files: a pass, a failure, a script error, a skip, a budget error and a pass.
  private static var failingRun: [RunEvent] {
    var run = RunScript()
    run.start(RunInfo(version: "0.1.0", seed: 7, plannedCaseCount: 6))
    run.suite("onboarding.lua") { run in
      run.case("asks once", in: "onboarding.lua", line: 3)
      run.case(
        "denial", in: "onboarding.lua", line: 10,
        .failed(.expectation("expected status \"denied\", got \"authorizedWhenInUse\"", at: "onboarding.lua", 14)),
        transcript: (1...10).map { "step \($0)" })
      run.case(
        "crash", in: "onboarding.lua", line: 20,
        .errored(CaseProblem(
          kind: .scriptError, headline: "attempt to index a nil value (local 'alert')",
          location: ScriptLocation(path: "onboarding.lua", line: 22),
          details: "stack traceback:\n\tonboarding.lua:22: in function <onboarding.lua:20>\n")))
      run.case("pending one", in: "onboarding.lua", line: 30, .skipped(reason: "not written yet"))
    }
    run.suite("settings.lua") { run in
      run.case(
        "budget", in: "settings.lua", line: 2,
        .errored(CaseProblem(
          kind: .budgetExceeded, headline: "stopped after 10000000 instructions",
          location: ScriptLocation(path: "settings.lua", line: 5))))
      run.case("toggle", in: "settings.lua", line: 9)
    }
    run.end()
    return run.events
  }

  private func output(
    _ events: [RunEvent], progress: Bool = false, color: Bool = false
  ) -> OutputCapture {
    let capture = OutputCapture()
    var reporter = ConsoleReporter(showsProgress: progress, usesColor: color, write: capture.write)
    events.forEach { reporter.record($0) }
    return capture
  }

  @Test("the summary of a failing run, without colour or progress")
  func failingSummary() {
    #expect(output(Self.failingRun).text == """
      FAILED  onboarding.lua:14  denial
        expected status "denied", got "authorizedWhenInUse"
        Last 8 of 10 transcript lines:
          step 3
          step 4
          step 5
          step 6
          step 7
          step 8
          step 9
          step 10

      ERROR   onboarding.lua:22  crash
        Script error: attempt to index a nil value (local 'alert')
        stack traceback:
        \tonboarding.lua:22: in function <onboarding.lua:20>

      ERROR   settings.lua:5  budget
        Ran past its instruction budget: stopped after 10000000 instructions

      Skipped:
        not written yet (1)
          onboarding.lua:30  pending one

      Seed: 7
      2 passed, 1 failed, 2 errors, 1 skipped (0.024 s)

      """)
  }

  @Test("failures and errors come first and the count line comes last")
  func order() throws {
    let text = output(Self.failingRun).text
    let failed = try #require(text.range(of: "FAILED"))
    let skipped = try #require(text.range(of: "Skipped:"))
    let counts = try #require(text.range(of: "2 passed, 1 failed, 2 errors, 1 skipped"))
    #expect(failed.lowerBound < skipped.lowerBound)
    #expect(skipped.lowerBound < counts.lowerBound)
    #expect(text[counts.lowerBound...].split(separator: "\n").count == 1)
  }

  @Test("counts keep outcomes apart and say 1 error, not 1 errors")
  func counts() {
    var run = RunScript()
    run.start()
    run.suite("a.lua") { run in
      run.case("e", in: "a.lua", .errored(CaseProblem(kind: .syntaxError, headline: "unexpected symbol near 'end'")))
    }
    run.end()
    #expect(output(run.events).text.hasSuffix("0 passed, 0 failed, 1 error, 0 skipped (0.007 s)\n"))
  }

  @Test("without colour no escape byte is written, even from a scenario's own text")
  func noColor() {
    var run = RunScript()
    run.start()
    run.suite("a.lua") { run in
      run.case(
        "\u{1B}[31mred name", in: "a.lua",
        .failed(.expectation("\u{1B}[1mbold\u{1B}[0m headline\u{0}", at: "a.lua", 1)),
        transcript: ["\u{1B}]0;title\u{7}line\r"])
    }
    run.end()
    let text = output(run.events, progress: true).text
    #expect(!text.contains("\u{1B}"))
    #expect(text.contains("FAILED  a.lua:1  red name\n  bold headline\u{FFFD}\n"))
    #expect(text.contains("    line\n"))
  }

  @Test("with colour the labels, marks and counts are coloured")
  func color() {
    let text = output(Self.failingRun, progress: true, color: true).text
    #expect(text.contains("\u{1B}[1;31mFAILED\u{1B}[0m  \u{1B}[1monboarding.lua:14\u{1B}[0m  denial"))
    #expect(text.contains("\u{1B}[1;35mERROR\u{1B}[0m "))
    #expect(text.contains("\u{1B}[32m.\u{1B}[0m\u{1B}[1;31mF\u{1B}[0m\u{1B}[1;35mE\u{1B}[0m\u{1B}[33ms\u{1B}[0m"))
    #expect(text.contains("\u{1B}[32m2 passed\u{1B}[0m, \u{1B}[1;31m1 failed\u{1B}[0m, \u{1B}[1;35m2 errors\u{1B}[0m"))
  }

  @Test("no progress when not on a terminal: each failure as it is reported, then the counts")
  func noProgress() {
    var events = Self.failingRun
    let end = events.removeLast()
    let capture = output(events)
    #expect(capture.chunks.count == 3, "a job killed before the end still shows what failed")
    #expect(capture.chunks.first?.hasPrefix("FAILED  onboarding.lua:14  denial\n") == true)
    #expect(capture.chunks.allSatisfy { $0.hasSuffix("\n\n") })
    let full = output(events + [end])
    #expect(full.chunks.count == 4)
    #expect(full.text.hasPrefix("FAILED"))
    #expect(full.text.components(separatedBy: "FAILED  onboarding.lua:14").count == 2, "the summary does not repeat them")
    #expect(full.chunks.last?.hasPrefix("Skipped:\n") == true, "the summary starts without a blank line of its own")
  }

  @Test("progress shows one mark per case and each file's share of the plan")
  func progress() {
    let text = output(Self.failingRun, progress: true).text
    #expect(text.hasPrefix("onboarding.lua .FEs [66%]\nsettings.lua E. [100%]\n\nFAILED  onboarding.lua:14  denial\n"))
  }

  @Test("an interrupted run says how far it got")
  func interrupted() {
    let text = output(SampleRuns.interrupted).text
    #expect(text.hasSuffix("""
      Seed: 4242
      Interrupted: 2 of 10 planned cases finished.
      1 passed, 1 failed, 0 errors, 0 skipped (0.011 s)

      """))
  }

  @Test("skipped cases are grouped by reason, with a few named")
  func skipGroups() {
    var run = RunScript()
    run.start()
    run.suite("tags.lua") { run in
      for index in 1...8 {
        run.case("case \(index)", in: "tags.lua", line: index, .skipped(reason: "filtered out by tag"))
      }
      run.case("unexplained", in: "tags.lua", line: 20, .skipped(reason: ""))
    }
    run.end()
    #expect(output(run.events).text.hasPrefix("""
      Skipped:
        filtered out by tag (8)
          tags.lua:1  case 1
          tags.lua:2  case 2
          tags.lua:3  case 3
          tags.lua:4  case 4
          tags.lua:5  case 5
          … and 3 more
        no reason given (1)
          tags.lua:20  unexplained

      Seed: 4242
      0 passed, 0 failed, 0 errors, 9 skipped
      """))
  }

  @Test("past fifty distinct problems the summary counts the rest instead of describing them")
  func manyProblems() {
    var run = RunScript()
    run.start()
    run.suite("many.lua") { run in
      for index in 1...60 {
        run.case("case \(index)", in: "many.lua", line: index, .failed(.expectation("no", at: "many.lua", index)))
      }
    }
    run.end()
    let text = output(run.events).text
    #expect(text.contains("many.lua:50  case 50"))
    #expect(!text.contains("many.lua:51  case 51"))
    #expect(text.contains("  1 × many.lua:50  no\n"))
    #expect(!text.contains("many.lua:51  no"))
    #expect(text.contains("  … and 10 more distinct failures\n"))
    #expect(text.contains(
      "60 cases failed or errored in 60 distinct ways; the first 50 cases were described, then each new failure once. To see every case: --junit PATH or --output json."))
  }

  /// Sixty cases that fail at the same line with the same headline (a shared helper), and one other failure.
  private static var copies: [RunEvent] {
    var run = RunScript()
    run.start()
    run.suite("matrix.lua") { run in
      for index in 1...60 {
        run.case("case \(index)", in: "matrix.lua", line: 10 + index, .failed(.expectation("expected 2 to be 1", at: "matrix.lua", 3)))
      }
      run.case("other", in: "matrix.lua", line: 90, .failed(.expectation("expected nil to be 1", at: "matrix.lua", 91)))
    }
    run.end()
    return run.events
  }

  @Test("past fifty failures each distinct failure is shown once with its count, and the summary says how to see all")
  func groupedFailures() {
    let terminal = output(Self.copies, progress: true).text
    #expect(terminal.components(separatedBy: "FAILED  matrix.lua:3").count == 2, "described once")
    #expect(terminal.contains("  expected 2 to be 1\n  … and 59 more cases failed this way\n"))
    #expect(terminal.contains("FAILED  matrix.lua:91  other"))
    #expect(terminal.contains(
      "61 cases failed or errored in 2 distinct ways; each of the first 2 is described once. To see every case: --junit PATH or --output json."))

    let log = output(Self.copies).text
    #expect(log.components(separatedBy: "FAILED  matrix.lua:3").count == 51, "the first fifty as they came")
    #expect(log.contains("FAILED  matrix.lua:91  other"), "a new failure after the fiftieth is still described")
    #expect(log.contains("Failures, by the number of cases they ended:\n  60 × matrix.lua:3  expected 2 to be 1\n  1 × matrix.lua:91  expected nil to be 1\n"))
  }

  @Test("--verbose describes passing cases too, with their transcript and print output")
  func verbose() {
    var run = RunScript()
    run.start()
    run.suite("a.lua") { run in
      run.case("quiet", in: "a.lua", line: 1, transcript: ["[+0.000s] print: hello", "[+0.000s] phone: iOS 17.0"])
    }
    run.end()
    let capture = OutputCapture()
    var reporter = ConsoleReporter(showsProgress: false, usesColor: false, verbose: true, write: capture.write)
    run.events.forEach { reporter.record($0) }
    #expect(capture.text.hasPrefix("PASSED  a.lua:1  quiet\n    [+0.000s] print: hello\n    [+0.000s] phone: iOS 17.0\n\n"))
    #expect(!output(run.events).text.contains("PASSED"), "not without --verbose")
  }

  @Test("an empty run still ends with a count line")
  func empty() {
    #expect(output(SampleRuns.empty).text == "0 passed, 0 failed, 0 errors, 0 skipped (0.002 s)\n")
  }
}
