import LuaBridge
import PermissionModel

extension LuaFields {
  /// A delegate callback as SCENARIO_API §6 shows it: `name`, `at`, `manager` and the fields of its kind.
  init(callback: Callback) {
    self.init()
    set("name", .string(callback.name))
    set("at", .number(callback.at.seconds))
    if let manager = callback.manager { set("manager", .integer(manager)) }
    if let source = callback.source { set("source", .integer(source)) }
    if let update = callback.liveUpdate {  // LU1, §18
      if let location = update.location { set("location", LuaValue(location: location)) }
      set("stationary", .boolean(update.stationary))
      if let diagnostics = update.diagnostics { set("diagnostics", LuaValue(diagnostics: diagnostics)) }
    }
    if let event = callback.monitorEvent {  // MN1, §18
      set("identifier", .string(event.identifier))
      set("state", .string(event.state.rawValue))
      if let diagnostics = event.diagnostics { set("diagnostics", LuaValue(diagnostics: diagnostics)) }
    }
    if let status = callback.status { set("status", .string(status.rawValue)) }
    if let accuracy = callback.accuracy { set("accuracy", .string(accuracy.rawValue)) }
    if let error = callback.error { set("error", .string(error.rawValue)) }
    if let locations = callback.locations { set("locations", .list(locations.map(LuaValue.init(location:)))) }
    if let region = callback.region { set("region", LuaValue(region: region)) }
  }
}
