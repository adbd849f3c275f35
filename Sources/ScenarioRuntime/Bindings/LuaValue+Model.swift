import LuaBridge
import PermissionModel

extension LuaValue {
  /// A delegate callback as SCENARIO_API §6 shows it: `name`, `at`, `manager` and the fields of its kind.
  init(callback: Callback) {
    var fields: [LuaValue: LuaValue] = [
      "name": .string(callback.name),
      "at": .number(callback.at.seconds),
    ]
    if let manager = callback.manager { fields["manager"] = .integer(manager) }
    if let source = callback.source { fields["source"] = .integer(source) }
    if let update = callback.liveUpdate {  // LU1, §18
      if let location = update.location { fields["location"] = LuaValue(location: location) }
      fields["stationary"] = .boolean(update.stationary)
      if let diagnostics = update.diagnostics { fields["diagnostics"] = LuaValue(diagnostics: diagnostics) }
    }
    if let event = callback.monitorEvent {  // MN1, §18
      fields["identifier"] = .string(event.identifier)
      fields["state"] = .string(event.state.rawValue)
      if let diagnostics = event.diagnostics { fields["diagnostics"] = LuaValue(diagnostics: diagnostics) }
    }
    if let status = callback.status { fields["status"] = .string(status.rawValue) }
    if let accuracy = callback.accuracy { fields["accuracy"] = .string(accuracy.rawValue) }
    if let error = callback.error { fields["error"] = .string(error.rawValue) }
    if let locations = callback.locations { fields["locations"] = .list(locations.map(LuaValue.init(location:))) }
    if let region = callback.region { fields["region"] = LuaValue(region: region) }
    self = .table(fields)
  }

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
