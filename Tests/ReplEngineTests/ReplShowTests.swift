import Foundation
import ScenarioRuntime
import Testing

@testable import ReplEngine

/// How the REPL prints values (repl_show.lua) and what `help` prints (issue 18, point 5).
@Suite("REPL: values as Lua, and help")
struct ReplShowTests {
  @Test("a list prints on one line, as Lua source")
  func list() throws {
    let repl = try ReplHarness([#"{ "Allow Once", "Allow While Using App", "Don’t Allow" }"#])
    #expect(repl.outputLines.last == #"{ "Allow Once", "Allow While Using App", "Don’t Allow" }"#)
  }

  @Test("nested tables: sequence first, then sorted keys; keys that are not names in brackets; strings escaped")
  func nested() throws {
    let repl = try ReplHarness([#"{ 3, { 4 }, z = 1, a = "q\"\n", ["two words"] = false, [10] = 1.5, ["end"] = 0 }"#])
    #expect(repl.outputLines.last == #"{ 3, { 4 }, [10] = 1.5, a = "q\"\n", ["end"] = 0, ["two words"] = false, z = 1 }"#)
  }

  @Test("bounded: depth, entries per table, cycles; long tables break over indented lines")
  func bounded() throws {
    let deep = try ReplHarness(["{ { { { { { { 1 } } } } } } }"])
    #expect(deep.outputLines.last == "{ { { { { {…} } } } } }")
    let many = try ReplHarness(["local t = {} for i = 1, 150 do t[i] = i end return t"])
    #expect(many.output.contains("  100,\n  … (50 more)\n}"), "\(many.output)")
    let cycle = try ReplHarness(["local t = { 1 } t.self = t return t"])
    #expect(cycle.outputLines.last == "{ 1, self = <cycle> }")
    let long = try ReplHarness([#"{ first = string.rep("a", 40), second = string.rep("b", 40) }"#])
    #expect(long.outputLines.suffix(4) == ["{", "  first = \"\(String(repeating: "a", count: 40))\",", "  second = \"\(String(repeating: "b", count: 40))\"", "}"])
  }

  @Test("top-level strings print as they are; several values are tab-separated; objects print as their tostring")
  func scalars() throws {
    let repl = try ReplHarness([#""plain", 1, nil, 2.0"#, #"device { ios = "17.0" }"#], plist: nil)
    #expect(repl.outputLines.contains("plain\t1\tnil\t2.0"))
    #expect(repl.outputLines.last?.hasPrefix("Device(") == true || repl.outputLines.last?.contains("Device") == true, "\(repl.output)")
  }

  @Test("help and .help list every object's members, one line each, from the member tables")
  func help() throws {
    let repl = try ReplHarness(["help", ".help clock", "help Nope"])
    for type in ScenarioAPI.typeNames {
      #expect(repl.output.contains("\n\(type) — ") || repl.output.hasPrefix("\(type) — "), "\(type)")
      for member in ScenarioAPI.memberNames(of: type) ?? [] {
        #expect(repl.output.contains("  \(type).\(member) ") || repl.output.contains("  \(type):\(member)("), "\(type).\(member)")
      }
    }
    #expect(repl.output.contains("Clock — "))
    #expect(repl.output.contains("no object is called Nope; the objects are Device, App"))
  }

  @Test("help Device lists phone:upgrade with what it keeps (UP1–UP5), and the REPL's phone can upgrade")
  func upgradeHelp() throws {
    let repl = try ReplHarness(["help Device", #"local p = device { ios = "13.0" }; p:upgrade "14.0"; print(p.ios)"#])
    #expect(repl.output.contains("  Device:upgrade(version) "), "\(repl.output)")
    #expect(repl.output.contains("grants and Settings choices stay (UP1–UP5)"))
    #expect(repl.outputLines.contains("14.0"), "\(repl.output)")
  }

  @Test("help is Lua's own when the session has a global of that name")
  func helpGlobal() throws {
    let repl = try ReplHarness(["help = 42", "help"])
    #expect(repl.outputLines.last == "42")
  }
}
