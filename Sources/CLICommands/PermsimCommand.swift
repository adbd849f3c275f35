import ArgumentParser
import Runner

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `permsim` command line: scenario runs against a model of iOS location authorization.
public struct PermsimCommand: ParsableCommand {
  /// The command's name, abstract, version and subcommands.
  public static let configuration = CommandConfiguration(
    commandName: "permsim",
    abstract: "Run Lua scenarios against a model of iOS location authorization.",
    version: PermsimVersion.text,
    subcommands: [
      RunCommand.self, ReplCommand.self, LintCommand.self, ExplainCommand.self, EvalCommand.self, InitCommand.self,
      DefinitionsCommand.self, CoverageCommand.self, PreviewCommand.self,
    ]
  )

  /// Creates the command (ArgumentParser fills it in).
  public init() {}

  /// Runs the command line `arguments` as the `permsim` executable does: as ``exitStatus(running:)``,
  /// except that `permsim run` starts its first worker process before it parses its options
  /// (``WorkerPrestart``), and ends it, reaped, when no run took it.
  public static func executableStatus(running arguments: [String]) -> Int32 {
    StandardStreams.openClosed()
    guard arguments.first == RunCommand.name, let executable = RunSettings.executable else {
      return exitStatus(running: arguments)
    }
    // The run's signals are watched before anything else happens: a SIGTERM in its first
    // milliseconds still ends it with a report (of no case), as a later one does. Blocked first, so
    // that one coming before the watch is set up waits for it rather than being lost.
    SignalWatcher.blockStopSignals()
    let stop = StopFlag()
    return SignalWatcher.whileWatching(stop) {
      RunCommand.processStop = stop
      WorkerPrestart.begin(executable: executable)
      defer { WorkerPrestart.end() }
      return exitStatus(running: arguments)
    }
  }

  /// Runs the command line `arguments` (without the program name) and returns the exit status.
  ///
  /// 0: success (help and version included); 1: failures or errors; 2: a usage error.
  public static func exitStatus(running arguments: [String]) -> Int32 {
    // A worker of `permsim run` takes no options (its settings come on its standard input, see
    // WorkerSettings), so it skips argument parsing, which would cost a third of its start.
    if arguments == [WorkerLaunch.mode] { return WorkerServer.serve() }
    do {
      var command = try parsedRun(arguments) ?? parseAsRoot(arguments)
      try command.run()
      return 0
    } catch {
      let code = exitCode(for: error)
      let message = fullMessage(for: error)
      if code == .success {
        if !message.isEmpty { print(message) }
        return 0
      }
      if !message.isEmpty { writeToStandardError(message + "\n") }
      return code == .validationFailure ? 2 : code.rawValue
    }
  }
}

extension PermsimCommand {
  /// `permsim run`'s options parsed with `run` as the root, or nil when they do not parse: parsing with
  /// `permsim` as the root reflects every subcommand (an eighth of a run of one small file, in the
  /// runner's instructions), while help, `--version`, a completion script and every error take the
  /// root's path, which words them as `permsim run`. (`parseAsRoot`, not `parse`: the wrapper type
  /// `parse` instantiates trips valgrind's memcheck inside the Swift runtime.)
  private static func parsedRun(_ arguments: [String]) -> RunCommand? {
    guard arguments.first == RunCommand.name else { return nil }
    return (try? RunCommand.parseAsRoot(Array(arguments.dropFirst()))) as? RunCommand
  }
}

/// Writes `text` to the standard error stream (unbuffered).
func writeToStandardError(_ text: String) {
  var text = text
  text.withUTF8 { bytes in
    var written = 0
    while written < bytes.count {
      let result = write(2, bytes.baseAddress.map { $0 + written }, bytes.count - written)
      guard result > 0 else { return }
      written += result
    }
  }
}
