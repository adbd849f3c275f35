import Foundation
import PermissionModel
import Testing

@testable import Diagrams

/// The transitions a world records as a case runs are the transitions the diagram draws: coverage
/// compares the two, so a request, a button, a Settings choice or an expiry that the world records
/// under another key than the diagram's would never count.
@Suite("StateTransition: what the world records is what explain draws")
struct StateTransitionTests {
  static let everyKey = Set(UsageDescriptionKey.allCases)
  static let plist = InfoPlist(
    bundleIdentifier: "com.example.maps", bundleDisplayName: "Maps",
    usageDescriptions: [.location: "Map.", .whenInUse: "Map.", .always: "Trips.", .alwaysAndWhenInUse: "Trips."],
    backgroundModes: ["location"])
  /// The first version of every layer since requests exist (iOS 8).
  static let versions = RuleLayer.all.map(\.since).filter { $0 >= OSVersion(8) }.map(\.description)

  /// A world whose app is in `origin`, reached as a user would (Settings, a request answered).
  static func world(_ version: OSVersion, at origin: RequestOrigin) throws -> (World, App, LocationManager)? {
    let world = World()
    var options = DeviceOptions()
    options.ios = version
    let phone = world.makeDevice(options)
    let app = try phone.install(plist)
    try app.launch()
    let manager = try app.makeLocationManager()
    switch origin {
    case .notDetermined: break
    case .whenInUseAlwaysUnused: try phone.settings.select("While Using the App", for: app)
    case .whenInUseAlwaysUsed:
      try manager.requestAlwaysAuthorization()
      try phone.prompt?.tap(phone.prompt?.buttons.last ?? "")
      try phone.settings.select("While Using the App", for: app)
    case .temporaryWhenInUse:
      try manager.requestWhenInUseAuthorization()
      try phone.prompt?.tap("Allow Once")
    case .always: try phone.settings.select("Always", for: app)
    case .provisionalAlways:
      try manager.requestAlwaysAuthorization()
      try phone.prompt?.tap("Allow While Using App")
    case .denied: try phone.settings.select("Never", for: app)
    case .restricted: phone.settings.setRestricted(true, for: app)
    }
    let reached = RequestOrigin(state: app.authorization.state, alwaysRequested: app.authorization.alwaysRequested)
    return reached == origin ? (world, app, manager) : nil
  }

  @Test("every request answered by every button records a transition the diagram has, and together they are all its request transitions", arguments: versions)
  func requestsMatchTheDiagram(ios: String) throws {
    let version = try OSVersion(parsing: ios)
    let rules = RuleSet.forVersion(version)
    let diagram = StateMachineDiagram(version: version, keys: Self.everyKey)
    var taken: Set<StateTransition> = []
    for origin in rules.origins {
      for call in [AuthorizationCall.requestWhenInUseAuthorization, .requestAlwaysAuthorization] where rules.calls.contains(call) {
        guard let (_, _, _) = try Self.world(version, at: origin) else { continue }
        let buttons = try Self.prompt(version, origin, call) ?? [nil]
        for button in buttons {
          guard let (world, _, manager) = try Self.world(version, at: origin) else { continue }
          switch call {
          case .requestWhenInUseAuthorization: try manager.requestWhenInUseAuthorization()
          case .requestAlwaysAuthorization: try manager.requestAlwaysAuthorization()
          case .firstUseOfLocation: break
          }
          if let button { try world.devices[0].prompt?.tap(button) }
          let recorded = try #require(world.pathsTaken.first).transitions
          for transition in recorded {
            #expect(diagram.transitions.contains(transition), "iOS \(ios): \(transition) is not in the diagram")
          }
          taken.formUnion(recorded)
        }
      }
    }
    let requests = diagram.transitions.filter { if case .request = $0.trigger { true } else { false } }
    #expect(!requests.isEmpty)
    for transition in requests {
      #expect(taken.contains(transition), "iOS \(ios): no path records \(transition)")
    }
  }

  /// The buttons of the alert `call` raises from `origin`, or nil when it raises none.
  private static func prompt(_ version: OSVersion, _ origin: RequestOrigin, _ call: AuthorizationCall) throws -> [String?]? {
    guard let (world, _, manager) = try world(version, at: origin) else { return nil }
    if call == .requestAlwaysAuthorization { try manager.requestAlwaysAuthorization() } else { try manager.requestWhenInUseAuthorization() }
    return world.devices[0].prompt.map { $0.buttons.map(Optional.some) }
  }

  @Test("Settings choices, Allow Once's expiry and a restriction record the diagram's transitions (E6, E1, E8)")
  func settingsExpiryRestriction() throws {
    let version = OSVersion(14)
    let diagram = StateMachineDiagram(version: version, keys: Self.everyKey)
    let (world, app, _) = try #require(try Self.world(version, at: .temporaryWhenInUse))
    try app.terminate()  // E1: no longer in use
    try world.devices[0].settings.select("Never", for: app)
    world.devices[0].settings.setRestricted(true, for: app)
    let recorded = try #require(world.pathsTaken.first)
    #expect(recorded.transitions.map(\.description) == [
      "ND → requestWhenInUseAuthorization → P7 “Allow Once” → WIUt (R6)", "WIUt → no longer in use → ND (E1)",
      "Settings → “Never” → DEN (E6)", "Settings → restricted → RES (E8)",
    ])
    for transition in recorded.transitions { #expect(diagram.transitions.contains(transition), "\(transition)") }
    #expect(recorded.settingsChoices == [TakenPaths.SettingsChoice(from: .notDetermined, option: .never)])
    #expect(recorded.alerts == [.P7] && recorded.buttons == [TakenPaths.AlertButton(alert: .P7, button: "Allow Once")])
    #expect(Set(recorded.rules).isSuperset(of: [.R6, .E1, .E6, .E8]), "\(recorded.rules)")
  }

  @Test("a transition codes as flat JSON and back")
  func codable() throws {
    let transition = StateTransition(
      from: .notDetermined, trigger: .request(.requestAlwaysAuthorization, alert: .P7, button: "Allow Once"),
      to: .temporaryWhenInUse, callback: .locationManagerDidChangeAuthorization, rule: .R9)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let json = String(decoding: try encoder.encode(transition), as: UTF8.self)
    #expect(json == #"{"alert":"P7","button":"Allow Once","call":"requestAlwaysAuthorization","callback":"locationManagerDidChangeAuthorization","event":"request","from":"notDetermined","rule":"R9","to":"temporaryWhenInUse"}"#)
    #expect(try JSONDecoder().decode(StateTransition.self, from: Data(json.utf8)) == transition)
    #expect(transition.description == "ND → requestAlwaysAuthorization → P7 “Allow Once” → WIUt (R9)")
  }
}
