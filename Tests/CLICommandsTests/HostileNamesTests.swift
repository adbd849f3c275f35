import PermissionModel
import Runner
import ScenarioRuntime
import Testing

/// Names a scenario file chooses to collide with the ones the planner makes for duplicates.
@Suite("Hostile names")
struct HostileNamesTests {
  private func plan(_ names: [String]) -> [String] {
    let declared = names.enumerated().map { offset, name in
      DeclaredScenario(index: offset + 1, name: name, line: offset + 1, tags: [], versions: .unpinned, skipReason: nil)
    }
    return Planner(options: .init(defaultVersion: .init(OSVersion(18)))).plan([.scenarios(declared)]).suites.flatMap { $0.cases.map(\.name) }
  }

  @Test("a duplicate's number skips the names the file already has, so every case keeps a name of its own")
  func numberedDuplicates() {
    #expect(plan(["dup", "dup", "dup", "dup #2"]) == ["dup", "dup #3", "dup #4", "dup #2"])
    #expect(plan(["x #2", "x", "x", "x #2"]) == ["x #2", "x", "x #3", "x #2 #2"])
    #expect(plan(["same", "same", "other", "same"]) == ["same", "same #2", "other", "same #3"])
  }
}
