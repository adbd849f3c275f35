import ArgumentParser
import Foundation
import Reporting

/// One output of `permsim run`: `--output kind[=path]`, or `--junit PATH`.
struct RunOutput: Equatable {
  /// What the output writes.
  enum Kind: String, CaseIterable {
    /// The summary for people (the default, on standard output).
    case console
    /// A JUnit XML report (needs a path).
    case junit
    /// TAP version 13 with YAML diagnostics.
    case tap
    /// One JSON object per run event (JSON Lines).
    case json
    /// GitHub Actions workflow commands: an `::error` annotation per failed or errored case.
    case github
  }

  var kind: Kind
  /// The file to write, or nil for standard output.
  var path: String?

  /// Parses `kind` or `kind=path` (`-` is standard output).
  init(parsing text: String) throws {
    let (name, path): (Substring, Substring?)
    if let equals = text.firstIndex(of: "=") {
      (name, path) = (text[..<equals], text[text.index(after: equals)...])
    } else {
      (name, path) = (text[...], nil)
    }
    guard let kind = Kind(rawValue: String(name)) else {
      let kinds = (Kind.allCases.map(\.rawValue) + [HTMLReportOutput.kind]).joined(separator: ", ")
      throw ValidationError("--output \(text): unknown output \(name) (one of \(kinds), each optionally =PATH)")
    }
    if let path, path.isEmpty { throw ValidationError("--output \(text): the path after = is empty") }
    self.kind = kind
    self.path = path.flatMap { $0 == "-" ? nil : String($0) }
    if kind == .junit, self.path == nil {
      throw ValidationError("--output \(text): a JUnit report needs a file, junit=PATH")
    }
  }

  /// `path` made absolute, with `.`, `..`, repeated slashes and symbolic links (of the parts that exist) resolved.
  static func resolved(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
  }

  init(_ kind: Kind, path: String? = nil) {
    self.kind = kind
    self.path = path
  }

  /// The outputs a run writes: the ones asked for, the console unless another output took standard
  /// output, and GitHub annotations under `GITHUB_ACTIONS=true`.
  ///
  /// TAP or JSON on standard output are a stream a program reads: nothing else may write there. The
  /// console and GitHub annotations may share it (GitHub reads workflow commands from the job's log).
  static func resolve(_ requested: [RunOutput], environment: [String: String]) throws -> [RunOutput] {
    var outputs = requested
    if let empty = outputs.first(where: { $0.path == "" }) {
      throw ValidationError("--\(empty.kind == .junit ? "junit" : "output \(empty.kind.rawValue)=") needs a file name, not an empty path")
    }
    let onStandardOutput = outputs.filter { $0.path == nil }
    let streams = onStandardOutput.filter { $0.kind == .tap || $0.kind == .json }
    if let stream = streams.first, onStandardOutput.count > 1 {
      let others = onStandardOutput.filter { $0 != stream }.map(\.kind.rawValue).joined(separator: ", ")
      throw ValidationError(
        "--output \(stream.kind.rawValue) writes to standard output, so \(others) cannot: give one of them a path (kind=PATH)")
    }
    // The same file spelled two ways (`out/r.xml`, `out//r.xml`, `./out/r.xml`, through a link) is one file.
    let files = outputs.map { $0.path.map(Self.resolved) }
    for (index, file) in files.enumerated() where file != nil {
      if let earlier = files[..<index].firstIndex(of: file) {
        throw ValidationError("two outputs write to the same file: \(outputs[earlier].path ?? "") and \(outputs[index].path ?? "")")
      }
    }
    if streams.isEmpty, !outputs.contains(where: { $0.kind == .console }) {
      outputs.insert(RunOutput(.console), at: 0)
    }
    if environment["GITHUB_ACTIONS"] == "true", streams.isEmpty, !outputs.contains(where: { $0.kind == .github }) {
      outputs.append(RunOutput(.github))
    }
    return outputs
  }
}

/// A text output written to a file as the run goes on (TAP, JSON lines, annotations, a console log).
///
/// The file is created (or truncated) when the output is opened, so an unwritable path is a usage
/// error before anything runs. Write errors never stop the run: the first is kept in `failure`.
final class TextOutputFile: @unchecked Sendable {
  let path: String
  private let _lock = NSLock()
  private let _handle: FileHandle
  private var _failure: String?

  init(path: String) throws {
    self.path = path
    // Opened without blocking: a FIFO that no process opens to read within a few seconds is an error.
    let descriptor = JUnitFile.openWaitingForReader(path, flags: O_CREAT | O_TRUNC, mode: 0o666)
    guard descriptor >= 0 else {
      let reason = errno == ENXIO ? "no process reads it" : String(cString: strerror(errno))
      throw ValidationError("cannot write \(path): \(reason)")
    }
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    _handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
  }

  deinit {
    try? _handle.close()
  }

  /// The first write error, if any.
  var failure: String? {
    _lock.withLock { _failure }
  }

  /// Appends `text`.
  func write(_ text: String) {
    _lock.withLock {
      guard _failure == nil else { return }
      do {
        try _handle.write(contentsOf: Data(text.utf8))
      } catch {
        _failure = "could not write \(path): \(error.localizedDescription)"
      }
    }
  }
}
