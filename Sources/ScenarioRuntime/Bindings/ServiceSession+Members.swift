import LuaBridge
import PermissionModel

extension ServiceSession {
  /// `app:service_session { … }` (SCENARIO_API §14).
  static let members = MemberTable<ServiceSession>(
    "CLServiceSession", "A `CLServiceSession` (iOS 18+), returned by `app:service_session { authorization = … }`.",
    key: { $0.entityID.rawValue }, version: { $0.app.device.ios }, describe: { "CLServiceSession(\($0.requirement.rawValue), \($0.isActive ? "active" : "ended"))" },
    members: [
      .property("active", "boolean", "SS0: from creation until invalidated or lost at termination.") { session, call in
        call.push(session.isActive)
      },
      .property("authorization", "ServiceSessionAuthorization", "What it requires: none, whenInUse or always.") {
        session, call in call.push(session.requirement.rawValue)
      },
      .property("diagnostics", "Diagnostics", "Its diagnostics now (§18).") { session, call in
        call.push(LuaValue(diagnostics: session.diagnostics))
      },
      .method("invalidate", "Ends it at once (SS10).") { session, call in
        try call.session.act(&call) { session.invalidate() }
      },
    ]
  )
}
