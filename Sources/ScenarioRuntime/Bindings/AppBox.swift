import LuaBridge
import PermissionModel
import PlistLoader

/// An installed app as Lua sees it (`phone:install { … }`, SCENARIO_API §4).
final class AppBox {
  let app: App
  unowned let session: ScenarioSession

  init(app: App, session: ScenarioSession) {
    self.app = app
    self.session = session
  }

  static let options = [
    "plist", "info", "strings", "name", "bundle_id", "sdk", "kind", "delegate", "wifi_info_entitlement",
  ]
  static let properties = ["state", "callbacks", "console", "crash", "name", "bundle_id"]

  static let methods: [String: LuaObjectType<AppBox>.Method] = [
    "launch": { box, call in try box.session.act(&call) { try box.app.launch() } },
    "background": { box, call in try box.session.act(&call) { try box.app.background() } },
    "foreground": { box, call in try box.session.act(&call) { try box.app.foreground() } },
    "terminate": { box, call in try box.session.act(&call) { try box.app.terminate() } },
    "location_manager": { box, call in
      let manager = try box.session.act(&call) { try box.app.makeLocationManager() }
      call.push(ManagerBox.type.wrap(box.session.managerBox(manager)))
    },
    "fetch_current_wifi_ssid": { box, call in call.push(box.app.fetchCurrentWiFiSSID()) },
  ]
  static let methodNames = methods.keys.sorted()

  static let type = LuaObjectType<AppBox>(
    name: "App",
    methods: methods,
    index: { box, call in
      let key = try Member.key(call, of: "App")
      switch key {
      case "state": call.push(box.app.state.rawValue)
      case "callbacks": call.push(LuaValue.list(box.app.callbacks.map(LuaValue.init(callback:))))
      case "console": call.push(box.app.console)
      case "crash": call.push(box.app.crash.map(LuaValue.init(crash:)))
      case "name": call.push(box.app.name)
      case "bundle_id": call.push(box.app.bundleID)
      default:
        try Member.luaMethod(
          key, in: box.session.engine.appLuaMethods, of: "App", among: AppBox.properties + AppBox.methodNames, &call)
      }
    },
    newIndex: { _, call in
      try Member.refuseWrite(call, of: "App", properties: AppBox.properties, methods: AppBox.methodNames)
    },
    toString: { box in "App(\(box.app.name), \(box.app.state.rawValue))" }
  )
}

extension ScenarioSession {
  func appBox(_ app: App) -> AppBox {
    if let box = appBoxes[app] { return box }
    let box = AppBox(app: app, session: self)
    appBoxes[app] = box
    return box
  }

  /// `phone:install { plist | info, strings, name, bundle_id, sdk, kind, delegate, wifi_info_entitlement }`.
  func install(on device: DeviceBox, _ call: inout LuaCall) throws {
    let options = try OptionTable(call, 2, function: "install", valid: AppBox.options, optional: false)
    var document = try infoPlistDocument(options)
    if let strings = try options.table("strings") {
      document = document.withInlineStrings(try Self.inlineStrings(strings))
    }
    let resolved = document.resolve(locale: device.device.locale)
    var settings = AppOptions()
    do {
      settings.name = try options.string("name")
      settings.bundleID = try options.string("bundle_id")
      if let sdk = try options.version("sdk") { settings.sdk = try OSVersion(parsing: sdk) }
      if let kind = try options.string("kind") {
        guard let parsed = AppKind(rawValue: kind) else {
          let hint = Spelling.closest(to: kind, in: AppKind.allCases.map(\.rawValue)).map { " (did you mean \($0)?)" } ?? ""
          throw LuaCallError.message("bad option 'kind' to 'install': \"\(kind)\" is not a kind of app\(hint); kinds are app, appClip")
        }
        settings.kind = parsed
      }
      if let delegate = try options.stringList("delegate") {
        settings.delegateMethods = Set(try delegate.map { name throws(MisuseError) in try DelegateMethod(named: name) })
      }
      if let entitled = try options.boolean("wifi_info_entitlement") { settings.wifiInfoEntitlement = entitled }
    } catch let misuse as MisuseError {
      throw LuaCallError.message(misuse.message)
    }
    let app = try act(&call) { try device.device.install(resolved.infoPlist, options: settings) }
    for diagnostic in resolved.diagnostics {
      world.note("\(document.path ?? "info"): \(diagnostic)")
    }
    let box = appBox(app)
    currentApp = box
    call.push(AppBox.type.wrap(box))
  }

  private func infoPlistDocument(_ options: OptionTable) throws -> InfoPlistDocument {
    switch (try options.string("plist"), try options.table("info")) {
    case (let path?, nil):
      do {
        return try engine.environment.infoPlist(path, relativeTo: file?.directory)
      } catch let error as FileAccessError {
        throw LuaCallError.message("cannot install the app: \(error)")
      } catch let error as PlistLoadError {
        throw LuaCallError.message("cannot install the app: \(error)")
      }
    case (nil, let info?):
      return InfoPlistDocument(values: try Self.plistDictionary(info, path: "info"))
    case (nil, nil):
      throw LuaCallError.message("install needs the app's Info.plist: give plist = \"path/to/Info.plist\" or info = { … }")
    case (.some, .some):
      throw LuaCallError.message("install takes plist or info, not both")
    }
  }

  /// The inline `info = { … }` table as a plist dictionary.
  static func plistDictionary(_ value: LuaValue, path: String) throws -> [String: PlistValue] {
    // `info = {}` is an Info.plist without keys: at the top level an empty table is a dictionary, not an array.
    if case .table(let entries) = value, entries.isEmpty { return [:] }
    guard case .dictionary(let dictionary) = try plistValue(value, path: path) else {
      throw LuaCallError.message("bad option 'info' to 'install' (a table of Info.plist keys expected)")
    }
    return dictionary
  }

  private static func plistValue(_ value: LuaValue, path: String) throws -> PlistValue {
    switch value {
    case .boolean(let boolean): return .bool(boolean)
    case .integer(let integer): return .integer(integer)
    case .number(let number): return .real(number)
    case .string(let string): return .string(string)
    case .bytes(let bytes): return .string(String(decoding: bytes, as: UTF8.self))
    case .table(let entries) where entries.isEmpty:
      return .array([])
    case .table(let entries):
      if let elements = value.array, elements.count == entries.count {
        return .array(try elements.enumerated().map { offset, element in try plistValue(element, path: "\(path)[\(offset + 1)]") })
      }
      var dictionary: [String: PlistValue] = [:]
      for (key, element) in entries {
        guard let name = key.string else {
          throw LuaCallError.message("bad Info.plist value at \(path): keys must be strings, not \(key.typeName)")
        }
        dictionary[name] = try plistValue(element, path: "\(path).\(name)")
      }
      return .dictionary(dictionary)
    case .nil, .opaque:
      throw LuaCallError.message("bad Info.plist value at \(path): a \(value.typeName) cannot be stored in an Info.plist")
    }
  }

  private static func inlineStrings(_ value: LuaValue) throws -> [String: [String: String]] {
    guard case .table(let locales) = value else { return [:] }
    var result: [String: [String: String]] = [:]
    for (locale, table) in locales {
      guard let name = locale.string, case .table(let entries) = table else {
        throw LuaCallError.message("bad option 'strings' to 'install' ({ [\"zh-Hans\"] = { key = \"text\" } } expected)")
      }
      var strings: [String: String] = [:]
      for (key, text) in entries {
        guard let key = key.string, let text = text.string else {
          throw LuaCallError.message("bad option 'strings' to 'install': the \(name) table must map keys to strings")
        }
        strings[key] = text
      }
      result[name] = strings
    }
    return result
  }
}
