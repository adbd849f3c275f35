import LuaBridge
import PermissionModel

extension Settings {
  /// The Settings app of one device as Lua sees it (`phone.settings`, SCENARIO_API §9).
  static let members = MemberTable<Settings>(
    "Settings", "The Settings app of one phone.",
    key: { $0.deviceID.rawValue }, version: { $0.owner.ios }, describe: { "Settings(iOS \($0.owner.ios))" },
    members: [
      .method(
        "options", [MemberParameter("app", "App")], returns: "SettingsLabel[]",
        "The choices the app's page lists, as iOS labels them (S1)."
      ) { settings, call in call.push(settings.options(for: try app(call, on: settings))) },
      .method("get", [MemberParameter("app", "App")], returns: "SettingsLabel?", "The label now selected, or nil when none is.") {
        settings, call in call.push(settings.selection(for: try app(call, on: settings)))
      },
      .method(
        "set", [MemberParameter("app", "App"), MemberParameter("label", "SettingsLabel")],
        "Selects one of `options(app)` (S2)."
      ) { settings, call in
        let app = try app(call, on: settings)
        let label = try call.modelString(3)
        try call.session.act(&call) { try settings.select(label, for: app) }
      },
      .method(
        "set_precise", [MemberParameter("app", "App"), MemberParameter("on", "boolean")],
        "The app's Precise Location switch (iOS 14+)."
      ) { settings, call in
        let app = try app(call, on: settings)
        let on = try boolean(call, at: 3)
        try call.session.act(&call) { try settings.setPrecise(on, for: app) }
      },
      .method(
        "set_location_services", [MemberParameter("on", "boolean")], "The device-wide Location Services switch."
      ) { settings, call in
        let on = try boolean(call, at: 2)
        try call.session.act(&call) { settings.setLocationServices(on) }
      },
      .method(
        "set_restricted", [MemberParameter("app", "App"), MemberParameter("on", "boolean")],
        "Parental controls or device management."
      ) { settings, call in
        let app = try app(call, on: settings)
        let on = try boolean(call, at: 3)
        try call.session.act(&call) { settings.setRestricted(on, for: app) }
      },
      .method("reset_location_and_privacy", "General › Transfer or Reset › Reset Location & Privacy.") { settings, call in
        try call.session.act(&call) { settings.resetLocationAndPrivacy() }
      },
    ]
  )

  /// The app of argument 2: one installed on this device.
  private static func app(_ call: LuaCall, on settings: Settings) throws -> App {
    let app = try call.object(2, of: App.members.objectType)
    guard app.device.entityID == settings.deviceID else {
      throw LuaCallError.message("\(app.name) is installed on another device: use that device's settings")
    }
    return app
  }

  private static func boolean(_ call: LuaCall, at position: Int) throws -> Bool {
    guard call.type(position) == .boolean else {
      throw LuaCallError.argument(position, "boolean expected, got \(call.typeName(position))")
    }
    return call.boolean(position)
  }
}
