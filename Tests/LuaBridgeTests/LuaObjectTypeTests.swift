import LuaBridge
import Testing

/// A stand-in for the runtime's alert objects.
final class Alert {
  let counter: LiveCounter?
  var title: String
  var buttons: [String]
  var tapped: [String] = []

  init(title: String, buttons: [String], counter: LiveCounter? = nil) {
    self.title = title
    self.buttons = buttons
    self.counter = counter
    counter?.live += 1
  }

  deinit {
    counter?.live -= 1
  }
}

@Suite("Swift objects")
struct LuaObjectTypeTests {
  static let alertType = LuaObjectType<Alert>(
    name: "Alert",
    methods: [
      "tap": { alert, call in
        let label = try call.string(2)
        guard alert.buttons.contains(label) else {
          throw LuaCallError.message("no button '\(label)' (buttons: \(alert.buttons.joined(separator: ", ")))")
        }
        alert.tapped.append(label)
      },
    ],
    index: { alert, call in
      switch try call.string(2) {
      case "title": call.push(alert.title)
      case "buttons": call.push(alert.buttons)
      case let member: throw LuaCallError.message("unknown member '\(member)' of Alert")
      }
    },
    newIndex: { alert, call in
      guard try call.string(2) == "title" else { throw LuaCallError.message("read-only member") }
      alert.title = try call.string(3)
    },
    toString: { alert in "Alert(\(alert.title))" },
    length: { alert in alert.buttons.count },
    call: { alert, call in call.push("called \(alert.title) with \(call.argumentCount - 1) arguments") },
    equal: { $0.title == $1.title }
  )

  func makeState(with alert: Alert) -> LuaState {
    let state = LuaState()
    state.globals.rawSet("alert", Self.alertType.wrap(alert))
    return state
  }

  @Test("methods, properties and metamethods run in Swift")
  func members() throws {
    let alert = Alert(title: "Allow?", buttons: ["Allow Once", "Don’t Allow"])
    let state = makeState(with: alert)
    let results = try state.run("""
      alert:tap "Allow Once"
      alert.title = "Changed"
      return alert.title, #alert, tostring(alert), alert(1, 2), alert.buttons[2], type(alert)
      """)
    #expect(results == ["Changed", 2, "Alert(Changed)", "called Changed with 2 arguments", "Don’t Allow", "userdata"])
    #expect(alert.tapped == ["Allow Once"])
    #expect(alert.title == "Changed")
  }

  @Test("errors from methods and members carry the scenario's position")
  func memberErrors() throws {
    let state = makeState(with: Alert(title: "t", buttons: ["OK"]))
    let cases: [(String, String)] = [
      ("alert:tap 'Cancel'", "a.lua:1: no button 'Cancel' (buttons: OK)"),
      ("alert:tap()", "a.lua:1: bad argument #1 to 'tap' (string expected, got no value)"),
      ("alert.tap('OK')", "a.lua:1: bad argument #1 to 'tap' (Alert expected, got string; call methods with ':', as in object:tap(…))"),
      ("return alert.requestWhenInUse", "a.lua:1: unknown member 'requestWhenInUse' of Alert"),
      ("alert.buttons = {}", "a.lua:1: read-only member"),
    ]
    for (code, message) in cases {
      let error = try #require(throws: LuaError.self) { try state.run(code, chunkName: "@a.lua") }
      #expect(error.message == message, "\(code)")
    }
  }

  @Test("the same object is the same userdata; equality uses the type's rule")
  func identity() throws {
    let alert = Alert(title: "same", buttons: [])
    let state = makeState(with: alert)
    state.globals.rawSet("again", Self.alertType.wrap(alert))
    state.globals.rawSet("twin", Self.alertType.wrap(Alert(title: "same", buttons: [])))
    state.globals.rawSet("other", Self.alertType.wrap(Alert(title: "other", buttons: [])))
    let results = try state.run("return rawequal(alert, again), rawequal(alert, twin), alert == twin, alert == other")
    #expect(results == [true, false, true, false])
  }

  @Test("a key names one userdata until the cache is cleared; then the next push of it makes a new one")
  func keyedIdentity() throws {
    let counter = LiveCounter()
    let state = LuaState()
    state.globals.rawSet("a", Self.alertType.wrap(Alert(title: "first", buttons: [], counter: counter), key: 7))
    state.globals.rawSet("b", Self.alertType.wrap(Alert(title: "dropped", buttons: [], counter: counter), key: 7))
    state.globals.rawSet("title_of", state.makeFunction { call in call.push(try call.object(1, of: Self.alertType).title) })
    #expect(try state.run("return rawequal(a, b), title_of(b)") == [true, "first"])
    state.clearObjectCache()  // a new session: its key 7 is another entity
    state.globals.rawSet("c", Self.alertType.wrap(Alert(title: "second", buttons: [], counter: counter), key: 7))
    state.globals.rawSet("d", Self.alertType.wrap(Alert(title: "dropped too", buttons: [], counter: counter), key: 7))
    #expect(try state.run("return rawequal(a, c), rawequal(c, d), title_of(a), title_of(c)") == [false, true, "first", "second"])
    try state.run("a, b = nil, nil; collectgarbage(); collectgarbage()")
    #expect(counter.live == 1)
    #expect(try state.run("return title_of(c)") == ["second"])
  }

  @Test("the metatable is out of reach, so __gc cannot be called twice")
  func protectedMetatable() throws {
    let state = makeState(with: Alert(title: "t", buttons: []))
    #expect(try state.run("return getmetatable(alert)") == [false])
    let error = try #require(throws: LuaError.self) { try state.run("setmetatable(alert, {})", chunkName: "=m") }
    #expect(error.message.contains("bad argument #1 to 'setmetatable' (table expected, got Alert)"))
  }

  @Test("a Swift function reads an object argument by type")
  func objectArguments() throws {
    let alert = Alert(title: "t", buttons: [])
    let state = makeState(with: alert)
    state.globals.rawSet("title_of", state.makeFunction { call in
      call.push(try call.object(1, of: Self.alertType).title)
    })
    #expect(try state.run("return title_of(alert)") == ["t"])
    let error = try #require(throws: LuaError.self) { try state.run("title_of({})", chunkName: "=o") }
    #expect(error.message == "o:1: bad argument #1 to 'title_of' (Alert expected, got table)")
  }

  @Test("an object is released exactly once when Lua collects it")
  func releasedWhenCollected() throws {
    let counter = LiveCounter()
    let state = LuaState()
    state.globals.rawSet("alert", Self.alertType.wrap(Alert(title: "t", buttons: [], counter: counter)))
    state.globals.rawSet("alert2", Self.alertType.wrap(Alert(title: "u", buttons: [], counter: counter)))
    #expect(counter.live == 2)
    try state.run("alert = nil; collectgarbage(); collectgarbage()")
    #expect(counter.live == 1)
    try state.run("collectgarbage()")
    #expect(counter.live == 1)
    _ = consume state
    #expect(counter.live == 0)
  }

  @Test("objects pushed and dropped many times are all released")
  func manyObjects() throws {
    let counter = LiveCounter()
    do {
      let state = LuaState()
      let count = state.makeFunction { call in
        call.push(Self.alertType.wrap(Alert(title: "\(call.argumentCount)", buttons: [], counter: counter)))
      }
      state.globals.rawSet("make", count)
      try state.run("for i = 1, 10000 do local a = make(); assert(a.title == '0') end")
      #expect(counter.live < 10_000)
    }
    #expect(counter.live == 0)
  }
}
