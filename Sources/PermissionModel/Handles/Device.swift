/// A simulated iPhone: its version, switches, location, the alert showing, Settings, and its apps.
///
/// A handle into its world: cheap to create, equal to every other handle of the same device.
public final class Device: Hashable {
  let world: World
  let id: DeviceID

  init(world: World, id: DeviceID) {
    self.world = world
    self.id = id
  }

  // MARK: - Properties

  /// The 1-based number of the device in its world.
  public var number: Int { world[id].number }
  /// The iOS version (`phone.ios` is its description).
  public var ios: OSVersion { world[id].version }
  /// The rules in force on this version.
  public var rules: RuleSet { world[id].rules }
  /// The language of app-provided texts.
  public var locale: String { world[id].locale }
  /// The local wall-clock time now.
  public var date: LocalDateTime { world.wallClock(of: id) }
  /// The device-wide Location Services switch.
  public var locationServicesEnabled: Bool { world[id].locationServicesEnabled }
  /// Where the device is.
  public var location: Coordinate { world[id].location }
  /// The SSID of the joined Wi-Fi network.
  public var wifiSSID: String? { world[id].wifiSSID }
  /// Whether the screen is locked.
  public var isLocked: Bool { world[id].isLocked }
  /// The apps installed, in installation order.
  public var apps: [App] { world[id].apps.map { App(world: world, id: $0) } }
  /// The Settings app.
  public var settings: Settings { Settings(world: world, device: id) }
  /// B3: whether the blue bar or pill is shown.
  public var backgroundLocationIndicator: Bool { world.showsBackgroundIndicator(id) }
  /// The lines of the world's transcript about this device.
  public var transcript: [String] {
    world.entries.filter { $0.device == nil || $0.device == world[id].number }.map(\.description)
  }

  // MARK: - Alerts

  /// The alert showing, or `nil` (§2: at most one).
  public var prompt: Alert? { world[id].currentAlert.map { Alert(world: world, id: $0) } }

  /// The sequence number of the alert showing: a cheap way to notice a new alert after each step.
  public var promptNumber: Int? { world[id].currentAlert.map { world[$0].number } }

  // MARK: - Actions

  /// Installs an app from its Info.plist.
  ///
  /// - Throws: `MisuseError` for an App Clip before iOS 14 or a bundle id already installed.
  public func install(_ plist: InfoPlist, options: AppOptions = AppOptions()) throws(MisuseError) -> App {
    App(world: world, id: try world.install(on: id, plist: plist, options: options))
  }

  /// Moves the device; managers that may receive locations get them (U1, E12).
  ///
  /// - Throws: `MisuseError` when the coordinate is not on the Earth.
  public func setLocation(latitude: Double, longitude: Double) throws(MisuseError) {
    world.setLocation(id, try Coordinate(checkedLatitude: latitude, longitude: longitude))
  }

  /// Locks the screen; the foreground app goes to the background (L3).
  ///
  /// - Throws: `MisuseError` when the device is already locked.
  public func lock() throws(MisuseError) {
    try world.lock(id)
  }

  /// Unlocks the screen and shows the alerts that waited for it (L3, R19, R21).
  ///
  /// - Throws: `MisuseError` when the device is not locked.
  public func unlock() throws(MisuseError) {
    try world.unlock(id)
  }

  /// Installs a newer iOS and restarts the phone (UP1–UP5): running apps are terminated, the alert
  /// showing is withdrawn, grants and Settings choices are kept, and every rule reads `version` from now on.
  ///
  /// - Throws: `MisuseError` when `version` is not newer than the phone's.
  public func upgrade(to version: OSVersion) throws(MisuseError) {
    try world.upgrade(id, to: version)
  }

  public static func == (lhs: Device, rhs: Device) -> Bool {
    lhs.world === rhs.world && lhs.id == rhs.id
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(world))
    hasher.combine(id)
  }
}
