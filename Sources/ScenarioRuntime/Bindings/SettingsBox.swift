import LuaBridge
import PermissionModel

/// The Settings app of one device (`phone.settings`, SCENARIO_API §9).
final class SettingsBox {
  unowned let owner: DeviceBox

  init(owner: DeviceBox) {
    self.owner = owner
  }

  private var settings: Settings { owner.device.settings }
  private var session: ScenarioSession { owner.session }

  /// The app of argument 2: one installed on this device.
  private func app(_ call: LuaCall) throws -> App {
    let app = try call.object(2, of: AppBox.type).app
    guard app.device == owner.device else {
      throw LuaCallError.message("\(app.name) is installed on another device: use that device's settings")
    }
    return app
  }

  static let methods: [String: LuaObjectType<SettingsBox>.Method] = [
    "options": { box, call in call.push(box.settings.options(for: try box.app(call))) },
    "get": { box, call in call.push(box.settings.selection(for: try box.app(call))) },
    "set": { box, call in
      let app = try box.app(call)
      let label = try call.string(3)
      try box.session.act(&call) { try box.settings.select(label, for: app) }
    },
    "set_precise": { box, call in
      let app = try box.app(call)
      guard call.type(3) == .boolean else { throw LuaCallError.argument(3, "boolean expected, got \(call.typeName(3))") }
      let on = call.boolean(3)
      try box.session.act(&call) { try box.settings.setPrecise(on, for: app) }
    },
    "set_location_services": { box, call in
      guard call.type(2) == .boolean else { throw LuaCallError.argument(2, "boolean expected, got \(call.typeName(2))") }
      let on = call.boolean(2)
      try box.session.act(&call) { box.settings.setLocationServices(on) }
    },
    "set_restricted": { box, call in
      let app = try box.app(call)
      guard call.type(3) == .boolean else { throw LuaCallError.argument(3, "boolean expected, got \(call.typeName(3))") }
      let on = call.boolean(3)
      try box.session.act(&call) { box.settings.setRestricted(on, for: app) }
    },
    "reset_location_and_privacy": { box, call in
      try box.session.act(&call) { box.settings.resetLocationAndPrivacy() }
    },
  ]
  static let methodNames = methods.keys.sorted()

  static let type = LuaObjectType<SettingsBox>(
    name: "Settings",
    methods: methods,
    index: { box, call in
      let key = try Member.key(call, of: "Settings")
      throw Member.unknown(key, of: "Settings", among: SettingsBox.methodNames)
    },
    newIndex: { _, call in
      try Member.refuseWrite(call, of: "Settings", properties: [], methods: SettingsBox.methodNames)
    },
    toString: { box in "Settings(iOS \(box.owner.iosText))" }
  )
}
