import ArgumentParser
import LuaBridge

/// `permsim eval`: evaluates a Lua snippet in a sandboxed state and prints what it returns.
struct EvalCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "eval",
    abstract: "Evaluate a Lua snippet in a sandboxed state and print what it returns.",
    discussion: """
      The snippet is compiled as an expression first (`return <snippet>;`), then as statements, \
      as the lua REPL does. Results are printed tab-separated, converted by Lua's tostring.
      """
  )

  /// The name Lua gives the snippet in messages, as `lua -e` does.
  static let chunkName = "=(command line)"

  @Argument(help: "Lua source: an expression (1 + 1) or statements (return 1 + 1).")
  var source: String

  func run() throws {
    let state = LuaState()
    state.warningHandler = { writeToStandardError("permsim: warning: \($0)\n") }
    do throws(LuaError) {
      let results = try state.callDescribingResults(try compile(in: state))
      if !results.isEmpty { print(results.joined(separator: "\t")) }
    } catch {
      writeToStandardError("permsim: \(error)\n")
      throw ExitCode.failure
    }
  }

  /// The snippet compiled as an expression if it is one, else as statements.
  private func compile(in state: LuaState) throws(LuaError) -> LuaFunction {
    if let expression = try? state.load("return \(source);", chunkName: Self.chunkName) { return expression }
    return try state.load(source, chunkName: Self.chunkName)
  }
}
