import LuaBridge
import PermissionModel

extension BackgroundActivitySession {
  /// `app:background_activity_session()` (SCENARIO_API §14).
  static let members = MemberTable<BackgroundActivitySession>(
    "CLBackgroundActivitySession",
    "A `CLBackgroundActivitySession` (iOS 17+), returned by `app:background_activity_session()`.",
    key: { $0.entityID.rawValue }, version: { $0.app.device.ios },
    describe: { "CLBackgroundActivitySession(\($0.isActive ? "active" : "inactive"))" },
    members: [
      .property("active", "boolean", "BA1: authorized, `UIBackgroundModes` location, created in use; false once invalidated.") {
        session, call in call.push(session.isActive)
      },
      .property("diagnostics", "Diagnostics", since: SessionFeatures.introduction(of: .diagnostics), "Its diagnostics now (§18).") { session, call in
        call.push(LuaValue(diagnostics: session.diagnostics))
      },
      .method("invalidate", "Ends it at once (BA3).") { session, call in
        try call.session.act(&call) { session.invalidate() }
      },
    ]
  )
}
