import LuaBridge
import PermissionModel

/// A system alert as Lua sees it (SCENARIO_API §5): live fields and `tap`, `set_precise`.
final class AlertBox {
  let alert: Alert
  unowned let session: ScenarioSession

  init(alert: Alert, session: ScenarioSession) {
    self.alert = alert
    self.session = session
  }

  static let properties = ["kind", "id", "title", "message", "buttons", "precise", "map"]

  static let methods: [String: LuaObjectType<AlertBox>.Method] = [
    "tap": { box, call in
      let label = try call.string(2)
      try box.session.act(&call) { try box.alert.tap(label) }
    },
    "set_precise": { box, call in
      guard call.type(2) == .boolean else { throw LuaCallError.argument(2, "boolean expected, got \(call.typeName(2))") }
      let on = call.boolean(2)
      try box.session.act(&call) { try box.alert.setPrecise(on) }
    },
  ]
  static let methodNames = methods.keys.sorted()

  static let type = LuaObjectType<AlertBox>(
    name: "Alert",
    methods: methods,
    index: { box, call in
      let key = try Member.key(call, of: "Alert")
      switch key {
      case "kind": call.push(box.alert.kind.rawValue)
      case "id": call.push(box.alert.rule.rawValue)
      case "title": call.push(box.alert.title)
      case "message": call.push(box.alert.message)
      case "buttons": call.push(box.alert.buttons)
      case "precise": call.push(box.alert.precise)
      case "map": call.push(box.alert.map?.rawValue)
      default: throw Member.unknown(key, of: "Alert", among: AlertBox.properties + AlertBox.methodNames)
      }
    },
    newIndex: { _, call in
      try Member.refuseWrite(
        call, of: "Alert", properties: AlertBox.properties, methods: AlertBox.methodNames,
        hints: ["precise": "flip the switch with alert:set_precise(on)"])
    },
    toString: { box in "Alert(\(box.alert.rule.rawValue) \(box.alert.kind.rawValue): “\(box.alert.title)”)" },
    equal: { $0.alert == $1.alert }
  )
}

extension ScenarioSession {
  func alertBox(_ alert: Alert) -> AlertBox {
    if let box = alertBoxes[alert] { return box }
    let box = AlertBox(alert: alert, session: self)
    alertBoxes[alert] = box
    return box
  }
}
