import ArgumentParser
import Coverage
import Foundation

/// `permsim coverage`: works on the coverage files `permsim run --coverage-output json=PATH` writes.
struct CoverageCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "coverage",
    abstract: "Work on coverage files: merge the parts that shards wrote.",
    subcommands: [Merge.self]
  )

  /// `permsim coverage merge a.json b.json…`: the coverage of the whole suite from its shards' files.
  struct Merge: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "merge",
      abstract: "Merge coverage files (one per shard) into the coverage of the whole suite.",
      discussion: """
        Prints the console summary, or writes the files --output asks for. Exit status: 0 when merged, \
        1 when a version falls short of --coverage-min, 2 when a file cannot be read or the files were \
        measured against different apps.
        """
    )

    @Argument(help: "Coverage files written by permsim run --coverage-output json=PATH.")
    var files: [String]

    @Option(
      name: .customLong("output"),
      help: "json=PATH or markdown=PATH (comma-separated or repeated; a kind alone or PATH - is standard output).")
    var outputs: [String] = []

    @Option(
      name: .customLong("coverage-min"),
      help: "Exit 1 when a version's coverage is below a floor: transitions=80 (also alerts, buttons, rules, settings).")
    var minimum: String?

    func validate() throws {
      guard !files.isEmpty else { throw ValidationError("give the coverage files to merge") }
      _ = try CoverageFile.parse(outputs, option: "--output")
    }

    func run() throws {
      var parts: [(name: String, report: CoverageReport)] = []
      let merged: CoverageReport
      let minimums: [CoverageMinimum]
      do throws(CoverageError) {
        for path in files {
          guard let data = FileManager.default.contents(atPath: path) else {
            throw CoverageError("cannot read \(path): \(String(cString: strerror(errno)))")
          }
          parts.append((path, try CoverageReport.decode(data, from: path)))
        }
        merged = try CoverageReport.merged(parts)
        minimums = try minimum.map(CoverageMinimum.parse) ?? []
      } catch {
        // Exit 2 with the message alone: a ValidationError thrown this late would print the root's usage.
        writeToStandardError("Error: \(error.description)\nSee 'permsim coverage merge --help'.\n")
        throw ExitCode(2)
      }
      let verdict = CoverageVerdict()
      let requested = try CoverageFile.parse(outputs, option: "--output")
      if !requested.contains(where: { $0.path == nil }) { print(merged.console, terminator: "") }
      for file in requested {
        try file.writer(verdict: verdict)(file.kind == .json ? merged.json : merged.markdown)
      }
      CoverageMinimum.shortfalls(of: merged, below: minimums).forEach(verdict.add)
      for problem in verdict.problems { writeToStandardError(problem + "\n") }
      if verdict.failsRun { throw ExitCode.failure }
    }
  }
}
