import LuaBridge
import PermissionModel
import PlistLoader

// MARK: - What the prelude and scenarios reach in Swift

extension ScenarioEngine {
  /// Installs the host primitives once per engine; each serves the session running at the time of the call.
  func installPrimitives(in host: LuaTable) {
    host.rawSet("suggest", state.makeFunction { call in
      let word = try call.string(1)
      let candidates = (call.value(2).array ?? []).compactMap(\.string)
      call.push(Spelling.closest(to: word, in: candidates))
    })
    host.rawSet("callback_names", DelegateMethod.allCases.map(\.rawValue))
    // The n-th callback delivered to an app, or nil, and how many were delivered: what expect_callback
    // reads, without turning every callback into a table as `app.callbacks` does.
    host.rawSet("callback", state.makeFunction { call in
      let callbacks = try call.object(1, of: AppBox.type).app.callbacks
      let position = try call.integer(2)
      call.push(callbacks.indices.contains(position - 1) ? LuaValue(callback: callbacks[position - 1]) : nil)
      call.push(callbacks.count)
    })
    host.rawSet("current_app", state.makeFunction { [unowned self] call in
      call.push(try running().currentApp.map { AppBox.type.wrap($0) })
    })
    host.rawSet("current_device", state.makeFunction { [unowned self] call in
      call.push(try running().currentDevice.map { DeviceBox.type.wrap($0) })
    })
    host.rawSet("epoch", state.makeFunction { [unowned self] call in
      call.push(Int(try running().wallClock.secondsSinceEpoch))
    })
    host.rawSet("now", state.makeFunction { [unowned self] call in
      call.push(try running().world.clock.now.seconds)
    })
    host.rawSet("module_source", state.makeFunction { [unowned self] call in
      let (source, path) = try running().moduleSource(named: call.string(1))
      call.push(source)
      call.push(path)
    })
    // Called by the loader between a file's top level and the case body: devices are allowed from now on,
    // and the body starts a new instruction budget.
    host.rawSet("begin_body", state.makeFunction { [unowned self] _ in
      try running().allowsDevices = true
      state.instructionCount = 0
    })
    host.rawSet("device", state.makeFunction { [unowned self] call in
      try running().makeDevice(&call)
    })
    host.rawSet("print", state.makeFunction { [unowned self] call in
      let session = try running()
      var parts: [String] = []
      for position in stride(from: 1, through: call.argumentCount, by: 1) {
        parts.append(try call.describe(position))
      }
      let line = parts.joined(separator: "\t")
      if let handler = session.printHandler { handler(line) } else { session.world.note("print: " + line) }
      try session.checkTranscript()
    })
    host.rawSet("clock", ClockBox.type.wrap(ClockBox(engine: self)))
  }

  /// The session the engine serves now.
  func running() throws -> ScenarioSession {
    guard let session else { throw LuaCallError.message("no scenario session is running") }
    return session
  }
}

// MARK: - require

extension ScenarioSession {
  /// The source of the Lua module `name` (`a.b` → `a/b.lua`), searched beside the scenario file, then under the root.
  func moduleSource(named name: String) throws -> (String, String) {
    guard Self.isModuleName(name) else {
      throw LuaCallError.message(
        "bad module name '\(name)' to 'require' (use names like \"helpers\" or \"flows.onboarding\": letters, digits, _ and -, separated by dots)"
      )
    }
    let files = engine.environment.files
    let relative = name.split(separator: ".").joined(separator: "/") + ".lua"
    var bases: [String?] = [nil]
    if let directory = file?.directory { bases.insert(directory, at: 0) }
    for base in bases {
      let resolved: String
      do {
        resolved = try files.resolve(relative, relativeTo: base)
      } catch let error as FileAccessError where error.kind == .notFound {
        continue
      }
      return (String(decoding: try files.read(resolved), as: UTF8.self), files.displayPath(resolved))
    }
    let beside = file.map { " beside \($0.path) or" } ?? ""
    throw LuaCallError.message("module '\(name)' not found: no \(relative)\(beside) under the root \(files.root)")
  }

  private static func isModuleName(_ name: String) -> Bool {
    !name.isEmpty
      && name.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { part in
        !part.isEmpty
          && part.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-" }
      }
  }
}
