/// The device and app circumstances a request is made in.
public struct RequestContext: Hashable, Sendable {
  /// The app is in the foreground (R18, T3).
  public var isForeground: Bool
  /// An alert is showing on the device (§2).
  public var isAlertShowing: Bool
  /// The device-wide switch (E4, P10).
  public var locationServicesEnabled: Bool

  /// Creates a context.
  public init(isForeground: Bool = true, isAlertShowing: Bool = false, locationServicesEnabled: Bool = true) {
    self.isForeground = isForeground
    self.isAlertShowing = isAlertShowing
    self.locationServicesEnabled = locationServicesEnabled
  }
}
