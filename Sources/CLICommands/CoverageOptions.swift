import ArgumentParser
import Coverage
import Foundation
import Linting
import PlistLoader
import PermissionModel

/// The coverage options of `permsim run`: `--coverage`, `--coverage-output`, `--coverage-app`, `--coverage-min`.
///
/// `RunCommand` holds them as an option group and adds ``reporter(verdict:outputs:standardOutput:)`` to its reporters;
/// any of them turns coverage on.
struct CoverageOptions: ParsableArguments {
  @Flag(help: "Report which permission paths the cases took, per iOS version: a summary on the console.")
  var coverage = false

  @Option(
    name: .customLong("coverage-output"),
    help: "Also write coverage as json=PATH or markdown=PATH (comma-separated or repeated; PATH - is standard output).")
  var outputs: [String] = []

  @Option(
    name: .customLong("coverage-app"),
    help: "Measure against the app of this Info.plist (or a folder holding one), as explain --plist draws it.")
  var app: String?

  @Option(
    name: .customLong("coverage-min"),
    help: "Fail the run (exit 1) when a version's coverage is below a floor: transitions=80 (also alerts, buttons, rules, settings).")
  var minimum: String?

  /// Whether any coverage option was given.
  var isOn: Bool { coverage || !outputs.isEmpty || app != nil || minimum != nil }

  func validate() throws {
    _ = try CoverageFile.parse(outputs)
    if let minimum { _ = try minimums(minimum) }
  }

  /// The reporter that folds the run's coverage and writes it when the run ends, or `nil` when coverage is off.
  ///
  /// Its files are created now (an unwritable path is a usage error before anything runs); floors that
  /// fell short, and files that could not be written, end up in `verdict`, which fails the run. The
  /// summary goes to standard output after the console's, or to standard error when TAP or JSON lines
  /// take standard output (`outputs`, resolved).
  func reporter(
    verdict: CoverageVerdict, outputs runOutputs: [RunOutput], standardOutput: @escaping @Sendable (String) -> Void
  ) throws -> CoverageReporter? {
    guard isOn else { return nil }
    let baseline = try Self.baseline(app)
    let streamed = runOutputs.contains { $0.path == nil && ($0.kind == .tap || $0.kind == .json) }
    var destinations = CoverageReporter.Destinations(
      console: streamed ? writeToStandardError : standardOutput,
      shortfalls: writeToStandardError)
    for file in try CoverageFile.parse(outputs) {
      let write = try file.writer(verdict: verdict)
      switch file.kind {
      case .json: destinations.json = write
      case .markdown: destinations.markdown = write
      }
      if file.path == nil { destinations.console = nil }  // standard output is the file's
    }
    return CoverageReporter(
      against: baseline, destinations: destinations, minimums: try minimum.map(minimums) ?? [], verdict: verdict)
  }

  private func minimums(_ text: String) throws -> [CoverageMinimum] {
    do {
      return try CoverageMinimum.parse(text)
    } catch {
      throw ValidationError(error.description)
    }
  }

  /// The diagrams' app: the Info.plist at `path` (as `explain --plist` reads it), or every key.
  static func baseline(_ path: String?) throws -> CoverageBaseline {
    guard let path else { return .everyKey }
    do {
      let input = try PlistInput(path: path)
      do {
        let document = try input.load()
        return CoverageBaseline(keys: document.presentUsageDescriptions, kind: document.appKind, app: path)
      } catch let error as PlistLoadError {
        throw ValidationError("--coverage-app: \(input.location(of: error)): \(error.reason)")
      }
    } catch let error as ValidationError {
      throw error
    } catch {
      throw ValidationError("--coverage-app \(path): \(error)")
    }
  }
}

/// A coverage file asked for: `json=PATH`, `markdown=PATH`, or a kind alone for standard output.
struct CoverageFile: Equatable {
  enum Kind: String, CaseIterable {
    /// The whole coverage, per version and per case (docs/permsim-coverage.schema.json).
    case json
    /// A table per version, for a CI job summary.
    case markdown
  }

  var kind: Kind
  /// The file, or `nil` for standard output.
  var path: String?

  /// Parses the values of `--coverage-output` (or `coverage merge --output`): each `kind[=path]`, comma-separated or repeated.
  static func parse(_ values: [String], option: String = "--coverage-output") throws -> [CoverageFile] {
    var files: [CoverageFile] = []
    for text in values.flatMap({ $0.split(separator: ",").map(String.init) }) {
      let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard let kind = Kind(rawValue: String(parts[0])) else {
        let kinds = Kind.allCases.map(\.rawValue).joined(separator: ", ")
        throw ValidationError("\(option) \(text): unknown output \(parts[0]) (one of \(kinds), each =PATH)")
      }
      if parts.count == 2, parts[1].isEmpty { throw ValidationError("\(option) \(text): the path after = is empty") }
      let path = parts.count == 2 && parts[1] != "-" ? String(parts[1]) : nil
      if files.contains(where: { $0.kind == kind }) { throw ValidationError("\(option): \(kind) is asked for twice") }
      files.append(CoverageFile(kind: kind, path: path))
    }
    if files.count(where: { $0.path == nil }) > 1 {
      throw ValidationError("\(option): only one output can take standard output; give the others a path (kind=PATH)")
    }
    return files
  }

  /// Opens the file now and returns what writes it; a write that fails is a line in `verdict`.
  func writer(verdict: CoverageVerdict) throws -> @Sendable (String) -> Void {
    guard let path else { return { FileHandle.standardOutput.write(Data($0.utf8)) } }
    let file = try TextOutputFile(path: path)
    return { text in
      file.write(text)
      if let failure = file.failure { verdict.add("permsim: \(failure)") }
    }
  }
}
