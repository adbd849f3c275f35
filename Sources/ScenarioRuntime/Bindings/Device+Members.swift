import LuaBridge
import PermissionModel

extension Device {
  /// A simulated iPhone as Lua sees it (`device { … }`, SCENARIO_API §3).
  static let members = MemberTable<Device>(
    "Device", "A simulated iPhone, made by `device { … }`.",
    key: { $0.entityID.rawValue }, version: { $0.ios }, describe: { "Device(iOS \($0.ios))" },
    members: [
      .property("ios", "string", "The version as the scenario wrote it.") { device, call in
        call.push(try call.session.script(of: device).iosText)
      },
      .property("prompt", "Alert?", "The system alert now showing, or nil.") { device, call in
        call.push(device.prompt.map(Alert.members.wrap))
      },
      .property("settings", "Settings", "The Settings app.") { device, call in
        call.push(Settings.members.wrap(device.settings))
      },
      .property("background_location_indicator", "boolean", "True while the blue bar / pill is shown.") {
        device, call in call.push(device.backgroundLocationIndicator)
      },
      .property(
        "transcript", "string[]", "Everything that happened, in order, each line prefixed with the virtual time."
      ) { device, call in call.push(device.transcript) },
      .method("install", [MemberParameter("options", "InstallOptions")], returns: "App", "Installs an app and returns it.") {
        device, call in try call.session.install(on: device, &call)
      },
      .method(
        "on_prompt", [MemberParameter("handler", "fun(alert: Alert)?")],
        "Answers every later alert with `handler(alert)`, which must tap a button; nil removes the handler."
      ) { device, call in
        let session = try call.session
        var script = session.script(of: device)
        script.promptHandler = try call.optionalFunction(2)
        script.lastAnsweredAlert = device.prompt?.number
        session.devices[device.entityID] = script
      },
      .method(
        "set_location", [MemberParameter("latitude", "number"), MemberParameter("longitude", "number")],
        "Moves the phone; updating managers that may receive locations get them."
      ) { device, call in
        let latitude = try call.number(2)
        let longitude = try call.number(3)
        try call.session.act(&call) { try device.setLocation(latitude: latitude, longitude: longitude) }
      },
      .method(
        "add_widget", [MemberParameter("app", "App")], since: SessionFeatures.introduction(of: .widgets),
        "The user adds one of the app's widgets that wants location (install option `widget_wants_location`; WG1)."
      ) { device, call in
        let app = try call.object(2, of: App.members.objectType)
        guard app.device.entityID == device.entityID else {
          throw LuaCallError.message("\(app.name) is installed on another device: add its widget on that device")
        }
        try call.session.act(&call) { try app.addWidget() }
      },
      .method(
        "upgrade", [MemberParameter("version", "IOSVersion")],
        "Installs a newer iOS and restarts the phone: apps are terminated and the alert showing is withdrawn; grants and Settings choices stay (UP1–UP5)."
      ) { device, call in
        let text = try call.versionText(2)
        let session = try call.session
        try session.act(&call) {
          try device.upgrade(to: try RequestedVersion(parsing: text).version)
          var script = session.script(of: device)
          script.iosText = text  // `phone.ios` reads the new version as written
          session.devices[device.entityID] = script
        }
      },
      .method("lock", "Locks the screen: the foreground app goes to the background.") { device, call in
        try call.session.act(&call) { try device.lock() }
      },
      .method("unlock", "Unlocks the screen: alerts that waited for it appear.") { device, call in
        try call.session.act(&call) { try device.unlock() }
      },
      .lua(
        "expect_prompt", [MemberParameter("fields", "AlertFields?")], returns: "Alert",
        "Asserts that an alert is showing on this phone, with these field values, and returns it."),
      .lua("expect_no_prompt", "Asserts that no alert is showing on this phone."),
    ]
  )
}
