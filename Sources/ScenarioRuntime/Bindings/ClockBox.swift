import LuaBridge
import PermissionModel

/// The virtual clock (`clock`, SCENARIO_API §8): one object per engine, always the running session's clock.
final class ClockBox {
  unowned let engine: ScenarioEngine

  init(engine: ScenarioEngine) {
    self.engine = engine
  }

  /// The running session.
  var session: ScenarioSession {
    get throws { try engine.running() }
  }

  static let properties = ["now", "date"]

  static let methods: [String: LuaObjectType<ClockBox>.Method] = [
    "advance": { box, call in
      let session = try box.session
      let clock = session.world.clock
      switch call.type(2) {
      case .number:
        let seconds = try call.number(2)
        try box.session.act(&call) { try clock.advance(bySeconds: seconds) }
      case .string:
        let text = try call.string(2)
        try box.session.act(&call) { try clock.advance(by: text) }
      default:
        throw LuaCallError.argument(2, "duration expected (seconds, or a string such as \"10s\"), got \(call.typeName(2))")
      }
    },
    "advance_to": { box, call in
      let text = try call.string(2)
      let session = try box.session
      try session.act(&call) { try session.world.clock.advance(toWallClock: text) }
    },
  ]
  static let methodNames = methods.keys.sorted()

  static let type = LuaObjectType<ClockBox>(
    name: "Clock",
    methods: methods,
    index: { box, call in
      let key = try Member.key(call, of: "Clock")
      switch key {
      case "now": call.push(try box.session.world.clock.now.seconds)
      case "date": call.push(try box.session.wallClock.description)
      default: throw Member.unknown(key, of: "Clock", among: ClockBox.properties + ClockBox.methodNames)
      }
    },
    newIndex: { _, call in
      let hint = "move time with clock:advance(…) or clock:advance_to(…)"
      try Member.refuseWrite(
        call, of: "Clock", properties: ClockBox.properties, methods: ClockBox.methodNames,
        hints: ["now": hint, "date": hint])
    },
    toString: { box in
      guard let session = box.engine.session else { return "Clock" }
      return "Clock(\(session.world.clock.now), \(session.wallClock))"
    }
  )
}
