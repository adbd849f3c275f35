import LuaBridge
import PermissionModel

extension LuaValue {
  /// SCENARIO_API §15: the true flags, each mapped to `true`; `{}` when none holds.
  init(diagnostics: Diagnostics) {
    self = .table(Dictionary(uniqueKeysWithValues: diagnostics.names.map { (LuaValue.string($0), LuaValue.boolean(true)) }))
  }

  /// `{ latitude, longitude, horizontalAccuracy }`.
  init(location: Location) {
    self = .table([
      "latitude": .number(location.latitude),
      "longitude": .number(location.longitude),
      "horizontalAccuracy": .number(location.horizontalAccuracy),
    ])
  }

  /// `{ identifier, latitude, longitude, radius }`, the shape `startMonitoring` takes.
  init(region: CircularRegion) {
    self = .table([
      "identifier": .string(region.identifier),
      "latitude": .number(region.center.latitude),
      "longitude": .number(region.center.longitude),
      "radius": .number(region.radius),
    ])
  }

  /// `app.crash`: `{ exception, reason, at }`.
  init(crash: AppCrash) {
    self = .table([
      "exception": .string(crash.exception),
      "reason": .string(crash.reason),
      "at": .number(crash.at.seconds),
    ])
  }
}
