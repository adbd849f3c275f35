import ArgumentParser
import Foundation
import PermissionModel
import ReplEngine
import ScenarioRuntime

/// `permsim repl`: a Lua REPL with the whole scenario API, bound to one model world.
struct ReplCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "repl",
    abstract: "Explore the model in a Lua REPL with the whole scenario API.",
    discussion: """
      It behaves like the lua REPL: a line is evaluated as an expression first (its values are \
      printed), else as statements; an unfinished statement reads more lines (>>); an error is \
      printed with its traceback and the REPL goes on; Ctrl-C interrupts a running chunk; Ctrl-D \
      quits. Top-level locals persist from line to line, and what happens in the model (alerts, \
      callbacks) is printed as it happens. On a terminal, lines are edited with libedit and the \
      history is kept in ~/.permsim_history. When standard input is not a terminal, lines are read \
      plainly: each prompt is printed and each line echoed after it, and there is no banner. Paths \
      are read under the current directory (or the directory of --plist when it lies outside).
      """
  )

  /// The history file under the home directory.
  static let historyFileName = ".permsim_history"

  @Option(help: "iOS version of devices made without one (default: the newest the model supports).")
  var ios: RequestedVersion?

  @Option(help: "An Info.plist: install its app on a new device as `app`, launched, with `phone` and `manager`.")
  var plist: String?

  @Option(help: "The locale of the --plist device (default: en).")
  var locale: String?

  @Option(help: "Instruction budget of each line (e.g. 50M), or 0 for none: Ctrl-C stops a line either way.")
  var instructions = "50M"

  func validate() throws {
    if let ios {
      do {
        _ = try ios.version
      } catch {
        throw ValidationError("--ios \(ios): \(error.message)")
      }
    }
    _ = try limits()
    if locale != nil && plist == nil {
      throw ValidationError("--locale sets the locale of the --plist device; without --plist, write device { locale = \"…\" }")
    }
  }

  func run() throws {
    let current = FileManager.default.currentDirectoryPath
    var root = current
    var plistPath: String?
    if let plist {
      let path = URL(fileURLWithPath: plist, relativeTo: URL(fileURLWithPath: current, isDirectory: true)).standardizedFileURL.path
      guard FileManager.default.fileExists(atPath: path) else { throw ValidationError("--plist \(plist): no such file") }
      if !path.hasPrefix(current.hasSuffix("/") ? current : current + "/") {
        root = URL(fileURLWithPath: path).deletingLastPathComponent().path
      }
      plistPath = path
    }
    let version = ios ?? RequestedVersion(.newestSupported)
    let environment: ScenarioEnvironment
    do {
      environment = try ScenarioEnvironment(root: root, limits: try limits())
    } catch {
      throw ValidationError("\(error)")
    }
    let session = try ScenarioSession.interactive(environment: environment, iosVersion: version)
    let output = ReplOutput.standard
    let isTerminal = isatty(0) == 1
    let reader: any LineReader = isTerminal
      ? ReplLineEditor(historyPath: Self.historyPath(), completions: session.completions(of:))
      : ReplPlainReader(output: output)
    let repl = try Repl(session: session, reader: reader, output: output)
    if isTerminal {
      output.write("permsim \(PermsimVersion.number) REPL (Lua 5.4, iOS \(version)) — Ctrl-D to quit\n")
    }
    if let plistPath {
      do {
        try repl.prepare(plist: plistPath, locale: locale)
      } catch {
        let place = error.location.map { "\($0): " } ?? ""
        let message = error.message.hasPrefix(place) ? error.message.dropFirst(place.count) : error.message[...]
        writeToStandardError("permsim: --plist \(plist ?? plistPath): \(message)\n")
        throw ExitCode(2)
      }
      if isTerminal { output.write("phone, app and manager are ready\n") }
    }
    repl.run()
  }

  /// The limits of the session: `--instructions` (0: none) and the default memory limit.
  private func limits() throws -> ScenarioEnvironment.Limits {
    let budget = instructions == "0" ? 0 : try RunSettings.quantity(instructions, option: "--instructions", unit: 1000)
    return ScenarioEnvironment.Limits(instructions: budget)
  }

  /// `$HOME/.permsim_history`, or nil when HOME is not set.
  static func historyPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
    guard let home = environment["HOME"], !home.isEmpty else { return nil }
    return (home.hasSuffix("/") ? home : home + "/") + historyFileName
  }
}
