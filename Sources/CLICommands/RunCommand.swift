import ArgumentParser
import Coverage
import Foundation
import PermissionModel
import Reporting
import Runner
import ScenarioRuntime

/// `permsim run`: runs scenario files and reports on the console, in JUnit XML, TAP, JSON lines and GitHub annotations.
struct RunCommand: ParsableCommand {
  /// The subcommand's name: `permsim run`.
  static let name = "run"

  static let configuration = CommandConfiguration(
    commandName: name,
    abstract: "Run scenario files and report the results (console, JUnit XML, TAP, JSON, GitHub annotations).",
    discussion: """
      Every *.lua file under the given paths is loaded once to collect its scenarios; files that \
      register none (helper modules for require) are not test files. Each case then runs alone, with \
      fresh Lua globals and a fresh model. Exit status: 0 when every case passed (or was skipped), 1 when \
      any failed or errored, 2 for a usage error or unreadable input, 130, 143 or 129 when SIGINT, SIGTERM or SIGHUP stopped it.
      """
  )

  @Argument(help: "Scenario files or directories to search (default: scenarios/, the folder permsim init writes).")
  var paths: [String] = []

  @Option(help: "Lua pattern a file name must match to be a scenario file.")
  var pattern = "%.lua$"

  @Option(help: "Run only cases whose full name matches this Lua pattern.")
  var filter: String?

  @Option(help: "Run only cases with one of these tags (comma-separated); the others are skipped.")
  var tags: String?

  @Option(name: .customLong("exclude-tags"), help: "Skip cases with any of these tags (comma-separated).")
  var excludeTags: String?

  @Option(
    help: """
      Limit the run to these iOS versions, e.g. 13.0,14.0: unpinned scenarios run once per version, \
      pinned ones and matrix rows only on a listed version; every case's name ends in [iOS X].
      """)
  var ios: String?

  @Flag(help: "Print the cases the run would execute, and run nothing.")
  var list = false

  @Option(help: "How --list prints the cases: text, or one JSON document.")
  var format: ListFormat = .text

  @Flag(help: "Run files and cases in a random order (the seed is printed and stored in the report).")
  var shuffle = false

  @Option(help: "Seed for --shuffle and for math.random in scenarios.")
  var seed: UInt64?

  @Option(name: .customLong("repeat"), help: "Run every case N times.")
  var repeatCount = 1

  @Flag(name: .customLong("fail-fast"), help: "Stop at the first failure or error; later cases are reported as skipped.")
  var failFast = false

  @Option(help: "How many cases run at once (default: the number of cores).")
  var jobs: Int?

  @Option(
    help: "Run only part K of N of the cases (K/N), a balanced, deterministic split for CI fleets; auto reads GitLab's, Buildkite's or CircleCI's parallel-job variables.")
  var shard: String?

  @Option(help: "Instruction budget of each case (e.g. 50000000, 50M).")
  var instructions = "50M"

  @Option(help: "Memory limit of each case's Lua state (e.g. 64M, 1G).")
  var memory = "64M"

  @Option(help: "Seconds a case (or a file's top level) may run before it is stopped and reported as an error.")
  var timeout: Double = 10

  @Option(
    name: .customLong("worker-memory"),
    help: "Host memory a worker process may hold (e.g. 1G); a case that makes it hold more is an error.")
  var workerMemory = "1G"

  @Option(
    name: .customLong("output"),
    help: """
      An output, kind or kind=PATH (repeatable): console, junit=PATH, tap, json, github, html=PATH; without a \
      path, standard output. The console is on unless TAP or JSON take standard output.
      """)
  var outputs: [String] = []

  @Option(help: "Write a JUnit XML report to PATH (repeatable; short for --output junit=PATH).")
  var junit: [String] = []

  @Option(
    name: .customLong("junit-flavor"),
    help: "rich (file/line, for GitLab, GitHub and Jenkins' junit step) or strict (Ant schema, for Jenkins xUnit).")
  var junitFlavor: JUnitXMLReporter.Flavor = .rich

  @Option(
    name: .customLong("junit-output"),
    help: "Which cases keep their transcript and print output in JUnit reports: failures, or all.")
  var junitOutput: JUnitXMLReporter.OutputPolicy = .failures

  @Option(
    name: .customLong("html-output"),
    help: "Which cases keep their timeline (transcript and drawn alerts) in HTML reports: failures, or all.")
  var htmlOutput: JUnitXMLReporter.OutputPolicy = .failures

  @OptionGroup var coverage: CoverageOptions

  @Option(help: "Directory scenarios may read files under (default: the current directory).")
  var root: String?

  @Flag(
    name: .shortAndLong,
    help: "Show every case on the console as it ends, passing ones too, with its transcript and print output.")
  var verbose = false

  @Flag(name: .customLong("no-color"), help: "Do not colour the console output (also: NO_COLOR).")
  var noColor = false

  @Flag(
    name: .customLong("deterministic-time"),
    help: "Stamp every event with the same instant so reports are byte-identical (also: PERMSIM_DETERMINISTIC_TIME=1).")
  var deterministicTime = false

  /// The stop of the `permsim` process's run, whose signals are watched since the process began
  /// (``PermsimCommand/executableStatus(running:)``); nil when the command runs inside another program.
  nonisolated(unsafe) static var processStop: StopFlag?

  func run() throws {
    let settings = try RunSettings(self)
    let interrupted: Bool
    let stop: StopFlag
    if let processStop = Self.processStop {
      stop = processStop
      interrupted = try execute(settings, stop: stop)
    } else {
      stop = StopFlag()
      interrupted = try SignalWatcher.whileWatching(stop) { () throws -> Bool in try execute(settings, stop: stop) }
    }
    if interrupted || stop.signal != nil { throw ExitCode(128 + (stop.signal ?? SIGINT)) }
  }

  /// Runs and reports; returns whether the run was interrupted. Throws `ExitCode.failure` on failures.
  private func execute(_ settings: RunSettings, stop: StopFlag) throws -> Bool {
    let environment = try usage { try ScenarioEnvironment(root: settings.root, limits: settings.limits, seed: settings.seed ?? 0) }
    // Every case and every file's top level runs in a worker process the run can stop (issue 11).
    let lanes = LanePool(
      .workerProcesses(try settings.workerLaunch(keepsPaths: coverage.isOn)), environment: environment, stop: stop)
    lanes.prepare()
    let patterns = try settings.patterns()
    let found = try usage { try ScenarioDiscovery.files(in: settings.paths, matching: patterns.files) }
    guard !found.isEmpty else {
      throw ValidationError("no scenario files (matching \(pattern)) under \(settings.paths.joined(separator: ", "))")
    }
    let absolute = found.map { $0.hasPrefix("/") ? $0 : FileManager.default.currentDirectoryPath + "/" + $0 }
    let options = RunExecutor.Options(
      jobs: settings.jobs, failFast: failFast, clock: settings.clock, lanes: lanes,
      keepsPassingTranscripts: junitOutput == .all || htmlOutput == .all || verbose)
    // A plan made file by file lets each file's first cases run as soon as it is collected, while its
    // worker still holds the run of its top level.
    let runAhead =
      list || !settings.planner.plansFileByFile
      ? nil
      : ScenarioCollector.RunAhead(
        cases: { [planner = settings.planner] declared in planner.cases(of: declared) { patterns.names?.matches($0) ?? true } },
        options: options, stop: stop)
    // The run starts with its collection, which may run cases.
    let started = settings.clock.now()
    // What collection declared is needed only to plan: let it go before the run (100,000 cases hold megabytes).
    let (plan, loadedFiles, collected, ranAhead) = try usage {
      let collected = ScenarioCollector.collect(
        absolute, environment: environment, jobs: settings.jobs, absolutePaths: settings.namesFilesAbsolutely,
        lanes: lanes, runAhead: runAhead)
      let declared = collected.map(\.declared)
      let paths = collected.map(\.loaded.file.path)
      var ranAhead: [Int: RunExecutor.RanAhead] = [:]
      for (index, file) in collected.enumerated() { ranAhead[index] = file.ranAhead }
      let plan = settings.planner.plan(declared, paths: paths, planned: ranAhead.mapValues(\.cases)) { name in
        patterns.names?.matches(name) ?? true
      }
      return (plan, collected.map(\.loaded), (declared: declared, paths: paths), ranAhead)
    }
    if plan.omittedByVersion > 0 {
      let versions = settings.planner.options.iosVersions.map(\.text).joined(separator: ", ")
      writeToStandardError(
        "permsim: \(plan.omittedByVersion) case\(plan.omittedByVersion == 1 ? "" : "s") pinned to other iOS versions "
          + "(scenario option ios) left out by --ios \(versions)\n")
    }
    try Self.checkSelection(plan, of: loadedFiles.count, settings: settings, filter: filter, tags: tags) {
      var whole = settings.planner
      whole.options.shard = nil
      return whole.plan(collected.declared, paths: collected.paths) { patterns.names?.matches($0) ?? true }
    }
    if plan.caseCount == 0, let shard = settings.planner.options.shard {
      writeToStandardError("permsim: shard \(shard) holds no cases (fewer cases than shards); its reports are empty\n")
    }

    if list {
      RunList(plan: plan, files: loadedFiles.map(\.file.path)).print(format)
      return false
    }

    var reporters: [any Reporter] = []
    var junitFiles: [JUnitFile] = []
    var textFiles: [TextOutputFile] = []
    for output in settings.outputs {
      let write: @Sendable (String) -> Void
      if let path = output.path, output.kind != .junit {
        let file = try TextOutputFile(path: path)
        textFiles.append(file)
        write = { file.write($0) }
      } else {
        write = Self.writeToStandardOutput
      }
      switch output.kind {
      case .console:
        let terminal = output.path == nil && settings.isTerminal
        reporters.append(
          ConsoleReporter(
            showsProgress: terminal && !verbose, usesColor: terminal && settings.usesColor, verbose: verbose, write: write))
      case .junit:
        let file = try usage { try JUnitFile(path: output.path ?? "") }
        junitFiles.append(file)
        reporters.append(JUnitXMLReporter(flavor: junitFlavor, output: junitOutput, store: file))
      case .tap:
        reporters.append(TAPReporter(write: write))
      case .json:
        reporters.append(JSONEventReporter(write: write))
      case .github:
        reporters.append(GitHubAnnotationReporter(write: write))
      }
    }
    for html in settings.htmlReports { reporters.append(try html.reporter(policy: htmlOutput, files: &textFiles)) }
    let coverageVerdict = CoverageVerdict()
    if let reporter = try coverage.reporter(
      verdict: coverageVerdict, outputs: settings.outputs, standardOutput: Self.writeToStandardOutput)
    {
      reporters.append(reporter)
    }
    var tally = RunTally()
    var reporter = MultiplexReporter(reporters)
    let info = RunInfo(
      version: PermsimVersion.number,
      hostname: settings.hostname,
      root: settings.paths.joined(separator: " "),
      seed: settings.seed,
      plannedCaseCount: plan.caseCount,
      iOSVersions: (settings.planner.options.iosVersions.isEmpty
        ? [settings.planner.options.defaultVersion] : settings.planner.options.iosVersions).map(\.text),
      shard: settings.planner.options.shard?.description
    )
    let executor = RunExecutor(environment: environment, files: loadedFiles, options: options)
    let interrupted = executor.execute(plan, info: info, stop: stop, started: started, ranAhead: consume ranAhead) { event in
      // No case runs after the run's end: its workers go while the reports are written.
      if case .runEnded = event.kind { lanes.retire() }
      reporter.record(event)
      tally.record(event)
    }
    // What the console still has to say waits for a reader that stalls only until the run is stopped.
    var stoppedAt: ContinuousClock.Instant?
    Self.standardOutput.finish(giveUp: {
      guard stop.isSet else { return false }
      let since = stoppedAt ?? .now
      stoppedAt = since
      return ContinuousClock.now - since > .seconds(1)
    })
    var writeFailed = false
    for file in junitFiles {
      if let failure = file.failure {
        writeToStandardError("permsim: cannot write the JUnit report: \(failure)\n")
        writeFailed = true
      }
    }
    for file in textFiles {
      if let failure = file.failure {
        writeToStandardError("permsim: \(failure)\n")
        writeFailed = true
      }
    }
    if interrupted { return true }
    if !tally.isSuccess || writeFailed || coverageVerdict.failsRun { throw ExitCode.failure }
    return false
  }

  /// Fails with a usage error when `--filter` or `--tags` selects no case of files that all loaded.
  ///
  /// A shard may hold no case on its own (more shards than cases); `unsharded` plans without it.
  private static func checkSelection(
    _ plan: RunPlan, of fileCount: Int, settings: RunSettings, filter: String?, tags: String?,
    unsharded: () -> RunPlan
  ) throws {
    let whole = settings.planner.options.shard == nil ? plan : unsharded()
    let cases = whole.suites.lazy.flatMap(\.cases)  // not copied: 100,000 cases hold 20 MB
    // A file that failed to load may hold the cases asked for.
    guard !cases.contains(where: { $0.scenario.name == Planner.loadFailureName }) else { return }
    if let filter, cases.isEmpty {
      throw usageError("--filter \(filter) matches no case in \(fileCount) scenario file\(fileCount == 1 ? "" : "s"); --list shows the cases' full names")
    }
    let wanted = settings.planner.options.includeTags
    if let tags, !wanted.isEmpty, !cases.contains(where: { !$0.tags.filter(wanted.contains).isEmpty }) {
      let known = Set(cases.flatMap(\.tags)).sorted()
      let hint = known.isEmpty ? "no case has tags" : "the cases' tags are \(known.joined(separator: ", "))"
      throw usageError("--tags \(tags) matches no case: \(hint)")
    }
  }

  /// Runs `body`, turning an error about the input (a missing path, an unreadable file) into a usage error.
  private func usage<Result>(_ body: () throws -> Result) throws -> Result {
    do {
      return try body()
    } catch let error as ExitCode {
      throw error
    } catch {
      throw Self.usageError("\(error)")
    }
  }

  /// A usage error found while running: its message on standard error and exit status 2, pointing at
  /// `permsim run --help` (a `ValidationError` thrown this late would print the top command's usage).
  private static func usageError(_ message: String) -> ExitCode {
    writeToStandardError("Error: \(message)\nSee 'permsim run --help' for the options.\n")
    return ExitCode(2)
  }

  /// The run's standard output, written from a thread of its own.
  private static let standardOutput = StandardOutputWriter()

  private static func writeToStandardOutput(_ text: String) {
    standardOutput.write(text)
  }
}

extension JUnitXMLReporter.Flavor: ExpressibleByArgument {}
extension JUnitXMLReporter.OutputPolicy: ExpressibleByArgument {}
