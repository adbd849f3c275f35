import Foundation
import Reporting
import ScenarioRuntime
import Testing

/// Scenario objects are views of model entities: a verdict never depends on when the collector runs (issue 10).
@Suite("Object identity and the collector")
struct ObjectIdentityTests {
  static let install = """
    local phone = device { ios = "14.0" }
    local app = phone:install { info = { NSLocationWhenInUseUsageDescription = "x" } }
    app:launch()
    """

  /// The variants of issue 10's defect: callbacks read, then the Lua object of their app collected.
  static let variants = """
    describe("after_each reads after a collection", function()
      after_each(function() collectgarbage(); expect_no_callback() end)
      scenario("reads its callback", function()
        local phone = device { ios = "14.0" }
        local app = phone:install { info = { NSLocationWhenInUseUsageDescription = "x" } }
        app:launch(); app:location_manager()
        expect_callback("locationManagerDidChangeAuthorization", { status = "notDetermined" })
      end)
    end)

    scenario("callbacks read before a collection in the body", function()
      local phone = device { ios = "14.0" }
      local app = phone:install { info = { NSLocationWhenInUseUsageDescription = "x" } }
      app:launch(); app:location_manager()
      app:expect_callback("locationManagerDidChangeAuthorization", { status = "notDetermined" })
      app = nil
      collectgarbage()
      expect_no_callback()
    end)

    scenario("a kept manager, its app dropped, then many small allocations", function()
      local manager = (function()
        local phone = device { ios = "14.0" }
        local app = phone:install { info = { NSLocationWhenInUseUsageDescription = "x" } }
        app:launch()
        return app:location_manager()
      end)()
      expect_callback("locationManagerDidChangeAuthorization", { status = "notDetermined" })
      for i = 1, 2000 do local _ = { i } end
      manager:requestWhenInUseAuthorization()
      expect_prompt():tap "Allow While Using App"
      for i = 1, 2000 do local _ = { i } end
      expect_callback("locationManagerDidChangeAuthorization", { status = "authorizedWhenInUse" })
      expect_no_callback()
    end)
    """

  @Test(
    "issue 10's scenario and its variants give one verdict, with and without a collection at every call into Swift",
    arguments: [false, true])
  func verdictsIgnoreTheCollector(gcStress: Bool) throws {
    let harness = try ScenarioHarness(files: ["v.lua": Self.variants], gcStress: gcStress)
    defer { harness.remove() }
    for round in 0..<(gcStress ? 50 : 1_000) {
      let outcomes = try harness.run("v.lua").map(\.outcome)
      #expect(outcomes == [.passed, .passed, .passed], "round \(round): \(outcomes)")
      if outcomes != [.passed, .passed, .passed] { break }
    }
  }

  @Test("the GC-stress mode collects at every call from Lua into Swift")
  func stressModeCollects() throws {
    let body = """
      local weak = setmetatable({}, { __mode = "k" })
      weak[{}] = true
      local _ = clock.now -- a call into Swift
      expect(next(weak)).to_be_nil()
      """
    let stressed = try ScenarioHarness.scenario(body, gcStress: true)
    #expect(stressed.outcome == .passed, "\(stressed.outcome)")
  }

  @Test("the same entity is the same Lua object while one is alive; a dropped one comes back with the same state")
  func identity() throws {
    let result = try ScenarioHarness.scenario(Self.install + """
      local manager = app:location_manager()
      manager:requestWhenInUseAuthorization()
      local alert = expect_prompt()
      expect(rawequal(alert, phone.prompt)).to_be(true)
      expect(rawequal(phone.settings, phone.settings)).to_be(true)
      collectgarbage()
      expect(rawequal(alert, phone.prompt)).to_be(true)
      alert = nil
      collectgarbage()
      expect(phone.prompt.title).to_contain("“App”")
      phone.prompt:tap "Allow While Using App"
      expect(phone.prompt).to_be_nil()
      """, gcStress: true)
    #expect(result.outcome == .passed, "\(result.outcome)")
  }

  @Test("an on_prompt handler survives its device's Lua object")
  func handlerOutlivesTheView() throws {
    let result = try ScenarioHarness.scenario(
      """
      local manager = (function()
        local phone = device { ios = "14.0" }
        phone:on_prompt(function(alert) alert:tap "Allow While Using App" end)
        local app = phone:install { info = { NSLocationWhenInUseUsageDescription = "x" } }
        app:launch()
        return app:location_manager()
      end)()
      collectgarbage()
      manager:requestWhenInUseAuthorization()
      expect(manager.authorizationStatus).to_be("authorizedWhenInUse")
      """, gcStress: true)
    #expect(result.outcome == .passed, "\(result.outcome)")
  }

  @Test(
    "a scenario cannot forge a failure, a crash or another file's line",
    arguments: [
      #"error({ permsim = "failure", message = "forged", where = "other.lua:99" })"#,
      #"error({ permsim = "crash", exception = "X", reason = "forged" })"#,
      #"error("other.lua:99: forged", 0)"#,
    ])
  func noForgery(statement: String) throws {
    let result = try ScenarioHarness.scenario("local x = 1\n" + statement)
    guard case .errored(let problem) = result.outcome else {
      Issue.record("expected an error, got \(result.outcome)")
      return
    }
    #expect(problem.kind == .scriptError)
    #expect(problem.location == ScriptLocation(path: "s.lua", line: 3), "\(problem)")
  }

  @Test("a real failure and a real crash keep their kind and the author's line")
  func realSignals() throws {
    let failure = try ScenarioHarness.scenario("local x = 1\nexpect(x).to_be(2)")
    guard case .failed(let problem) = failure.outcome else { Issue.record("\(failure.outcome)"); return }
    #expect(problem.kind == .expectationFailed)
    #expect(problem.location == ScriptLocation(path: "s.lua", line: 3))
    let crash = try ScenarioHarness.scenario(
      """
      local phone = device { ios = "14.0" }
      local app = phone:install { info = { NSLocationWhenInUseUsageDescription = "x" } }
      app:launch()
      local manager = app:location_manager()
      manager.allowsBackgroundLocationUpdates = true
      """)
    guard case .failed(let crashed) = crash.outcome else { Issue.record("\(crash.outcome)"); return }
    #expect(crashed.kind == .appCrashed)
    #expect(crashed.location == ScriptLocation(path: "s.lua", line: 6))
  }

  @Test("expect_crash reads a crash's fields; a caught failure re-raised stays a failure")
  func signalsInLua() throws {
    let result = try ScenarioHarness.scenario(Self.install + """
      local manager = app:location_manager()
      local crash = expect_crash(function() manager.allowsBackgroundLocationUpdates = true end, "UIBackgroundModes")
      expect(crash.exception).to_be("NSInternalInconsistencyException")
      local ok, failure = pcall(expect(1).to_be, 2)
      expect(ok).to_be(false)
      expect(tostring(failure)).to_contain("expected 1 to be 2")
      error(failure, 0)
      """)
    guard case .failed(let problem) = result.outcome else { Issue.record("\(result.outcome)"); return }
    #expect(problem.kind == .expectationFailed)
  }
}
