import ArgumentParser
import Foundation
import ScenarioRuntime

/// `permsim definitions`: the LuaLS annotations of the bound types, from their member tables (hidden: a maintainer's tool).
struct DefinitionsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "definitions",
    abstract: "Print the LuaLS annotations (or the Markdown reference) of the scenario API's objects, made from their member tables.",
    shouldDisplay: false
  )

  /// The lines that enclose the generated part of a definitions file.
  static let begin = "-- BEGIN GENERATED: the objects, from their member tables (permsim definitions --update FILE)"
  static let end = "-- END GENERATED"

  /// What `definitions` prints.
  enum Format: String, CaseIterable, ExpressibleByArgument {
    /// LuaLS annotations (Examples/types/permsim.lua).
    case luals
    /// The API reference in Markdown (docs/api.md).
    case markdown
  }

  @Option(help: "Replace the generated part of this file (between its BEGIN/END GENERATED lines) instead of printing.")
  var update: String?

  @Option(help: "luals: LuaLS annotations; markdown: the API reference (docs/api.md).")
  var format: Format = .luals

  func run() throws {
    if format == .markdown {
      guard update == nil else { throw ValidationError("--update splices LuaLS annotations; write the Markdown with > docs/api.md") }
      print(ScenarioAPI.markdownReference(), terminator: "")
      return
    }
    let generated = ScenarioAPI.luaDefinitions()
    guard let update else {
      print(generated, terminator: "")
      return
    }
    let text = try String(contentsOfFile: update, encoding: .utf8)
    guard let spliced = Self.splice(generated, into: text) else {
      throw ValidationError("\(update) has no '\(Self.begin)' … '\(Self.end)' lines")
    }
    try spliced.write(toFile: update, atomically: true, encoding: .utf8)
  }

  /// `text` with its generated part replaced by `generated`, or nil when it has none.
  static func splice(_ generated: String, into text: String) -> String? {
    guard let start = text.range(of: begin + "\n"), let stop = text.range(of: end, range: start.upperBound..<text.endIndex)
    else { return nil }
    return String(text[..<start.upperBound]) + "\n" + generated + "\n" + String(text[stop.lowerBound...])
  }

  /// The generated part of `text`, as ``splice(_:into:)`` writes it, or nil.
  static func generatedPart(of text: String) -> String? {
    guard let start = text.range(of: begin + "\n\n"), let stop = text.range(of: "\n" + end, range: start.upperBound..<text.endIndex)
    else { return nil }
    return String(text[start.upperBound..<stop.lowerBound])
  }
}
