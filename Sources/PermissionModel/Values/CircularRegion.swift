/// A region for `startMonitoring(for:)`: a circle around a centre (U4, E12).
public struct CircularRegion: Hashable, Sendable, CustomStringConvertible {
  /// The name the app gave the region.
  public let identifier: String
  /// The centre.
  public let center: Coordinate
  /// The radius in metres.
  public let radius: Double

  /// Creates a region.
  ///
  /// - Throws: `MisuseError` when the radius is negative or not finite, or the centre is off the Earth.
  public init(identifier: String, latitude: Double, longitude: Double, radius: Double) throws(MisuseError) {
    guard radius.isFinite, radius >= 0 else {
      throw MisuseError(.invalidArgument, "region \"\(identifier)\": radius \(radius) must be 0 or more metres")
    }
    self.identifier = identifier
    self.center = try Coordinate(checkedLatitude: latitude, longitude: longitude)
    self.radius = radius
  }

  /// Whether a point lies inside the circle (its edge counts as inside).
  public func contains(_ point: Coordinate) -> Bool {
    center.distance(to: point) <= radius
  }

  public var description: String { "\(identifier) (\(center), \(radius) m)" }
}
