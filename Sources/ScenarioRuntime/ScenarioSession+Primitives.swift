import LuaBridge
import PermissionModel
import PlistLoader

// MARK: - What the prelude and scenarios reach in Swift

extension ScenarioSession {
  /// Primitives the prelude captures while it loads; they need no session.
  static func installStatelessPrimitives(in host: LuaTable, of state: LuaState) {
    host.rawSet("suggest", state.makeFunction { call in
      let word = try call.string(1)
      let candidates = (call.value(2).array ?? []).compactMap(\.string)
      call.push(Spelling.closest(to: word, in: candidates))
    })
    host.rawSet("callback_names", DelegateMethod.allCases.map(\.rawValue))
  }

  /// The session's globals (`device`, `clock`, `print`) and the primitives the prelude calls later.
  func installPrimitives(in host: LuaTable) {
    host.rawSet("current_app", state.makeFunction { [unowned self] call in
      call.push(currentApp.map { AppBox.type.wrap($0) })
    })
    host.rawSet("current_device", state.makeFunction { [unowned self] call in
      call.push(currentDevice.map { DeviceBox.type.wrap($0) })
    })
    host.rawSet("epoch", state.makeFunction { [unowned self] call in
      call.push(Int(wallClock.secondsSinceEpoch))
    })
    host.rawSet("now", state.makeFunction { [unowned self] call in
      call.push(world.clock.now.seconds)
    })
    host.rawSet("load_module", state.makeFunction { [unowned self] call in
      let (module, path) = try loadModule(named: call.string(1))
      call.push(module)
      call.push(path)
    })

    let globals = state.globals
    globals.rawSet("device", state.makeFunction { [unowned self] call in
      try makeDevice(&call)
    })
    globals.rawSet("print", state.makeFunction { [unowned self] call in
      var parts: [String] = []
      for position in stride(from: 1, through: call.argumentCount, by: 1) {
        parts.append(try call.describe(position))
      }
      let line = parts.joined(separator: "\t")
      if let printHandler { printHandler(line) } else { world.note("print: " + line) }
    })
    globals.rawSet("clock", ClockBox.type.wrap(clockBox))
  }

  /// The wall clock `os.time` and `os.date` read: the newest device's, or the default start date.
  var wallClock: LocalDateTime {
    devicesInOrder.last?.device.date ?? world.clock.date
  }
}

// MARK: - require

extension ScenarioSession {
  /// Compiles the Lua module `name` (`a.b` → `a/b.lua`), searched beside the scenario file, then under the root.
  func loadModule(named name: String) throws -> (LuaFunction, String) {
    guard Self.isModuleName(name) else {
      throw LuaCallError.message(
        "bad module name '\(name)' to 'require' (use names like \"helpers\" or \"flows.onboarding\": letters, digits, _ and -, separated by dots)"
      )
    }
    let relative = name.split(separator: ".").joined(separator: "/") + ".lua"
    var bases: [String?] = [nil]
    if let directory = file?.directory { bases.insert(directory, at: 0) }
    for base in bases {
      let resolved: String
      do {
        resolved = try environment.files.resolve(relative, relativeTo: base)
      } catch let error as FileAccessError where error.kind == .notFound {
        continue
      }
      let shown = environment.files.displayPath(resolved)
      let source = try environment.files.read(resolved)
      return (try state.load([UInt8](source), chunkName: "@" + shown), shown)
    }
    let beside = file.map { " beside \($0.path) and" } ?? ""
    throw LuaCallError.message("module '\(name)' not found: no \(relative)\(beside) under the root \(environment.files.root)")
  }

  private static func isModuleName(_ name: String) -> Bool {
    !name.isEmpty
      && name.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { part in
        !part.isEmpty && part.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-" }
      }
  }
}
