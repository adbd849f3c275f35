import LuaBridge
import PermissionModel
import PlistLoader

// MARK: - Making devices and installing apps

extension ScenarioSession {
  /// The options of `device { … }`.
  static let deviceOptions = ["ios", "locale", "date", "location_services", "location", "wifi"]
  /// The options of `phone:install { … }`.
  static let installOptions = [
    "plist", "info", "strings", "name", "bundle_id", "sdk", "kind", "delegate", "wifi_info_entitlement",
    "widget_wants_location",
  ]

  /// `device { ios, locale, date, location_services, location, wifi }`: a new simulated iPhone.
  func makeDevice(_ call: inout LuaCall) throws {
    guard allowsDevices else {
      throw LuaCallError.message(
        "device() can only be called inside a scenario (or before_each/after_each), not while the file is loaded")
    }
    let options = try OptionTable(call, 1, function: "device", valid: Self.deviceOptions)
    let ios = try options.version("ios").map(RequestedVersion.init(written:)) ?? defaultVersion
    var settings = DeviceOptions()
    do {
      settings.ios = try ios.version
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
    devices[device.entityID] = DeviceScript(iosText: ios.text)
    try checkTranscript()
    call.push(Device.members.wrap(device))
  }


  /// `phone:install { plist | info, strings, name, bundle_id, sdk, kind, delegate, wifi_info_entitlement }`.
  func install(on device: Device, _ call: inout LuaCall) throws {
    let options = try OptionTable(call, 2, function: "install", valid: Self.installOptions, optional: false)
    var document = try infoPlistDocument(options)
    if let strings = try options.table("strings") {
      document = document.withInlineStrings(try Self.inlineStrings(strings))
    }
    let resolved = document.resolve(locale: device.locale)
    var settings = AppOptions()
    do {
      settings.name = try options.string("name")
      settings.bundleID = try options.string("bundle_id")
      if let sdk = try options.version("sdk") { settings.sdk = try OSVersion(parsing: sdk) }
      if let kind = try options.string("kind") {
        switch NamedChoice.parse(kind, as: AppKind.self, noun: "kind of app", plural: "kinds") {
        case .success(let parsed): settings.kind = parsed
        case .failure(let error): throw LuaCallError.message("bad option 'kind' to 'install': " + error.message)
        }
      }
      if let delegate = try options.stringList("delegate") {
        settings.delegateMethods = Set(try delegate.map { name throws(MisuseError) in try DelegateMethod(named: name) })
      }
      if let entitled = try options.boolean("wifi_info_entitlement") { settings.wifiInfoEntitlement = entitled }
      if let wants = try options.boolean("widget_wants_location") { settings.widgetWantsLocation = wants }  // WG1
    } catch let misuse as MisuseError {
      throw LuaCallError.message(misuse.message)
    }
    let app = try act(&call) { try device.install(resolved.infoPlist, options: settings) }
    for diagnostic in resolved.diagnostics {
      world.note("\(document.path ?? "info"): \(diagnostic)")
    }
    // K5: $(NAME) and ${NAME} are expanded by an Xcode build, never by permsim.
    for (key, setting) in resolved.unexpandedBuildSettings {
      world.note("\(document.path ?? "info"): \(key) contains the build setting \(setting), which only an Xcode build expands: alerts show it as written")
    }
    currentApp = app.entityID
    call.push(App.members.wrap(app))
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

  /// `value` as a plist value; `path` names it in an error (built only then: most tables hold no error).
  private static func plistValue(_ value: LuaValue, path: @autoclosure () -> String) throws -> PlistValue {
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
        return .array(try elements.enumerated().map { offset, element in try plistValue(element, path: "\(path())[\(offset + 1)]") })
      }
      var dictionary: [String: PlistValue] = [:]
      dictionary.reserveCapacity(entries.count)
      for (key, element) in entries {
        guard let name = key.string else {
          throw LuaCallError.message("bad Info.plist value at \(path()): keys must be strings, not \(key.typeName)")
        }
        dictionary[name] = try plistValue(element, path: "\(path()).\(name)")
      }
      return .dictionary(dictionary)
    case .nil, .opaque:
      throw LuaCallError.message("bad Info.plist value at \(path()): a \(value.typeName) cannot be stored in an Info.plist")
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
