import Foundation
import ScenarioRuntime
import Testing

@testable import CLICommands

/// The LuaLS definitions of the objects come from their member tables, so the two cannot drift (issue 10).
@Suite("Definitions from the member tables")
struct DefinitionsCommandTests {
  static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Examples/types/permsim.lua")

  @Test("Examples/types/permsim.lua holds what the member tables make (regenerate: permsim definitions --update FILE)")
  func fileIsGenerated() throws {
    let text = try String(contentsOf: Self.file, encoding: .utf8)
    let part = try #require(DefinitionsCommand.generatedPart(of: text), "no BEGIN/END GENERATED lines")
    #expect(part == ScenarioAPI.luaDefinitions())
  }

  @Test("splicing replaces only the generated part, and splicing twice changes nothing more")
  func splice() throws {
    let text = "head\n\(DefinitionsCommand.begin)\nold\n\(DefinitionsCommand.end)\ntail\n"
    let once = try #require(DefinitionsCommand.splice("new\n", into: text))
    #expect(once == "head\n\(DefinitionsCommand.begin)\n\nnew\n\n\(DefinitionsCommand.end)\ntail\n")
    #expect(DefinitionsCommand.splice("new\n", into: once) == once)
    #expect(DefinitionsCommand.generatedPart(of: once) == "new\n")
    #expect(DefinitionsCommand.splice("x", into: "no markers") == nil)
  }

  @Test("every bound type is declared once, with every member of its table")
  func everyMember() throws {
    let definitions = ScenarioAPI.luaDefinitions()
    for type in ScenarioAPI.typeNames {
      #expect(definitions.components(separatedBy: "---@class \(type)\n").count == 2, "\(type)")
      for member in ScenarioAPI.memberNames(of: type) ?? [] {
        let declared = definitions.contains("---@field \(member) ") || definitions.contains("function \(type):\(member)(")
        #expect(declared, "\(type).\(member)")
      }
    }
  }
}
