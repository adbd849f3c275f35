import LuaBridge
import PermissionModel

extension TemporaryFullAccuracyRequest {
  /// What `requestTemporaryFullAccuracyAuthorization` returns: `done` and `error` once the completion ran (C7).
  static let members = MemberTable<TemporaryFullAccuracyRequest>(
    "TemporaryFullAccuracyRequest", "What `requestTemporaryFullAccuracyAuthorization` returns.",
    key: { $0.entityID.rawValue },
    describe: { "TemporaryFullAccuracyRequest(\($0.purposeKey), \($0.done ? "done" : "waiting"))" },
    members: [
      .property("done", "boolean", "True once the completion ran.") { request, call in call.push(request.done) },
      .property("error", "CLErrorCode?", "The completion's error: nil, or \"promptDeclined\".") { request, call in
        call.push(request.error?.rawValue)
      },
      .property("purposeKey", "string", "The purpose key it was asked with.") { request, call in
        call.push(request.purposeKey)
      },
    ]
  )
}
