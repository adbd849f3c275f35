import LuaBridge
import PermissionModel

extension App {
  /// An installed app as Lua sees it (`phone:install { … }`, SCENARIO_API §4).
  static let members = MemberTable<App>(
    "App", "An installed app, returned by `phone:install { … }`.",
    key: { $0.entityID.rawValue }, version: { $0.device.ios }, describe: { "App(\($0.name), \($0.state.rawValue))" },
    members: [
      .property("state", "AppState", "notRunning, foreground, background or suspended.") { app, call in
        call.push(app.state.rawValue)
      },
      .property("callbacks", "Callback[]", "Every callback delivered to the app's managers so far, oldest first.") {
        app, call in call.push(app.callbacks.map(LuaFields.init(callback:)))
      },
      .property("console", "string[]", "The lines the system logged for the app.") { app, call in call.push(app.console) },
      .property("crash", "Crash?", "nil, or how the app crashed.") { app, call in
        call.push(app.crash.map(LuaValue.init(crash:)))
      },
      .property("name", "string", "The name shown in alert titles.") { app, call in call.push(app.name) },
      .property("bundle_id", "string", "The bundle identifier.") { app, call in call.push(app.bundleID) },
      .method("launch", "Launches the app into the foreground (it must not be running).") { app, call in
        try call.session.act(&call) { try app.launch() }
      },
      .method("background", "Sends the app from the foreground to the background.") { app, call in
        try call.session.act(&call) { try app.background() }
      },
      .method("foreground", "Brings the app back to the foreground.") { app, call in
        try call.session.act(&call) { try app.foreground() }
      },
      .method("terminate", "Terminates the app: its managers are gone.") { app, call in
        try call.session.act(&call) { try app.terminate() }
      },
      .method(
        "location_manager", returns: "CLLocationManager",
        "Creates a CLLocationManager with the app as its delegate (the app must be running)."
      ) { app, call in
        let manager = try call.session.act(&call) { try app.makeLocationManager() }
        call.push(LocationManager.members.wrap(manager))
      },
      .method(
        "location_button", returns: "CLLocationButton", since: SessionFeatures.introduction(of: .locationButton),
        "The app's CLLocationButton (the app must be running); `button:tap()` is the user's tap (LB1–LB6)."
      ) { app, call in
        let button = try call.session.act(&call) { try app.locationButton() }
        call.push(LocationButton.members.wrap(button))
      },
      .method(
        "live_updates", [MemberParameter("configuration", "LiveConfiguration?")], returns: "CLLocationUpdateStream",
        since: SessionFeatures.introduction(of: .liveUpdatesAndMonitors),
        "Starts iterating CLLocationUpdate.liveUpdates; updates arrive as `liveUpdate` callbacks (LU1)."
      ) { app, call in
        var configuration = LiveUpdateMachine.Configuration.default
        if let name = try call.optionalString(2) {
          switch NamedChoice.parse(name, as: LiveUpdateMachine.Configuration.self, noun: "live-update configuration", plural: "configurations") {
          case .success(let parsed): configuration = parsed
          case .failure(let error): throw LuaCallError.argument(2, error.message)
          }
        }
        let stream = try call.session.act(&call) { try app.liveUpdates(configuration) }
        call.push(LiveUpdateStream.members.wrap(stream))
      },
      .method(
        "monitor", [MemberParameter("name", "string")], returns: "CLMonitor",
        since: SessionFeatures.introduction(of: .liveUpdatesAndMonitors),
        "Opens the CLMonitor of that name; its events arrive as `monitorEvent` callbacks (MN1)."
      ) { app, call in
        let name = try call.modelString(2)
        let monitor = try call.session.act(&call) { try app.monitor(named: name) }
        call.push(Monitor.members.wrap(monitor))
      },
      .method(
        "background_activity_session", returns: "CLBackgroundActivitySession",
        since: SessionFeatures.introduction(of: .liveUpdatesAndMonitors),
        "Creates a CLBackgroundActivitySession (BA1)."
      ) { app, call in
        let session = try call.session.act(&call) { try app.backgroundActivitySession() }
        call.push(BackgroundActivitySession.members.wrap(session))
      },
      .method(
        "service_session", [MemberParameter("options", "ServiceSessionOptions")], returns: "CLServiceSession",
        since: SessionFeatures.introduction(of: .serviceSessions),
        "Creates a CLServiceSession `{ authorization = \"none\"|\"whenInUse\"|\"always\", full_accuracy_purpose_key = … }` (SS0)."
      ) { app, call in
        let options = try OptionTable(
          call, 2, function: "service_session", valid: ["authorization", "full_accuracy_purpose_key"], optional: false)
        guard let text = try options.string("authorization") else {
          throw LuaCallError.message("service_session needs { authorization = \"none\" | \"whenInUse\" | \"always\" }")
        }
        let requirement: ServiceSessionMachine.Requirement
        switch NamedChoice.parse(text, as: ServiceSessionMachine.Requirement.self, noun: "requirement", plural: "requirements") {
        case .success(let parsed): requirement = parsed
        case .failure(let error): throw LuaCallError.message("bad option 'authorization' to 'service_session': " + error.message)
        }
        let key = try options.string("full_accuracy_purpose_key")
        let session = try call.session.act(&call) { try app.serviceSession(requirement, fullAccuracyPurposeKey: key) }
        call.push(ServiceSession.members.wrap(session))
      },
      .method(
        "fetch_current_wifi_ssid", returns: "string?", "The SSID as `NEHotspotNetwork.fetchCurrent` would give it, or nil."
      ) { app, call in call.push(app.fetchCurrentWiFiSSID()) },
      .lua(
        "expect_callback", [MemberParameter("name", "DelegateMethod"), MemberParameter("fields", "CallbackFields?")],
        returns: "Callback",
        "Asserts that this app's next unread callback has this name and these field values; returns it."),
      .lua("expect_no_callback", "Asserts that every callback delivered to this app has been read."),
      .lua(
        "expect_console", [MemberParameter("pattern", "string")], returns: "string",
        "Asserts that this app's console has a line matching the Lua pattern; returns the line."),
    ]
  )
}
