import ArgumentParser
import Foundation
import Runner
import ScenarioRuntime

/// `permsim worker`: a worker process of `permsim run`, answering requests on its standard input (hidden).
struct WorkerCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "worker",
    abstract: "Run scenario cases for a permsim run that started this process (not for direct use).",
    shouldDisplay: false
  )

  @Option(help: "The run's root.")
  var root: String

  @Option(help: "Instruction budget of each case.")
  var instructions: Int

  @Option(help: "Memory limit of each case's Lua state, in bytes.")
  var memory: Int

  @Option(help: "The run's seed.")
  var seed: UInt64 = 0

  func run() throws {
    let environment = try ScenarioEnvironment(
      root: root, limits: ScenarioEnvironment.Limits(instructions: instructions, memory: memory), seed: seed)
    throw ExitCode(WorkerServer.serve(environment: environment))
  }
}
