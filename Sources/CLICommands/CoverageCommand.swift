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
      for path in files {
        guard let data = FileManager.default.contents(atPath: path) else {
          throw ValidationError("cannot read \(path): \(String(cString: strerror(errno)))")
        }
        parts.append((path, try report(data, path)))
      }
      let merged: CoverageReport
      let minimums: [CoverageMinimum]
      do {
        merged = try CoverageReport.merged(parts)
        minimums = try minimum.map(CoverageMinimum.parse) ?? []
      } catch {
        throw ValidationError(error.description)
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

    private func report(_ data: Data, _ path: String) throws -> CoverageReport {
      do {
        return try CoverageReport.decode(data, from: path)
      } catch {
        throw ValidationError(error.description)
      }
    }
  }
}
