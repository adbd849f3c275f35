/// A location as `didUpdateLocations` delivers it (U1, U2).
public struct Location: Hashable, Sendable, CustomStringConvertible {
  /// Degrees north.
  public let latitude: Double
  /// Degrees east.
  public let longitude: Double
  /// The radius of uncertainty in metres.
  public let horizontalAccuracy: Double

  /// Creates a delivered location.
  public init(latitude: Double, longitude: Double, horizontalAccuracy: Double) {
    self.latitude = latitude
    self.longitude = longitude
    self.horizontalAccuracy = horizontalAccuracy
  }

  public var description: String { "\(latitude), \(longitude) ±\(horizontalAccuracy) m" }
}
