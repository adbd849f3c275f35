import LuaBridge
import PermissionModel

extension Monitor {
  /// `app:monitor(name)`: a `CLMonitor` (SCENARIO_API §13).
  static let members = MemberTable<Monitor>(
    "CLMonitor", "A `CLMonitor` (iOS 17+), returned by `app:monitor(name)`.",
    key: { $0.entityID.rawValue }, version: { $0.app.device.ios }, describe: { "CLMonitor(\($0.name))" },
    members: [
      .property("name", "string", "The name it was opened with.") { monitor, call in call.push(monitor.name) },
      .property("source", "integer", "Its number among the app's monitors: a `monitorEvent` callback's `source`.") {
        monitor, call in call.push(monitor.source)
      },
      .property("identifiers", "string[]", "Its conditions' identifiers, in the order they were added.") {
        monitor, call in call.push(monitor.identifiers)
      },
      .property("diagnostics", "Diagnostics", since: SessionFeatures.introduction(of: .diagnostics), "Its diagnostics now (§18).") { monitor, call in
        call.push(LuaValue(diagnostics: monitor.diagnostics))
      },
      .method(
        "add", [MemberParameter("condition", "Region")],
        "Adds a circular condition `{ identifier, latitude, longitude, radius }`; it is evaluated now (MN1)."
      ) { monitor, call in
        let options = try OptionTable(
          call, 2, function: "add", valid: ["identifier", "latitude", "longitude", "radius"], optional: false)
        guard let identifier = try options.string("identifier"), let latitude = try options.number("latitude"),
          let longitude = try options.number("longitude"), let radius = try options.number("radius")
        else {
          throw LuaCallError.message("monitor:add needs { identifier = \"…\", latitude = …, longitude = …, radius = … }")
        }
        try call.session.act(&call) {
          try monitor.add(try CircularRegion(identifier: identifier, latitude: latitude, longitude: longitude, radius: radius))
        }
      },
      .method("remove", [MemberParameter("identifier", "string")], "Removes a condition.") { monitor, call in
        let identifier = try call.modelString(2)
        try call.session.act(&call) { try monitor.remove(identifier) }
      },
      .method(
        "state", [MemberParameter("identifier", "string")], returns: "ConditionState",
        "A condition's state: \"unknown\", \"satisfied\" or \"unsatisfied\"."
      ) { monitor, call in
        let identifier = try call.modelString(2)
        let state = try call.session.act(&call) { try monitor.state(of: identifier) }
        call.push(state.rawValue)
      },
    ]
  )
}
