import LuaBridge
import PermissionModel

/// The virtual clock as Lua sees it (`clock`, SCENARIO_API §8): one object per engine, always the running session's clock.
final class ScenarioClock {
  static let members = MemberTable<ScenarioClock>(
    "Clock", "The virtual clock of the running scenario; nothing ever sleeps.",
    key: { _ in 0 },
    describe: { clock in
      guard let session = clock.engine?.session else { return "Clock" }
      return "Clock(\(session.world.clock.now), \(session.wallClock))"
    },
    members: [
      .property(
        "now", "number", "Virtual seconds since the scenario began.",
        hint: "move time with clock:advance(…) or clock:advance_to(…)"
      ) { _, call in call.push(try call.session.world.clock.now.seconds) },
      .property(
        "date", "string", "The local wall-clock time, \"YYYY-MM-DDTHH:MM:SS\".",
        hint: "move time with clock:advance(…) or clock:advance_to(…)"
      ) { _, call in call.push(try call.session.wallClock.description) },
      .method(
        "advance", [MemberParameter("duration", "Duration")],
        "Moves time forward, firing every timer that falls due, in order."
      ) { _, call in
        let session = try call.session
        let clock = session.world.clock
        switch call.type(2) {
        case .number:
          let seconds = try call.number(2)
          try session.act(&call) { try clock.advance(bySeconds: seconds) }
        case .string:
          let text = try call.string(2)
          try session.act(&call) { try clock.advance(by: text) }
        default:
          throw LuaCallError.argument(
            2, "duration expected (seconds, or a string such as \"10s\"), got \(call.typeName(2))")
        }
      },
      .method(
        "advance_to", [MemberParameter("time", "string", "\"HH:MM\" or \"HH:MM:SS\".")],
        "Moves to the next time the wall clock shows `time`."
      ) { _, call in
        let text = try call.string(2)
        let session = try call.session
        try session.act(&call) { try session.world.clock.advance(toWallClock: text) }
      },
    ]
  )

  weak var engine: ScenarioEngine?

  init(engine: ScenarioEngine) {
    self.engine = engine
  }
}
