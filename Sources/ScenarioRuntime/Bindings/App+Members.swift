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
        app, call in call.push(LuaValue.list(app.callbacks.map(LuaValue.init(callback:))))
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
