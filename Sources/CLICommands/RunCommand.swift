import ArgumentParser
import Foundation
import PermissionModel
import Reporting
import Runner
import ScenarioRuntime

/// `permsim run`: runs scenario files and reports on the console and in JUnit XML.
struct RunCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run",
    abstract: "Run scenario files and report the results (console, JUnit XML).",
    discussion: """
      Every *.lua file under the given paths is loaded once to collect its scenarios; files that \
      register none (helper modules for require) are not test files. Each case then runs alone, with \
      fresh Lua globals and a fresh model. Exit status: 0 when every case passed (or was skipped), 1 when \
      any failed or errored, 2 for a usage error or unreadable input, 130 when interrupted.
      """
  )

  @Argument(help: "Scenario files or directories to search (default: Scenarios/).")
  var paths: [String] = []

  @Option(help: "Lua pattern a file name must match to be a scenario file.")
  var pattern = "%.lua$"

  @Option(help: "Run only cases whose full name matches this Lua pattern.")
  var filter: String?

  @Option(help: "Run only cases with one of these tags (comma-separated); the others are skipped.")
  var tags: String?

  @Option(name: .customLong("exclude-tags"), help: "Skip cases with any of these tags (comma-separated).")
  var excludeTags: String?

  @Option(help: "Run every scenario that does not pin a version once per listed version, e.g. 13.0,14.0.")
  var ios: String?

  @Flag(help: "Print the cases the run would execute, and run nothing.")
  var list = false

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

  @Option(help: "Run only part K of N of the files (K/N), a deterministic split for CI fleets.")
  var shard: String?

  @Option(help: "Instruction budget of each case (e.g. 50000000, 50M).")
  var instructions = "50M"

  @Option(help: "Memory limit of each case's Lua state (e.g. 64M, 1G).")
  var memory = "64M"

  @Option(help: "Write a JUnit XML report to PATH (repeatable).")
  var junit: [String] = []

  @Option(name: .customLong("junit-flavor"), help: "rich (file/line, for GitLab and GitHub) or strict (Ant schema).")
  var junitFlavor: JUnitXMLReporter.Flavor = .rich

  @Option(help: "Directory scenarios may read files under (default: the current directory).")
  var root: String?

  @Flag(name: .customLong("no-color"), help: "Do not colour the console output (also: NO_COLOR).")
  var noColor = false

  @Flag(
    name: .customLong("deterministic-time"),
    help: "Stamp every event with the same instant so reports are byte-identical (also: PERMSIM_DETERMINISTIC_TIME=1).")
  var deterministicTime = false

  func run() throws {
    let settings = try RunSettings(self)
    let stop = StopFlag()
    let interrupted = try SignalWatcher.whileWatchingSIGINT(stop) { () throws -> Bool in
      try execute(settings, stop: stop)
    }
    if interrupted { throw ExitCode(130) }
  }

  /// Runs and reports; returns whether the run was interrupted. Throws `ExitCode.failure` on failures.
  private func execute(_ settings: RunSettings, stop: StopFlag) throws -> Bool {
    let environment = try usage { try ScenarioEnvironment(root: settings.root, limits: settings.limits, seed: settings.seed ?? 0) }
    let patterns = try settings.patterns()
    let found = try usage { try ScenarioDiscovery.files(in: settings.paths, matching: patterns.files) }
    guard !found.isEmpty else {
      throw ValidationError("no scenario files (matching \(pattern)) under \(settings.paths.joined(separator: ", "))")
    }
    let absolute = found.map { $0.hasPrefix("/") ? $0 : FileManager.default.currentDirectoryPath + "/" + $0 }
    // What collection declared is needed only to plan: let it go before the run (100,000 cases hold megabytes).
    let (plan, loadedFiles) = try usage {
      let collected = try ScenarioCollector.collect(absolute, environment: environment, jobs: settings.jobs)
      let plan = settings.planner.plan(collected.map(\.declared)) { name in patterns.names?.matches(name) ?? true }
      return (plan, collected.map(\.loaded))
    }

    if list {
      for suite in plan.suites {
        print(loadedFiles[suite.fileIndex].file.path)
        for planned in suite.cases {
          let skip = planned.skipReason.map { "  [skipped: \($0)]" } ?? ""
          print("  \(planned.name)  (line \(planned.line), iOS \(planned.iosVersion))\(skip)")
        }
      }
      print("\(plan.caseCount) case\(plan.caseCount == 1 ? "" : "s") in \(plan.suites.count) file\(plan.suites.count == 1 ? "" : "s")")
      return false
    }

    var reporters: [any Reporter] = [
      ConsoleReporter(showsProgress: settings.isTerminal, usesColor: settings.usesColor, write: Self.writeToStandardOutput)
    ]
    var files: [JUnitFile] = []
    for path in junit {
      let file = try usage { try JUnitFile(path: path) }
      files.append(file)
      reporters.append(JUnitXMLReporter(flavor: junitFlavor, store: file))
    }
    var tally = RunTally()
    var reporter = MultiplexReporter(reporters)
    let info = RunInfo(
      version: PermsimCommand.configuration.version,
      hostname: settings.hostname,
      root: settings.paths.joined(separator: " "),
      seed: settings.seed,
      plannedCaseCount: plan.caseCount,
      iOSVersions: settings.iosVersions.isEmpty ? [settings.planner.options.defaultVersion] : settings.iosVersions
    )
    let executor = RunExecutor(
      environment: environment, files: loadedFiles,
      options: RunExecutor.Options(jobs: settings.jobs, failFast: failFast, clock: settings.clock))
    let interrupted = executor.execute(plan, info: info, stop: stop) { event in
      reporter.record(event)
      tally.record(event)
    }
    for file in files {
      if let failure = file.failure { writeToStandardError("permsim: cannot write the JUnit report: \(failure)\n") }
    }
    if interrupted { return true }
    if !tally.isSuccess || files.contains(where: { $0.failure != nil }) { throw ExitCode.failure }
    return false
  }

  /// Runs `body`, turning an error about the input (a missing path, an unreadable file) into a usage error.
  private func usage<Result>(_ body: () throws -> Result) throws -> Result {
    do {
      return try body()
    } catch let error as ExitCode {
      throw error
    } catch {
      throw ValidationError("\(error)")
    }
  }

  private static func writeToStandardOutput(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
  }
}

extension JUnitXMLReporter.Flavor: ExpressibleByArgument {}
