/// The identity of one entity of a world (a device, an app, a manager, an alert, a request), typed by its handle.
///
/// Every handle of an entity has the same id, so state kept about an entity outside the model (what
/// a scenario has read, a device's prompt handler) is keyed by it, never by a handle or a Lua object.
public struct EntityID<Entity: AnyObject>: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The entity's position among its world's entities of its kind, from 0 (the index of its record).
  public let rawValue: Int

  init(_ rawValue: Int) {
    self.rawValue = rawValue
  }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

  public var description: String { "\(Entity.self)#\(rawValue)" }
}

extension Device {
  /// The device's id in its world.
  public var entityID: EntityID<Device> { id }
}

extension App {
  /// The app's id in its world.
  public var entityID: EntityID<App> { id }
}

extension LocationManager {
  /// The manager's id in its world.
  public var entityID: EntityID<LocationManager> { id }
}

extension Alert {
  /// The alert's id in its world.
  public var entityID: EntityID<Alert> { id }
}

extension TemporaryFullAccuracyRequest {
  /// The request's id in its world.
  public var entityID: EntityID<TemporaryFullAccuracyRequest> { id }
}

extension World {
  /// The device with id `id`.
  public func device(_ id: EntityID<Device>) -> Device { Device(world: self, id: id) }
  /// The app with id `id`.
  public func app(_ id: EntityID<App>) -> App { App(world: self, id: id) }
}

extension Settings {
  /// The id of the device whose Settings app this is.
  public var deviceID: EntityID<Device> { device }
  /// The device whose Settings app this is.
  public var owner: Device { Device(world: world, id: device) }
}
