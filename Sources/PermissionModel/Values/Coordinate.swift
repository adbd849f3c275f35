#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A point on the Earth in degrees, where a device is or where a region is centred.
public struct Coordinate: Hashable, Sendable, CustomStringConvertible {
  /// Degrees north, -90 … 90.
  public let latitude: Double
  /// Degrees east, -180 … 180.
  public let longitude: Double

  /// Creates a coordinate without checking its range; the model's own constants use it.
  public init(latitude: Double, longitude: Double) {
    self.latitude = latitude
    self.longitude = longitude
  }

  /// Creates a coordinate from a scenario, checking that it lies on the Earth.
  ///
  /// - Throws: `MisuseError` when the latitude is outside -90 … 90 or the longitude outside -180 … 180.
  public init(checkedLatitude latitude: Double, longitude: Double) throws(MisuseError) {
    guard latitude.isFinite, (-90...90).contains(latitude) else {
      throw MisuseError(.invalidArgument, "latitude \(latitude) is outside -90 … 90")
    }
    guard longitude.isFinite, (-180...180).contains(longitude) else {
      throw MisuseError(.invalidArgument, "longitude \(longitude) is outside -180 … 180")
    }
    self.init(latitude: latitude, longitude: longitude)
  }

  /// Shanghai, where a device is when the scenario does not say.
  public static let defaultDeviceLocation = Coordinate(latitude: 31.2304, longitude: 121.4737)

  /// The great-circle distance in metres (haversine, mean Earth radius).
  public func distance(to other: Coordinate) -> Double {
    let radians = Double.pi / 180
    let deltaLatitude = (other.latitude - latitude) * radians
    let deltaLongitude = (other.longitude - longitude) * radians
    let a =
      sin(deltaLatitude / 2) * sin(deltaLatitude / 2)
      + cos(latitude * radians) * cos(other.latitude * radians) * sin(deltaLongitude / 2)
      * sin(deltaLongitude / 2)
    return 2 * 6_371_008.8 * atan2(a.squareRoot(), (1 - a).squareRoot())
  }

  public var description: String { "\(latitude), \(longitude)" }
}
