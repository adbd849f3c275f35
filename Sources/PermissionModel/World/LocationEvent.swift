/// An Always-only event (E12) raised by a move of the device.
enum LocationEvent {
  /// A significant location change, delivered as `didUpdateLocations`.
  case significantChange(Coordinate)
  /// The device entered a monitored region.
  case enter(CircularRegion)
  /// The device left a monitored region.
  case exit(CircularRegion)
}
