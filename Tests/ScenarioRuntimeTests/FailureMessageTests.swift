import Reporting
import ScenarioRuntime
import Testing

/// Failures that explain themselves (issue 18, points 2 and 3): matcher hints and messages in the author's terms.
@Suite("Failure messages")
struct FailureMessageTests {
  @Test("to_be on two equal tables says they are equal and points at to_equal")
  func toBeOnTables() throws {
    let result = try ScenarioHarness.scenario(#"expect({ "a", "b" }).to_be({ "a", "b" })"#)
    #expect(
      result.outcome.headline
        == #"expected { "a", "b" } to be { "a", "b" } (they are equal tables, but not the same table: to_be compares identity; use to_equal to compare contents)"#
    )
    let different = try ScenarioHarness.scenario(#"expect({ "a" }).to_be({ "b" })"#)
    #expect(different.outcome.headline == #"expected { "a" } to be { "b" }"#, "no hint for tables that differ")
    let same = try ScenarioHarness.scenario(#"local t = {} expect(t).never.to_be(t)"#)
    #expect(same.outcome.headline == "expected {} not to be {}")
  }

  @Test("a string mismatch that is only look-alike characters says which character differs")
  func lookalikes() throws {
    let apostrophe = try ScenarioHarness.scenario(#"expect("Don't Allow").to_be("Don’t Allow")"#)
    #expect(
      apostrophe.outcome.headline
        == #"expected "Don't Allow" to be "Don’t Allow" (the strings differ only in look-alike characters: character 4 is "'" (U+0027), expected "’" (U+2019))"#
    )
    let quotes = try ScenarioHarness.scenario(#"expect('Allow "Maps"').to_equal("Allow “Maps”")"#)
    #expect(quotes.outcome.headline?.hasSuffix(#"character 7 is "\"" (U+0022), expected "“" (U+201C))"#) == true, "\(quotes.outcome)")
    let plain = try ScenarioHarness.scenario(#"expect("Allow").to_be("Deny")"#)
    #expect(plain.outcome.headline == #"expected "Allow" to be "Deny""#, "a visible difference needs no hint")
  }

  @Test("to_equal on lists points at the first differing element")
  func listDifference() throws {
    let result = try ScenarioHarness.scenario(
      #"expect({ "Allow Once", "Allow While Using App", "Don't Allow" }).to_equal({ "Allow Once", "Allow While Using App", "Don’t Allow" })"#
    )
    let headline = try #require(result.outcome.headline)
    #expect(headline.contains(#"(first difference at [3]: got "Don't Allow", expected "Don’t Allow"; the strings differ only in look-alike characters: character 4 is"#))
    let nested = try ScenarioHarness.scenario(#"expect({ a = { 1, 2 } }).to_equal({ a = { 1, 3 } })"#)
    #expect(nested.outcome.headline?.hasSuffix("(first difference at .a[2]: got 2, expected 3)") == true, "\(nested.outcome)")
    let shorter = try ScenarioHarness.scenario(#"expect({ 1 }).to_equal({ 1, 2 })"#)
    #expect(shorter.outcome.headline?.hasSuffix("(first difference at [2]: got nil, expected 2)") == true, "\(shorter.outcome)")
  }

  @Test("expect_prompt's differences carry the same hints")
  func promptHints() throws {
    let result = try ScenarioHarness.scenario(
      """
      local phone = device { ios = "17.0" }
      local app = phone:install { name = "Maps", info = { NSLocationWhenInUseUsageDescription = "x" } }
      app:launch()
      app:location_manager():requestWhenInUseAuthorization()
      phone:expect_prompt { buttons = { "Allow Once", "Allow While Using App", "Don't Allow" } }
      """)
    #expect(result.outcome.headline?.contains(#"first difference at [3]: got "Don’t Allow", expected "Don't Allow""#) == true, "\(result.outcome)")
  }

  @Test("an inline Info.plist value that a plist cannot hold is named by its path in the table")
  func inlinePlistPath() throws {
    let inArray = try ScenarioHarness.scenario(
      #"device { ios = "17.0" }:install { info = { UIBackgroundModes = { "location", print } } }"#)
    #expect(inArray.outcome.headline?.contains("bad Info.plist value at info.UIBackgroundModes[2]: a function cannot") == true, "\(inArray.outcome)")
    let inDictionary = try ScenarioHarness.scenario(
      #"device { ios = "17.0" }:install { info = { NSLocationTemporaryUsageDescriptionDictionary = { Nav = { [true] = 1 } } } }"#)
    #expect(
      inDictionary.outcome.headline?.contains("at info.NSLocationTemporaryUsageDescriptionDictionary.Nav: keys must be strings") == true,
      "\(inDictionary.outcome)")
  }

  @Test("phone.prompt:tap with no alert says that no alert is showing")
  func noAlert() throws {
    let result = try ScenarioHarness.scenario(
      """
      local phone = device { ios = "17.0" }
      phone.prompt:tap "Allow Once"
      """)
    #expect(
      result.outcome.headline
        == "no alert is showing: phone.prompt is nil until an alert shows (expect_prompt checks that one does)")
    guard case .errored(let problem) = result.outcome else { return #expect(Bool(false), "\(result.outcome)") }
    #expect(problem.location == ScriptLocation(path: "s.lua", line: 3))
  }

  @Test("a top-level require that fails is reported at the scenario file's line")
  func topLevelRequire() throws {
    let harness = try ScenarioHarness(files: [
      "missing.lua": "local helpers = require \"helpers\"\nscenario(\"x\", function() end)\n",
      "broken.lua": "\nlocal h = require \"bad\"\nscenario(\"y\", function() end)\n",
      "bad.lua": "return 1 +\n",
    ])
    defer { harness.remove() }
    let missing = try #require(try harness.run("missing.lua").first)
    guard case .errored(let notFound) = missing.outcome else { return #expect(Bool(false), "\(missing.outcome)") }
    #expect(notFound.location == ScriptLocation(path: "missing.lua", line: 1))
    #expect(notFound.headline.hasPrefix("module 'helpers' not found"))
    let broken = try #require(try harness.run("broken.lua").first)
    guard case .errored(let syntax) = broken.outcome else { return #expect(Bool(false), "\(broken.outcome)") }
    #expect(syntax.location == ScriptLocation(path: "broken.lua", line: 2))
    #expect(syntax.headline == "error loading module 'bad': bad.lua:2: unexpected symbol near <eof>")
    #expect(!"\(syntax)".contains("[permsim]"))
  }

  @Test("a loop that hits the budget suggests --instructions")
  func budget() throws {
    let result = try ScenarioHarness.scenario("while true do end", limits: .init(instructions: 100_000))
    guard case .errored(let problem) = result.outcome else { return #expect(Bool(false), "\(result.outcome)") }
    #expect(problem.kind == .budgetExceeded)
    #expect(problem.details.hasPrefix("A loop that never ends? A case that needs more raises the budget with --instructions"))
  }
}
