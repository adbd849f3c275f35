/// A region an app monitors, with the side of its edge the device was last on.
struct MonitoredRegion {
  let region: CircularRegion
  var isInside: Bool
}
