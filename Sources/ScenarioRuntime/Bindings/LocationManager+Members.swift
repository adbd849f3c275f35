import LuaBridge
import PermissionModel

extension LocationManager {
  /// A CLLocationManager as Lua sees it, with Apple's member names (SCENARIO_API §7).
  ///
  /// A member's `since` is read from the model's rule layers (``ManagerMember/introducedIn``) where
  /// the model knows the member, so the layers stay the one record of when each appeared.
  static let members = MemberTable<LocationManager>(
    "CLLocationManager",
    "A location manager; members keep Apple's names. Reading a member the device's iOS lacks is an error.",
    key: { $0.entityID.rawValue }, version: { $0.app.device.ios },
    describe: { "CLLocationManager(#\($0.index), \($0.authorizationStatus.rawValue))" },
    members: [
      .property("authorizationStatus", "AuthorizationStatus", "Read-only.") { manager, call in
        call.push(manager.authorizationStatus.rawValue)
      },
      .property(
        "isAuthorizedForWidgetUpdates", "boolean", since: SessionFeatures.introduction(of: .widgets),
        "Read-only: whether the app's widgets may use location (WG1)."
      ) { manager, call in call.push(manager.app.isAuthorizedForWidgetUpdates) },
      .property("accuracyAuthorization", "AccuracyAuthorization", since: since(.accuracyAuthorization), "Read-only.") {
        manager, call in call.push(try call.session.act(&call) { try manager.accuracyAuthorization.rawValue })
      },
      .property(
        "allowsBackgroundLocationUpdates", "boolean", since: since(.allowsBackgroundLocationUpdates),
        "Setting true without UIBackgroundModes location crashes the app (B2).",
        get: { manager, call in call.push(try call.session.act(&call) { try manager.allowsBackgroundLocationUpdates }) },
        set: { manager, call in
          let value = try boolean(call, for: "allowsBackgroundLocationUpdates")
          try call.session.act(&call) { try manager.setAllowsBackgroundLocationUpdates(value) }
        }),
      .property(
        "showsBackgroundLocationIndicator", "boolean", since: since(.showsBackgroundLocationIndicator),
        "Whether background updates show the blue bar / pill (B3).",
        get: { manager, call in call.push(try call.session.act(&call) { try manager.showsBackgroundLocationIndicator }) },
        set: { manager, call in
          let value = try boolean(call, for: "showsBackgroundLocationIndicator")
          try call.session.act(&call) { try manager.setShowsBackgroundLocationIndicator(value) }
        }),
      .property(
        "pausesLocationUpdatesAutomatically", "boolean", "Default true (U3).",
        get: { manager, call in call.push(manager.pausesLocationUpdatesAutomatically) },
        set: { manager, call in
          let value = try boolean(call, for: "pausesLocationUpdatesAutomatically")
          try call.session.act(&call) { try manager.setPausesLocationUpdatesAutomatically(value) }
        }),
      .property("location", "Location?", "Read-only: the last delivered location.") { manager, call in
        call.push(manager.location.map(LuaValue.init(location:)))
      },
      .method("requestWhenInUseAuthorization", since: since(.requestWhenInUseAuthorization), "Asks for When In Use.") {
        manager, call in try call.session.act(&call) { try manager.requestWhenInUseAuthorization() }
      },
      .method("requestAlwaysAuthorization", since: since(.requestAlwaysAuthorization), "Asks for Always.") {
        manager, call in try call.session.act(&call) { try manager.requestAlwaysAuthorization() }
      },
      .method(
        "requestTemporaryFullAccuracyAuthorization",
        [MemberParameter("purposeKey", "string", "A key of NSLocationTemporaryUsageDescriptionDictionary.")],
        returns: "TemporaryFullAccuracyRequest", since: since(.requestTemporaryFullAccuracyAuthorization),
        "Asks for precise location once; the request's `done` and `error` tell how it ended."
      ) { manager, call in
        let purposeKey = try call.modelString(2)
        let request = try call.session.act(&call) {
          try manager.requestTemporaryFullAccuracyAuthorization(purposeKey: purposeKey)
        }
        call.push(TemporaryFullAccuracyRequest.members.wrap(request))
      },
      .method(
        "locationServicesEnabled", returns: "boolean",
        "Apple's class method: whether Location Services is on for the device (Settings › Privacy)."
      ) { manager, call in call.push(manager.app.device.locationServicesEnabled) },
      .method("startUpdatingLocation", "Starts location updates (U1).") { manager, call in
        try call.session.act(&call) { try manager.startUpdatingLocation() }
      },
      .method("stopUpdatingLocation", "Stops location updates.") { manager, call in
        try call.session.act(&call) { try manager.stopUpdatingLocation() }
      },
      .method("requestLocation", since: since(.requestLocation), "One location, or an error.") { manager, call in
        try call.session.act(&call) { try manager.requestLocation() }
      },
      .method("startMonitoringSignificantLocationChanges", "Starts significant-change monitoring (U4).") {
        manager, call in try call.session.act(&call) { try manager.startMonitoringSignificantLocationChanges() }
      },
      .method("stopMonitoringSignificantLocationChanges", "Stops significant-change monitoring.") { manager, call in
        try call.session.act(&call) { try manager.stopMonitoringSignificantLocationChanges() }
      },
      .method("startMonitoring", [MemberParameter("region", "Region")], "Starts monitoring a circular region (U4).") {
        manager, call in
        let options = try OptionTable(
          call, 2, function: "startMonitoring", valid: ["identifier", "latitude", "longitude", "radius"], optional: false)
        guard let identifier = try options.string("identifier"), let latitude = try options.number("latitude"),
          let longitude = try options.number("longitude"), let radius = try options.number("radius")
        else {
          throw LuaCallError.message("startMonitoring needs { identifier = \"…\", latitude = …, longitude = …, radius = … }")
        }
        try call.session.act(&call) {
          let region = try CircularRegion(identifier: identifier, latitude: latitude, longitude: longitude, radius: radius)
          try manager.startMonitoring(region)
        }
      },
    ]
  )

  /// The version whose rule layer introduced `member`, or nil when every supported version has it.
  private static func since(_ member: ManagerMember) -> OSVersion? {
    member.introducedIn > OSVersion.oldestSupported ? member.introducedIn : nil
  }
}

/// A new value for a Boolean member (argument 3 of `__newindex`).
func boolean(_ call: LuaCall, for key: String) throws -> Bool {
  guard call.type(3) == .boolean else {
    throw LuaCallError.message("bad value for \(key) (boolean expected, got \(call.typeName(3)))")
  }
  return call.boolean(3)
}
