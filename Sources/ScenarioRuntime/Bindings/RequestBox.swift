import LuaBridge
import PermissionModel

/// What `requestTemporaryFullAccuracyAuthorization` returns: `done` and `error` once the completion ran (C7).
final class RequestBox {
  let request: TemporaryFullAccuracyRequest

  init(request: TemporaryFullAccuracyRequest) {
    self.request = request
  }

  static let properties = ["done", "error", "purposeKey"]

  static let type = LuaObjectType<RequestBox>(
    name: "TemporaryFullAccuracyRequest",
    index: { box, call in
      let key = try Member.key(call, of: "TemporaryFullAccuracyRequest")
      switch key {
      case "done": call.push(box.request.done)
      case "error": call.push(box.request.error?.rawValue)
      case "purposeKey": call.push(box.request.purposeKey)
      default: throw Member.unknown(key, of: "TemporaryFullAccuracyRequest", among: properties)
      }
    },
    newIndex: { _, call in
      try Member.refuseWrite(call, of: "TemporaryFullAccuracyRequest", properties: properties)
    },
    toString: { box in
      "TemporaryFullAccuracyRequest(\(box.request.purposeKey), \(box.request.done ? "done" : "waiting"))"
    }
  )
}

extension ScenarioSession {
  func requestBox(_ request: TemporaryFullAccuracyRequest) -> RequestBox {
    if let box = requestBoxes[request] { return box }
    let box = RequestBox(request: request)
    requestBoxes[request] = box
    return box
  }
}
