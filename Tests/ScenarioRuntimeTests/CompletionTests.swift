import Foundation
import LuaBridge
import PermissionModel
import ScenarioRuntime
import Testing

/// What Tab completes in the REPL comes from the member tables (issue 10).
@Suite("REPL completion")
struct CompletionTests {
  private func session() throws -> ScenarioSession {
    let environment = try ScenarioEnvironment(root: FileManager.default.temporaryDirectory.path)
    let session = try ScenarioSession.interactive(environment: environment, iosVersion: .init(OSVersion(18)))
    let setup = try session.luaState.load(
      """
      phone = device { ios = "14.0" }
      app = phone:install { info = { NSLocationWhenInUseUsageDescription = "x" } }
      app:launch()
      manager = app:location_manager()
      number = 5
      """, chunkName: "=setup")
    _ = try session.evaluate(setup)
    return session
  }

  @Test("after object: the methods of its type; after object. every member")
  func members() throws {
    let session = try session()
    #expect(
      session.completions(of: "manager:requestW") == ["manager:requestWhenInUseAuthorization"])
    #expect(session.completions(of: "x = app:expect_c") == ["app:expect_callback", "app:expect_console"])
    #expect(session.completions(of: "phone.b") == ["phone.background_location_indicator"])
    #expect(session.completions(of: "manager:auth").isEmpty, "authorizationStatus is a property, not a method")
    #expect(session.completions(of: "manager.auth") == ["manager.authorizationStatus"])
    #expect(session.completions(of: "clock:adv") == ["clock:advance", "clock:advance_to"])
  }

  @Test("a bare word completes global names; other values complete nothing")
  func globals() throws {
    let session = try session()
    #expect(session.completions(of: "man") == ["manager"])
    #expect(session.completions(of: "expect_no_") == ["expect_no_callback", "expect_no_prompt"])
    #expect(session.completions(of: "number.x").isEmpty)
    #expect(session.completions(of: "missing:x").isEmpty)
  }
}
