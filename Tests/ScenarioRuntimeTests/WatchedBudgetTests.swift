#if os(Linux)
import Foundation
import Reporting
import ScenarioRuntime
import Testing

/// A case's instruction budget is watched, not counted, and a case that may have come near it runs
/// again, counted: the verdict and the transcript are the counted run's (issue 11, item 3).
///
/// A budget of 20 million instructions is watched for 2 ms (CLUA_WATCH_RATE); the loops here take far
/// longer than that on any machine (tens of ms at the 0.3–0.4 billion instructions a second measured here).
@Suite("Watched budgets")
struct WatchedBudgetTests {
  private func run(_ source: String, budget: Int = 20_000_000) throws -> (results: [ScenarioHarness.Result], topLevelRuns: Int) {
    try ScenarioHarness.file(source, limits: .init(instructions: budget))
  }

  @Test("short cases run once each, sharing their top level")
  func shortCases() throws {
    // Watched for a second (10 billion instructions), so that no load on the machine makes them run again.
    let (results, runs) = try run("""
      for i = 1, 3 do scenario("case " .. i, function() local x = 0 for j = 1, 1000 do x = x + j end expect(x).to_be(500500) end) end
      """, budget: 10_000_000_000)
    #expect(results.map(\.outcome) == [.passed, .passed, .passed])
    #expect(runs == 1)
  }

  @Test("a case that runs near its budget runs again, counted: it passes, and its transcript shows one run")
  func nearBudget() throws {
    let (results, runs) = try run("""
      scenario("long", function()
        print("start")
        local x = 0
        for j = 1, 4000000 do x = x + 1 end  -- about 12 million instructions
        print("end", x)
      end)
      scenario("short", function() print("short") end)
      """)
    #expect(results.map(\.outcome) == [.passed, .passed])
    #expect(results[0].transcript.filter { $0.hasSuffix("print: start") }.count == 1, "\(results[0].transcript)")
    #expect(results[0].transcript.contains { $0.hasSuffix("print: end\t4000000") })
    // The long case ran its top level twice (watched, then counted); the short one shared the second.
    #expect(runs == 2)
  }

  @Test("a case past its budget ends with the counted error at the loop's line")
  func pastBudget() throws {
    let (results, runs) = try run("""
      scenario("endless", function()
        local n = 0
        while true do n = n + 1 end
      end)
      """)
    guard case .errored(let problem) = results[0].outcome else {
      Issue.record("expected an error, got \(results[0].outcome)")
      return
    }
    #expect(problem.kind == .budgetExceeded)
    #expect(problem.headline == "instruction budget exceeded (20000000 instructions)")
    #expect(problem.location?.line == 3)
    #expect(runs == 2)
  }

  @Test("a top level past its budget fails to load with the counted error at the loop's line")
  func topLevelPastBudget() throws {
    let (results, _) = try run("""
      scenario("never", function() end)
      local n = 0
      while true do n = n + 1 end
      """)
    guard results.count == 1, case .errored(let problem) = results[0].outcome else {
      Issue.record("expected the file's one error, got \(results.map(\.outcome))")
      return
    }
    #expect(problem.kind == .budgetExceeded)
    #expect(problem.headline == "instruction budget exceeded (20000000 instructions)")
    #expect(problem.location?.line == 3)
  }

  @Test("a top level that runs near its budget is collected again, counted: every registration survives")
  func topLevelNearBudget() throws {
    let (results, _) = try run("""
      local x = 0
      for j = 1, 4000000 do x = x + 1 end  -- about 12 million instructions
      for i = 1, 3 do scenario("case " .. i, function() expect(x).to_be(4000000) end) end
      """, budget: 40_000_000)
    #expect(results.map(\.name) == ["case 1", "case 2", "case 3"])
    #expect(results.map(\.outcome) == [.passed, .passed, .passed])
  }

  @Test("a budget too small to watch is counted: the case runs once")
  func countedBudget() throws {
    let (results, runs) = try run("""
      scenario("endless", function() while true do end end)
      """, budget: 2_000_000)
    #expect(results.count == 1)
    if case .errored(let problem) = results[0].outcome { #expect(problem.kind == .budgetExceeded) } else { Issue.record("\(results[0].outcome)") }
    #expect(runs == 1)
  }
}
#endif
