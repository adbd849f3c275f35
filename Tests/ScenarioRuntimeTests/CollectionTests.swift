import Foundation
import PermissionModel
import ScenarioRuntime
import Testing

/// What collecting a file declares, every field as the top level registered it (the prelude packs the
/// registrations into one string, `PackedRegistrations` reads it).
@Suite("Collection")
struct CollectionTests {
  private func collect(_ source: String) throws -> ScenarioEngine.Collection {
    let harness = try ScenarioHarness(files: ["s.lua": source])
    defer { harness.remove() }
    return try ScenarioEngine(environment: harness.environment).collect(ScenarioFile(path: "s.lua", environment: harness.environment))
  }

  @Test("names, lines, tags, versions, skips, occurrences and a name that is not UTF-8 come through as registered")
  func everyField() throws {
    let collection = try collect("""
      scenario("plain", function() end)
      scenario("tagged", { tags = { "smoke", "tab\\there", "" }, ios = "13.4" }, function() end)
      scenario("matrix", { ios = { "12.0", "17.4" }, skip = "flaky" }, function() end)
      describe("group", function() pending("later") end)
      for i = 1, 2 do scenario("loop", function() end) end
      scenario("bad \\255 name", { ios = {} }, function() end)
      """)
    guard case .registered(let declared) = collection else {
      Issue.record("the file did not load: \(collection)")
      return
    }
    let expected = [
      DeclaredScenario(index: 1, name: "plain", line: 1),
      DeclaredScenario(index: 2, name: "tagged", line: 2, tags: ["smoke", "tab\there", ""], versions: .pinned(RequestedVersion(written: "13.4"))),
      DeclaredScenario(
        index: 3, name: "matrix", line: 3, versions: .matrix(["12.0", "17.4"].map(RequestedVersion.init(written:))), skipReason: "flaky"),
      DeclaredScenario(index: 4, name: "group › later", line: 4, skipReason: "pending"),
      DeclaredScenario(index: 5, name: "loop", line: 5, occurrence: 1),
      DeclaredScenario(index: 6, name: "loop", line: 5, occurrence: 2),
      DeclaredScenario(index: 7, name: "bad \u{FFFD} name", line: 6, versions: .matrix([]), rawName: Array("bad ".utf8) + [255] + Array(" name".utf8)),
    ]
    #expect(declared.count == expected.count)
    for (got, want) in zip(declared, expected) { #expect(got == want) }
  }

  @Test("a registration at an earlier line after later ones counts its occurrences from the file's start")
  func occurrencesAfterLinesGoBack() throws {
    let collection = try collect("""
      local function again(name) scenario(name, function() end) end
      again("shared")
      scenario("later", function() end)
      again("shared")
      again("other")
      """)
    guard case .registered(let declared) = collection else {
      Issue.record("the file did not load: \(collection)")
      return
    }
    #expect(declared.map(\.line) == [1, 3, 1, 1])
    #expect(declared.map(\.occurrence) == [1, 1, 2, 1])
  }

  @Test("a file that registers nothing collects as an empty list")
  func nothing() throws {
    guard case .registered(let declared) = try collect("local helper = 1") else {
      Issue.record("the file did not load")
      return
    }
    #expect(declared.isEmpty)
  }

  @Test("an engine reads and parses a file once: its case runs what was collected, after five other files and a change on disk")
  func parsedOnce() throws {
    let names = ["a", "b", "c", "d", "e", "f"]
    var files: [String: String] = [:]
    for name in names { files["\(name).lua"] = "scenario(\"x\", function() expect(1).to_be(1) end)\n" }
    let harness = try ScenarioHarness(files: files)
    defer { harness.remove() }
    let engine = try ScenarioEngine(environment: harness.environment)
    var declared: [DeclaredScenario] = []
    for name in names {
      guard case .registered(let registered) = engine.collect(try ScenarioFile(path: "\(name).lua", environment: harness.environment))
      else {
        Issue.record("\(name).lua did not load")
        return
      }
      if name == "a" { declared = registered }
    }
    // Same registration (name, line, occurrence), another body: a second read would run this one.
    try "scenario(\"x\", function() expect(1).to_be(2) end)\n".write(
      to: harness.root.appendingPathComponent("a.lua"), atomically: true, encoding: .utf8)
    let first = try #require(declared.first)
    let run = engine.run(
      first.identity, named: first.name, of: try ScenarioFile(path: "a.lua", environment: harness.environment),
      iosVersion: RequestedVersion(written: "18.0"))
    #expect(run.outcome == .passed, "\(run.outcome)")
  }
}
