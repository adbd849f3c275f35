/// The state of one `CLLocationManager`, kept by the world.
struct ManagerRecord {
  let app: Int
  let index: Int
  var isAlive = true
  var allowsBackgroundLocationUpdates = false
  var showsBackgroundLocationIndicator = false
  var pausesLocationUpdatesAutomatically = true
  var location: Location?
  var isUpdating = false
  var isPaused = false
  /// U3: a When-In-Use session paused in the background gets nothing until the app is in the foreground.
  var blockedUntilForeground = false
  var lastDeliveryAt: VirtualInstant?
  var updatingSince = VirtualInstant.start
  var pauseDue: VirtualInstant?
  var pauseTimer: Int?
  var requestLocationTimer: Int?
}
