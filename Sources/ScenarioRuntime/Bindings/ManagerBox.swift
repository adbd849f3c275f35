import LuaBridge
import PermissionModel

/// A CLLocationManager as Lua sees it: Apple's member names (SCENARIO_API §7).
final class ManagerBox {
  let manager: LocationManager
  unowned let session: ScenarioSession

  init(manager: LocationManager, session: ScenarioSession) {
    self.manager = manager
    self.session = session
  }

  static let typeName = "CLLocationManager"

  static let methods: [String: LuaObjectType<ManagerBox>.Method] = [
    ManagerMember.requestWhenInUseAuthorization.rawValue: { box, call in
      try box.session.act(&call) { try box.manager.requestWhenInUseAuthorization() }
    },
    ManagerMember.requestAlwaysAuthorization.rawValue: { box, call in
      try box.session.act(&call) { try box.manager.requestAlwaysAuthorization() }
    },
    ManagerMember.requestTemporaryFullAccuracyAuthorization.rawValue: { box, call in
      let purposeKey = try call.string(2)
      let request = try box.session.act(&call) {
        try box.manager.requestTemporaryFullAccuracyAuthorization(purposeKey: purposeKey)
      }
      call.push(RequestBox.type.wrap(box.session.requestBox(request)))
    },
    ManagerMember.startUpdatingLocation.rawValue: { box, call in
      try box.session.act(&call) { try box.manager.startUpdatingLocation() }
    },
    ManagerMember.stopUpdatingLocation.rawValue: { box, call in
      try box.session.act(&call) { try box.manager.stopUpdatingLocation() }
    },
    ManagerMember.requestLocation.rawValue: { box, call in
      try box.session.act(&call) { try box.manager.requestLocation() }
    },
    ManagerMember.startMonitoringSignificantLocationChanges.rawValue: { box, call in
      try box.session.act(&call) { try box.manager.startMonitoringSignificantLocationChanges() }
    },
    ManagerMember.stopMonitoringSignificantLocationChanges.rawValue: { box, call in
      try box.session.act(&call) { try box.manager.stopMonitoringSignificantLocationChanges() }
    },
    ManagerMember.startMonitoring.rawValue: { box, call in
      let options = try OptionTable(
        call, 2, function: "startMonitoring", valid: ["identifier", "latitude", "longitude", "radius"], optional: false)
      guard let identifier = try options.string("identifier"), let latitude = try options.number("latitude"),
        let longitude = try options.number("longitude"), let radius = try options.number("radius")
      else {
        throw LuaCallError.message(
          "startMonitoring needs { identifier = \"…\", latitude = …, longitude = …, radius = … }")
      }
      try box.session.act(&call) {
        let region = try CircularRegion(identifier: identifier, latitude: latitude, longitude: longitude, radius: radius)
        try box.manager.startMonitoring(region)
      }
    },
  ]
  static let methodNames = methods.keys.sorted()

  static let type = LuaObjectType<ManagerBox>(
    name: typeName,
    methods: methods,
    index: { box, call in
      let member = try box.member(call)
      let value: LuaValue = try box.session.act(&call) {
        switch member {
        case .authorizationStatus: .string(box.manager.authorizationStatus.rawValue)
        case .accuracyAuthorization: .string(try box.manager.accuracyAuthorization.rawValue)
        case .allowsBackgroundLocationUpdates: .boolean(try box.manager.allowsBackgroundLocationUpdates)
        case .showsBackgroundLocationIndicator: .boolean(try box.manager.showsBackgroundLocationIndicator)
        case .pausesLocationUpdatesAutomatically: .boolean(box.manager.pausesLocationUpdatesAutomatically)
        case .location: box.manager.location.map(LuaValue.init(location:)) ?? .nil
        case .requestWhenInUseAuthorization, .requestAlwaysAuthorization, .requestTemporaryFullAccuracyAuthorization,
          .startUpdatingLocation, .stopUpdatingLocation, .requestLocation, .startMonitoringSignificantLocationChanges,
          .stopMonitoringSignificantLocationChanges, .startMonitoring:
          // Methods are found before `__index` runs; reaching here means the member table and the enum disagree.
          throw LuaCallError.message("\(member.rawValue) is a method of \(typeName): call it with ':'")
        }
      }
      call.push(value)
    },
    newIndex: { box, call in
      let member = try box.member(call)
      guard member.kind == .readWrite else {
        throw Member.readOnly(member.rawValue, of: typeName, methods: ManagerBox.methodNames)
      }
      let value = try Member.boolean(call, for: member.rawValue)
      try box.session.act(&call) {
        switch member {
        case .allowsBackgroundLocationUpdates: try box.manager.setAllowsBackgroundLocationUpdates(value)  // B2 may crash
        case .showsBackgroundLocationIndicator: try box.manager.setShowsBackgroundLocationIndicator(value)
        case .pausesLocationUpdatesAutomatically: try box.manager.setPausesLocationUpdatesAutomatically(value)
        case .authorizationStatus, .accuracyAuthorization, .location, .requestWhenInUseAuthorization,
          .requestAlwaysAuthorization, .requestTemporaryFullAccuracyAuthorization, .startUpdatingLocation,
          .stopUpdatingLocation, .requestLocation, .startMonitoringSignificantLocationChanges,
          .stopMonitoringSignificantLocationChanges, .startMonitoring:
          break
        }
      }
    },
    toString: { box in "CLLocationManager(#\(box.manager.index), \(box.manager.authorizationStatus.rawValue))" }
  )

  /// The member named by argument 2, or the model's error naming the closest one.
  private func member(_ call: LuaCall) throws -> ManagerMember {
    let key = try Member.key(call, of: Self.typeName)
    do {
      return try ManagerMember(named: key)
    } catch {
      throw LuaCallError.message(error.message)
    }
  }
}

extension ScenarioSession {
  func managerBox(_ manager: LocationManager) -> ManagerBox {
    if let box = managerBoxes[manager] { return box }
    let box = ManagerBox(manager: manager, session: self)
    managerBoxes[manager] = box
    return box
  }
}
