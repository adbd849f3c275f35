import Foundation
import PermissionModel
import ScenarioRuntime

@testable import ReplEngine

/// A line reader that plays a script, recording the prompts it was shown and the history it was given.
final class ReplScript: LineReader {
  private var _inputs: [LineReaderInput]
  /// Every prompt the REPL showed, in order.
  private(set) var prompts: [String] = []
  /// Every entry the REPL put in the history, in order.
  private(set) var remembered: [String] = []

  init(_ inputs: [LineReaderInput]) {
    _inputs = inputs
  }

  func readLine(prompt: String) -> LineReaderInput {
    prompts.append(prompt)
    return _inputs.isEmpty ? .end : _inputs.removeFirst()
  }

  func remember(_ entry: String) {
    remembered.append(entry)
  }
}

/// Runs a REPL in-process on a scripted input and keeps what it wrote.
struct ReplHarness {
  /// The standard output: results, printed lines, the transcript.
  var output = ""
  /// The standard error: errors and tracebacks.
  var errors = ""
  /// The prompts shown and the history kept.
  var script: ReplScript

  /// Plays `lines` (then the end of input) in a fresh interactive session rooted at `root`.
  init(
    _ lines: [String], root: String = FileManager.default.temporaryDirectory.path,
    limits: ScenarioEnvironment.Limits = .init(), plist: String? = nil
  ) throws {
    try self.init(inputs: lines.map { .line($0) }, root: root, limits: limits, plist: plist)
  }

  /// Plays `inputs` in a fresh interactive session rooted at `root`.
  init(
    inputs: [LineReaderInput], root: String = FileManager.default.temporaryDirectory.path,
    limits: ScenarioEnvironment.Limits = .init(), plist: String? = nil
  ) throws {
    final class Sink {
      var output = ""
      var errors = ""
    }
    let sink = Sink()
    let environment = try ScenarioEnvironment(root: root, limits: limits)
    let session = try ScenarioSession.interactive(environment: environment, iosVersion: .init(OSVersion(18)))
    script = ReplScript(inputs)
    let output = ReplOutput(write: { sink.output += $0 }, writeError: { sink.errors += $0 })
    let repl = try Repl(session: session, reader: script, output: output, catchesSIGINT: false)
    if let plist { try repl.prepare(plist: plist, locale: nil) }
    repl.run()
    self.output = sink.output
    errors = sink.errors
  }

  /// The output's lines, without the line break the REPL writes when the input ends.
  var outputLines: [String] {
    var lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    if lines.last == "" { lines.removeLast() }
    return lines
  }
}
