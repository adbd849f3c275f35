/// An app installed on a device: lifecycle, managers, delivered callbacks, console, crash, Wi-Fi.
///
/// A handle into its world: cheap to create, equal to every other handle of the same app.
public final class App: Hashable {
  let world: World
  let id: AppID

  init(world: World, id: AppID) {
    self.world = world
    self.id = id
  }

  private var info: AppInfo { world[id].info }

  // MARK: - Identity

  /// The name alert titles show.
  public var name: String { info.name }
  /// The bundle id.
  public var bundleID: String { info.bundleID }
  /// App or App Clip.
  public var kind: AppKind { info.kind }
  /// The SDK the app was linked against.
  public var linkedSDK: OSVersion { info.linkedSDK }
  /// The delegate methods the app implements.
  public var delegateMethods: Set<DelegateMethod> { info.delegateMethods }
  /// The Access Wi-Fi Information entitlement.
  public var hasWiFiInfoEntitlement: Bool { info.hasWiFiInfoEntitlement }
  /// The Info.plist it was installed from.
  public var plist: InfoPlist { info.plist }
  /// The device it is installed on.
  public var device: Device { Device(world: world, id: world[id].device) }

  // MARK: - State

  /// `notRunning`, `foreground`, `background` or `suspended`.
  public var state: AppState { world[id].activity.appState }
  /// Whether the app is in use (L1).
  public var isInUse: Bool { world.isInUse(id) }
  /// The authorization record and what the app reports.
  public var authorization: AuthorizationRecord {
    AuthorizationRecord(
      machine: world[id].machine,
      locationServicesEnabled: world[world[id].device].locationServicesEnabled)
  }
  /// The managers of the current launch, in creation order.
  public var managers: [LocationManager] { world[id].managers.map { LocationManager(world: world, id: $0) } }
  /// Every callback delivered so far, oldest first (held ones once delivered, C5).
  public var callbacks: [Callback] { world[id].callbacks }
  /// The lines the system logged for the app (K2).
  public var console: [String] { world[id].console }
  /// The last crash, or `nil`.
  public var crash: AppCrash? { world[id].crash }

  // MARK: - Lifecycle (L1–L3)

  /// Launches the app into the foreground.
  ///
  /// - Throws: `MisuseError` when it is running or the device is locked.
  public func launch() throws(MisuseError) { try world.launch(id) }

  /// Sends the app to the background; it stays in use for the grace period (L2).
  ///
  /// - Throws: `MisuseError` when it is not in the foreground.
  public func background() throws(MisuseError) { try world.background(id) }

  /// Brings the app to the foreground; held callbacks arrive (C5).
  ///
  /// - Throws: `MisuseError` when it is not running, already in the foreground, or the device is locked.
  public func foreground() throws(MisuseError) { try world.foreground(id) }

  /// Terminates the app; its managers are gone and Allow Once ends (E1).
  ///
  /// - Throws: `MisuseError` when it is not running.
  public func terminate() throws(MisuseError) { try world.terminate(id) }

  // MARK: - Location

  /// Creates a `CLLocationManager` whose delegate is the app; it reports the status at once (C2).
  ///
  /// - Throws: `MisuseError` when the app is not running or is suspended.
  public func makeLocationManager() throws(MisuseError) -> LocationManager {
    LocationManager(world: world, id: try world.makeManager(for: id))
  }

  /// The SSID as `NEHotspotNetwork.fetchCurrent` would give it, or `nil` (W1).
  public func fetchCurrentWiFiSSID() -> String? { world.fetchCurrentWiFiSSID(id) }

  public static func == (lhs: App, rhs: App) -> Bool {
    lhs.world === rhs.world && lhs.id == rhs.id
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(world))
    hasher.combine(id)
  }
}
