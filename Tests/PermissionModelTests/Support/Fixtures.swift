@testable import PermissionModel

/// Info.plists the tests install.
enum Plists {
  static let whenInUseText = "Shows nearby stops."
  static let alwaysText = "Tracks your trips."
  static let alwaysAndWhenInUseText = "Tracks your trips, also in the background."
  static let purposeText = "Your precise location will be used to get the current Wi-Fi SSID."

  /// Every usage description, a purpose key, and the location background mode.
  static let full = InfoPlist(
    bundleIdentifier: "com.example.maps", bundleDisplayName: "Maps",
    usageDescriptions: [
      .location: "Finds you on the map.", .whenInUse: whenInUseText, .always: alwaysText,
      .alwaysAndWhenInUse: alwaysAndWhenInUseText,
    ],
    temporaryUsageDescriptions: ["WantsToGetWiFiSSID": purposeText], backgroundModes: ["location"])

  /// `full` without the location background mode (K6).
  static let noBackgroundMode = with(full) { $0.backgroundModes = [] }

  /// `full` with `NSLocationDefaultAccuracyReduced` (K3).
  static let reduced = with(full) { $0.defaultAccuracyReduced = true }

  /// No usage description at all (K1).
  static let bare = InfoPlist(bundleIdentifier: "com.example.bare", bundleName: "Bare")

  static func with(_ plist: InfoPlist, _ change: (inout InfoPlist) -> Void) -> InfoPlist {
    var copy = plist
    change(&copy)
    return copy
  }
}

/// A world with one device, one launched app and one manager.
struct Scene {
  let world: World
  let phone: Device
  let app: App
  let manager: LocationManager

  init(
    ios: String = "14.0", plist: InfoPlist = Plists.full, options: AppOptions = AppOptions(),
    device: DeviceOptions = DeviceOptions()
  ) throws {
    world = World()
    var deviceOptions = device
    deviceOptions.ios = try OSVersion(parsing: ios)
    phone = world.makeDevice(deviceOptions)
    app = try phone.install(plist, options: options)
    try app.launch()
    manager = try app.makeLocationManager()
  }

  var version: OSVersion { phone.ios }
  var prompt: Alert? { phone.prompt }
  var status: AuthorizationStatus { manager.authorizationStatus }
  var state: AuthorizationState { app.authorization.state }
  var settings: Settings { phone.settings }

  /// The callbacks after the creation callback (C2), by name.
  var laterCallbacks: [Callback] { Array(app.callbacks.dropFirst()) }
  var authorizationCallbacks: [Callback] { app.callbacks.filter { $0.method.isAuthorizationCallback } }

  /// Taps a button on the alert showing.
  func tap(_ label: String) throws {
    guard let prompt = phone.prompt else { throw SceneError.noPrompt(label) }
    try prompt.tap(label)
  }

  func advance(_ text: String) throws {
    try world.clock.advance(by: text)
  }

  /// Drives the app into `origin` through the public API, as a user or app would.
  func reach(_ origin: RequestOrigin) throws {
    let rules = phone.rules
    switch origin {
    case .notDetermined:
      break
    case .whenInUseAlwaysUnused:
      try settings.select("While Using the App", for: app)
    case .whenInUseAlwaysUsed:
      try manager.requestAlwaysAuthorization()
      if let prompt = phone.prompt { try prompt.tap("Don’t Allow") }
      try settings.select("While Using the App", for: app)
    case .temporaryWhenInUse:
      try manager.requestWhenInUseAuthorization()
      try tap("Allow Once")
    case .always:
      try settings.select("Always", for: app)
    case .provisionalAlways:
      try manager.requestAlwaysAuthorization()
      try tap("Allow While Using App")
    case .denied:
      try settings.select("Never", for: app)
    case .restricted:
      settings.setRestricted(true, for: app)
    }
    guard RequestOrigin(state: state, alwaysRequested: app.authorization.alwaysRequested) == origin,
      rules.origins.contains(origin)
    else { throw SceneError.unreachable(origin) }
  }
}

enum SceneError: Error, CustomStringConvertible {
  case noPrompt(String)
  case unreachable(RequestOrigin)

  var description: String {
    switch self {
    case .noPrompt(let label): "no alert is showing to tap “\(label)”"
    case .unreachable(let origin): "could not reach \(origin)"
    }
  }
}

/// Versions that exercise every layer, and the edges between them.
enum Versions {
  /// The first version of each layer, plus 13.3 and 18.0 (the release before 26, N1).
  static let layers: [String] = ["7.0", "8.0", "9.0", "11.0", "12.0", "13.0", "13.3", "13.4", "14.0", "15.0", "18.0", "26.0"]
  /// From iOS 8, where requests exist.
  static let requests = layers.filter { $0 != "7.0" }
  static let from13 = ["13.0", "13.4", "14.0", "17.2.1"]
  static let from14 = ["14.0", "15.0", "17.2.1", "18.0"]
  static let before14 = ["8.0", "9.3", "10.0", "11.0", "12.4", "13.0", "13.5"]
}
