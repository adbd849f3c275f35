import LuaBridge
import PermissionModel

/// A simulated iPhone as Lua sees it (`device { … }`, SCENARIO_API §3).
final class DeviceBox {
  let device: Device
  unowned let session: ScenarioSession
  /// The version as the scenario wrote it (`"8"` stays `"8"`).
  let iosText: String
  /// `phone:on_prompt(fn)`: answers every later alert.
  var promptHandler: LuaFunction?
  /// The number of the last alert the handler was given.
  var lastAnsweredAlert: Int?
  lazy var settings = SettingsBox(owner: self)

  init(device: Device, session: ScenarioSession, iosText: String) {
    self.device = device
    self.session = session
    self.iosText = iosText
  }

  static let options = ["ios", "locale", "date", "location_services", "location", "wifi"]
  static let properties = ["ios", "prompt", "settings", "background_location_indicator", "transcript"]

  static let methods: [String: LuaObjectType<DeviceBox>.Method] = [
    "install": { box, call in try box.session.install(on: box, &call) },
    "on_prompt": { box, call in
      box.promptHandler = try call.optionalFunction(2)
      box.lastAnsweredAlert = box.device.prompt?.number
    },
    "set_location": { box, call in
      let latitude = try call.number(2)
      let longitude = try call.number(3)
      try box.session.act(&call) { try box.device.setLocation(latitude: latitude, longitude: longitude) }
    },
    "lock": { box, call in try box.session.act(&call) { try box.device.lock() } },
    "unlock": { box, call in try box.session.act(&call) { try box.device.unlock() } },
  ]
  static let methodNames = methods.keys.sorted()

  static let type = LuaObjectType<DeviceBox>(
    name: "Device",
    methods: methods,
    index: { box, call in
      let key = try Member.key(call, of: "Device")
      switch key {
      case "ios": call.push(box.iosText)
      case "prompt": call.push(box.device.prompt.map { AlertBox.type.wrap(box.session.alertBox($0)) })
      case "settings": call.push(SettingsBox.type.wrap(box.settings))
      case "background_location_indicator": call.push(box.device.backgroundLocationIndicator)
      case "transcript": call.push(box.device.transcript)
      default:
        try Member.luaMethod(
          key, in: box.session.engine.deviceLuaMethods, of: "Device", among: DeviceBox.properties + DeviceBox.methodNames,
          &call)
      }
    },
    newIndex: { _, call in
      try Member.refuseWrite(call, of: "Device", properties: DeviceBox.properties, methods: DeviceBox.methodNames)
    },
    toString: { box in "Device(iOS \(box.iosText))" }
  )
}

extension ScenarioSession {
  /// `device { ios, locale, date, location_services, location, wifi }`: a new simulated iPhone.
  func makeDevice(_ call: inout LuaCall) throws {
    guard allowsDevices else {
      throw LuaCallError.message(
        "device() can only be called inside a scenario (or before_each/after_each), not while the file is loaded")
    }
    let options = try OptionTable(call, 1, function: "device", valid: DeviceBox.options)
    let iosText = try options.version("ios") ?? defaultVersion
    var settings = DeviceOptions()
    do {
      settings.ios = try OSVersion(parsing: iosText)
      if let locale = try options.string("locale") { settings.locale = locale }
      if let date = try options.string("date") { settings.date = try LocalDateTime(parsing: date) }
      if let on = try options.boolean("location_services") { settings.locationServicesEnabled = on }
      if let location = try options.table("location") {
        guard let latitude = location["latitude"].number, let longitude = location["longitude"].number else {
          throw LuaCallError.message("bad option 'location' to 'device' ({ latitude = …, longitude = … } expected)")
        }
        settings.location = try Coordinate(checkedLatitude: latitude, longitude: longitude)
      }
      settings.wifi = try options.string("wifi")
    } catch let misuse as MisuseError {
      throw LuaCallError.message(misuse.message)
    }
    let device = world.makeDevice(settings)
    let box = DeviceBox(device: device, session: self, iosText: iosText)
    deviceBoxes[device] = box
    devicesInOrder.append(box)
    try checkTranscript()
    call.push(DeviceBox.type.wrap(box))
  }

  func deviceBox(_ device: Device) -> DeviceBox {
    if let box = deviceBoxes[device] { return box }
    let box = DeviceBox(device: device, session: self, iosText: device.ios.description)
    deviceBoxes[device] = box
    devicesInOrder.append(box)
    return box
  }
}
