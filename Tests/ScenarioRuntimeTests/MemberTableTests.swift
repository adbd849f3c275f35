import PermissionModel
import Reporting
import Testing

@testable import ScenarioRuntime

/// One declarative table per bound type makes its dispatch, errors and version gating (issue 10).
@Suite("Member tables")
struct MemberTableTests {
  @Test("every CLLocationManager member the model's rule layers know has a row, introduced where the layers say")
  func managerRowsFollowTheLayers() {
    for member in ManagerMember.allCases {
      let row = LocationManager.members.member(member.rawValue)
      #expect(row != nil, "\(member) has no row")
      let expected: OSVersion? = member.introducedIn > OSVersion.oldestSupported ? member.introducedIn : nil
      #expect(row?.since == expected, "\(member)")
    }
  }

  @Test("every member written in the prelude is published by it, and nothing else is")
  func luaMethodsExist() throws {
    let harness = try ScenarioHarness(files: ["s.lua": ""])
    defer { harness.remove() }
    let engine = try ScenarioEngine(environment: harness.environment)
    func luaRows<Object>(_ table: MemberTable<Object>) -> Set<String> {
      Set(table.members.filter { if case .lua = $0.access { true } else { false } }.map(\.name))
    }
    let tables = [("Device", luaRows(Device.members)), ("App", luaRows(App.members))]
    for (type, rows) in tables {
      #expect(Set(engine.luaMethods[type]?.keys.map { $0 } ?? []) == rows, "\(type)")
    }
    #expect(Set(engine.luaMethods.keys) == ["Device", "App"])
  }

  @Test(
    "a member the device's version lacks is refused with the version that introduced it",
    arguments: [
      ("13.0", "local _ = manager.accuracyAuthorization", "accuracyAuthorization needs iOS 14.0; this device runs iOS 13.0"),
      ("8.4", "manager:requestLocation()", "requestLocation needs iOS 9.0; this device runs iOS 8.4"),
      ("10.3", "manager.showsBackgroundLocationIndicator = true", "showsBackgroundLocationIndicator needs iOS 11.0; this device runs iOS 10.3"),
      ("7.1", "manager:requestWhenInUseAuthorization()", "requestWhenInUseAuthorization needs iOS 8.0; this device runs iOS 7.1"),
    ])
  func gating(ios: String, statement: String, message: String) throws {
    let result = try ScenarioHarness.scenario(BindingTests.launched(ios) + statement)
    #expect(result.outcome.isError)
    #expect(result.outcome.headline == message, "\(result.outcome)")
  }

  @Test(
    "assignments name what is wrong",
    arguments: [
      ("app.state = 'x'", "state of App is read-only"),
      ("app.launch = 1", "cannot assign to launch: it is a method of App"),
      ("app.sate = 1", "App has no member sate (did you mean state?)"),
      ("manager.requestWhenInUseAuthorization = 1", "cannot assign to requestWhenInUseAuthorization: it is a method of CLLocationManager"),
      ("manager.pausesLocationUpdatesAutomatically = 1", "bad value for pausesLocationUpdatesAutomatically (boolean expected, got number)"),
      ("clock.now = 5", "now of Clock is read-only: move time with clock:advance(…) or clock:advance_to(…)"),
      ("app.expect_callback = 1", "cannot assign to expect_callback: it is a method of App"),
      ("app[1] = 1", "App has no member 1 (members are names)"),
    ])
  func assignments(statement: String, message: String) throws {
    let result = try ScenarioHarness.scenario(BindingTests.launched() + statement)
    #expect(result.outcome.isError)
    #expect(result.outcome.headline == message, "\(result.outcome)")
  }

  @Test("locationServicesEnabled() follows the device's Location Services switch")
  func locationServicesEnabled() throws {
    let result = try ScenarioHarness.scenario(BindingTests.launched("14.0") + """
      expect(manager:locationServicesEnabled()).to_be(true)
      phone.settings:set_location_services(false)
      expect(manager:locationServicesEnabled()).to_be(false)
      """)
    #expect(result.outcome == .passed, "\(result.outcome)")
  }

  @Test("tostring shows what an object is")
  func descriptions() throws {
    let result = try ScenarioHarness.scenario(BindingTests.launched("14.0") + """
      expect(tostring(phone)).to_be("Device(iOS 14.0)")
      expect(tostring(app)).to_be("App(Transit, foreground)")
      expect(tostring(manager)).to_be("CLLocationManager(#1, notDetermined)")
      expect(tostring(phone.settings)).to_be("Settings(iOS 14.0)")
      """)
    #expect(result.outcome == .passed, "\(result.outcome)")
  }
}
