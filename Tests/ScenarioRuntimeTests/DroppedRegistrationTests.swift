import Foundation
import Reporting
import ScenarioRuntime
import Testing

/// Issue 11, item 6: nothing a file registers is dropped silently.
@Suite("Nothing dropped silently")
struct DroppedRegistrationTests {
  private func run(_ source: String) throws -> [ScenarioHarness.Result] {
    let harness = try ScenarioHarness(files: ["s.lua": source])
    defer { harness.remove() }
    return try harness.run("s.lua", ios: "14.0")
  }

  @Test("a scenario() that fails under pcall is an error case, and every later registration survives it", arguments: [
    ("pcall(scenario, 'bad', { tagz = {} }, function() end)", "bad", "unknown scenario option 'tagz' (did you mean tags?)"),
    ("pcall(scenario, 'bad', { tags = 'x' }, function() end)", "bad", "bad option 'tags' to 'scenario'"),
    ("pcall(scenario, 'bad', { skip = 1 }, function() end)", "bad", "bad option 'skip' to 'scenario'"),
    ("pcall(scenario, 42, function() end)", "(scenario() failed)", "bad argument #1 to 'scenario' (string expected, got number)"),
    ("pcall(scenario, 'bad')", "bad", "bad argument #2 to 'scenario' (function expected, got no value)"),
    ("pcall(pending, 42)", "(pending() failed)", "bad argument #1 to 'pending'"),
    ("pcall(before_each, 42)", "(before_each() failed)", "bad argument #1 to 'before_each'"),
    ("pcall(describe, 'group')", "group", "bad argument #2 to 'describe'"),
  ])
  func failedRegistration(call: String, name: String, message: String) throws {
    let results = try run("scenario('first', function() end)\n\(call)\nscenario('later', function() end)\n")
    #expect(results.map(\.name) == ["first", name, "later"])
    guard results.count == 3, case .errored(let problem) = results[1].outcome else {
      Issue.record("\(results.map(\.outcome))")
      return
    }
    #expect(problem.headline.contains(message), "\(problem.headline)")
    #expect(problem.location == ScriptLocation(path: "s.lua", line: 2))
    #expect(results[0].outcome == .passed && results[2].outcome == .passed)
  }

  @Test("a describe that fails under pcall leaves no nesting and no before_each behind")
  func failedDescribe() throws {
    let results = try run("""
      pcall(describe, "broken", function()
        before_each(function() error("the broken group's hook ran") end)
        scenario("inside", function() end)
        error("the body broke")
      end)
      scenario("outside", function() end)
      """)
    #expect(results.map(\.name) == ["broken › inside", "broken", "outside"])
    #expect(results.first?.outcome.headline == "the broken group's hook ran")
    #expect(results.dropFirst().first?.outcome.headline == "the body broke")
    #expect(results.last?.outcome == .passed)
  }

  @Test("an error inside nested describes is one error case, at the innermost describe")
  func nestedFailure() throws {
    let results = try run("""
      pcall(describe, "outer", function()
        describe("inner", function() error("deep") end)
      end)
      scenario("after", function() end)
      """)
    #expect(results.map(\.name) == ["outer › inner", "after"])
  }

  @Test("a file that starts with a UTF-8 byte order mark or a # line loads, its lines numbered as written", arguments: [
    "\u{FEFF}", "#!/usr/bin/env permsim run\n", "\u{FEFF}#!/usr/bin/env lua\n", "# a comment line\n",
  ])
  func byteOrderMarkAndShebang(first: String) throws {
    let results = try run(first + "scenario('s', function()\nerror('here')\nend)\n")
    let line = first.hasSuffix("\n") ? 3 : 2
    guard case .errored(let problem) = results.first?.outcome else {
      Issue.record("\(results.map(\.outcome))")
      return
    }
    #expect(problem.headline == "here")
    #expect(problem.location == ScriptLocation(path: "s.lua", line: line))
  }

  @Test("a module that starts with a byte order mark or a # line is required")
  func moduleBOM() throws {
    let result = try ScenarioHarness.scenario(
      "expect(require('helper')).to_be(7)", files: ["helper.lua": "\u{FEFF}#!/bin/false\nreturn 7\n"])
    #expect(result.outcome == .passed, "\(result.outcome)")
  }

  @Test("a NUL byte in a plist path or a module name is refused, not cut", arguments: [
    ("device {}:install { plist = 'Info.plist\\0.txt' }", "NUL"),
    ("require('helper\\0.x')", "bad module name"),
  ])
  func nulInPath(code: String, words: String) throws {
    let result = try ScenarioHarness.scenario(code, files: ["Info.plist": "<plist/>", "helper.lua": "return 1"])
    #expect(result.outcome.isError, "\(result.outcome)")
    #expect(result.outcome.headline?.contains(words) == true, "\(result.outcome)")
  }
}
