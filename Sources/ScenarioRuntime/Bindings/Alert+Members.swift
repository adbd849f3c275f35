import LuaBridge
import PermissionModel

extension Alert {
  /// A system alert as Lua sees it (SCENARIO_API §5): live fields and `tap`, `set_precise`.
  static let members = MemberTable<Alert>(
    "Alert", "A system alert; its fields follow the Precise switch as it is flipped.",
    key: { $0.entityID.rawValue }, describe: { "Alert(\($0.rule.rawValue) \($0.kind.rawValue): “\($0.title)”)" },
    members: [
      .property("kind", "AlertKind", "What the alert is about.") { alert, call in call.push(alert.kind.rawValue) },
      .property("id", "string", "The alert's rule id in BEHAVIOR.md: \"P7\", \"P14\", ….") { alert, call in
        call.push(alert.rule.rawValue)
      },
      .property("title", "string", "In the phone's language (`locale`), with the app's own name.") { alert, call in call.push(alert.title) },
      .property("message", "string?", "nil when the alert has no message.") { alert, call in call.push(alert.message) },
      .property("buttons", "string[]", "The labels in display order, exactly as iOS shows them.") { alert, call in
        call.push(alert.buttons)
      },
      .property(
        "precise", "boolean?", "nil when the alert has no Precise switch, else its position.",
        hint: "flip the switch with alert:set_precise(on)"
      ) { alert, call in call.push(alert.precise) },
      .property("map", "\"precise\"|\"approximate\"|nil", "The map the alert shows, if any.") { alert, call in
        call.push(alert.map?.rawValue)
      },
      .method(
        "tap", [MemberParameter("label", "AlertButton|string")],
        "Taps a button; a label that is not on the alert is an error listing those that are."
      ) { alert, call in
        let label = try call.modelString(2)
        try call.session.act(&call) { try alert.tap(label) }
      },
      .method(
        "set_precise", [MemberParameter("on", "boolean")],
        "Flips the Precise switch (iOS 14+ first alert); an error on an alert without one."
      ) { alert, call in
        guard call.type(2) == .boolean else { throw LuaCallError.argument(2, "boolean expected, got \(call.typeName(2))") }
        let on = call.boolean(2)
        try call.session.act(&call) { try alert.setPrecise(on) }
      },
    ]
  )
}
