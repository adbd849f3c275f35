import Testing

@testable import ScenarioRuntime

@Suite("Session seeds")
struct SessionSeedTests {
  @Test("a case's seed is the seed of its file's path and its name joined by a NUL byte, as it always was: a case draws the same numbers in every version")
  func caseSeed() {
    for (path, name) in [("a.lua", "x"), ("dir/b c.lua", ""), ("", "名字 [iOS 14]"), ("\u{0}", "\u{0}")] {
      for runSeed: UInt64 in [0, 1, 0xdead_beef, .max] {
        #expect(ScenarioSession.seed(runSeed, path: path, case: name) == ScenarioSession.seed(runSeed, path + "\u{0}" + name))
      }
    }
    #expect(ScenarioSession.seed(0, "") == Int(truncatingIfNeeded: 0xcbf2_9ce4_8422_2325 as UInt64), "FNV-1a's offset basis")
    #expect(ScenarioSession.seed(0, "a") == Int(truncatingIfNeeded: 0xaf63_dc4c_8601_ec8c as UInt64), "FNV-1a 64 of \"a\"")
  }
}
