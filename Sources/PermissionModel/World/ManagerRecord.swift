/// The state of one `CLLocationManager`, kept by the world.
struct ManagerRecord {
  let app: AppID
  let index: Int
  var isAlive = true
  var allowsBackgroundLocationUpdates = false
  var showsBackgroundLocationIndicator = false
  var pausesLocationUpdatesAutomatically = true
  var location: Location?
  /// The standard location session (U1, U3).
  var session: LocationSessionMachine
  var lastDeliveryAt: VirtualInstant?
}
