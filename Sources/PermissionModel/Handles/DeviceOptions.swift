/// The options of `device { … }`, already typed; every one has SCENARIO_API.md's default.
public struct DeviceOptions: Hashable, Sendable {
  /// The iOS version.
  public var ios: OSVersion
  /// The phone's language: of the system's own texts (Z0, ``SystemTexts``) and of app-provided texts
  /// (the loader localizes those before install, K5).
  public var locale: String
  /// The local wall-clock time at which the device starts.
  public var date: LocalDateTime
  /// The device-wide Location Services switch.
  public var locationServicesEnabled: Bool
  /// Where the device is.
  public var location: Coordinate
  /// The SSID of the joined Wi-Fi network, if any.
  public var wifi: String?

  /// Creates options; omitted ones take their defaults.
  public init(
    ios: OSVersion = .newestSupported, locale: String = "en", date: LocalDateTime = .defaultStart,
    locationServicesEnabled: Bool = true, location: Coordinate = .defaultDeviceLocation, wifi: String? = nil
  ) {
    self.ios = ios
    self.locale = locale
    self.date = date
    self.locationServicesEnabled = locationServicesEnabled
    self.location = location
    self.wifi = wifi
  }
}
