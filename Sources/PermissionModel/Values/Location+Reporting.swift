extension Location {
  /// The location an app receives for the device at `coordinate` under `accuracy` (U1, U2).
  ///
  /// Reduced accuracy snaps to `Assumptions.reducedAccuracyGridDegrees` with a coarse radius.
  public init(reporting coordinate: Coordinate, accuracy: AccuracyAuthorization?) {
    guard accuracy == .reducedAccuracy else {
      self.init(
        latitude: coordinate.latitude, longitude: coordinate.longitude,
        horizontalAccuracy: Assumptions.fullHorizontalAccuracy)
      return
    }
    let cells = (1 / Assumptions.reducedAccuracyGridDegrees).rounded()
    self.init(
      latitude: (coordinate.latitude * cells).rounded() / cells,
      longitude: (coordinate.longitude * cells).rounded() / cells,
      horizontalAccuracy: Assumptions.reducedHorizontalAccuracy)
  }
}
