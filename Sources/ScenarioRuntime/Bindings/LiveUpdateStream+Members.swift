import LuaBridge
import PermissionModel

extension LiveUpdateStream {
  /// `app:live_updates()`: an iteration of `CLLocationUpdate.liveUpdates` (SCENARIO_API §13).
  static let members = MemberTable<LiveUpdateStream>(
    "CLLocationUpdateStream", "An iteration of `CLLocationUpdate.liveUpdates` (iOS 17+), returned by `app:live_updates()`.",
    key: { $0.entityID.rawValue }, version: { $0.app.device.ios }, describe: { "CLLocationUpdateStream#\($0.source)(\($0.isActive ? "active" : "stopped"))" },
    members: [
      .property("active", "boolean", "True until `stop()`, or until the app terminates.") { stream, call in
        call.push(stream.isActive)
      },
      .property("source", "integer", "Its number among the app's streams: a `liveUpdate` callback's `source`.") {
        stream, call in call.push(stream.source)
      },
      .property("configuration", "LiveConfiguration", "The configuration it iterates with.") { stream, call in
        call.push(stream.configuration.rawValue)
      },
      .property("diagnostics", "Diagnostics", since: SessionFeatures.introduction(of: .diagnostics), "Its diagnostics now (§18), also when nothing is delivered.") {
        stream, call in call.push(LuaValue(diagnostics: stream.diagnostics))
      },
      .method("stop", "Stops iterating.") { stream, call in
        try call.session.act(&call) { stream.stop() }
      },
    ]
  )
}
