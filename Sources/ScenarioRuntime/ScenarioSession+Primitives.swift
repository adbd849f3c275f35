import LuaBridge
import PermissionModel
import PlistLoader
import Reporting

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
    // expect_callback: the app's next unread callback (then counted as read), its position, and how
    // many were delivered. The read cursor lives in the session, keyed by the app's id.
    host.rawSet("read_callback", state.makeFunction { call in
      let session = try call.session
      let app = try call.object(1, of: App.members.objectType)
      let callbacks = app.callbacks
      let position = session.callbacksRead[app.entityID, default: 0] + 1
      if callbacks.indices.contains(position - 1) {
        session.callbacksRead[app.entityID] = position
        call.push(LuaFields(callback: callbacks[position - 1]))
      } else {
        call.push(nil as String?)
      }
      call.push(position)
      call.push(callbacks.count)
    })
    // expect_no_callback: how many of the app's callbacks have been read.
    host.rawSet("callbacks_read", state.makeFunction { call in
      let app = try call.object(1, of: App.members.objectType)
      call.push(try call.session.callbacksRead[app.entityID, default: 0])
    })
    // Signals (CaseSignal): made only here, from the prelude's trusted frames. Their texts are read
    // without charging the budget: the message of the error that ends a case is no work of the case.
    host.rawSet("failure", state.makeFunction { call in
      call.push(
        CaseSignal(
          .failure, message: try call.string(1, charging: false), details: try call.optionalString(2, charging: false) ?? "",
          location: try Self.location(call, 3), traceback: try call.optionalString(5, charging: false)
        ).asLuaObject)
    })
    host.rawSet("error_signal", state.makeFunction { call in
      call.push(
        CaseSignal(.error, message: try call.string(1, charging: false), location: try Self.location(call, 2), traceback: try call.optionalString(4, charging: false))
          .asLuaObject)
    })
    // The kind of a signal ("failure", "crash", "error"), or nil for any other value.
    host.rawSet("signal_kind", state.makeFunction { call in
      call.push(call.optionalObject(1, of: CaseSignal.type)?.kind.rawValue)
    })
    host.rawSet("with_traceback", state.makeFunction { call in
      let signal = try call.object(1, of: CaseSignal.type)
      call.push(signal.withTraceback(try call.string(2, charging: false)).asLuaObject)
    })
    host.rawSet("current_app", state.makeFunction { call in
      let session = try call.session
      call.push(session.currentApp.map { App.members.wrap(session.world.app($0)) })
    })
    host.rawSet("current_device", state.makeFunction { call in
      call.push(try call.session.currentDevice.map(Device.members.wrap))
    })
    host.rawSet("epoch", state.makeFunction { call in
      call.push(Int(try call.session.wallClock.secondsSinceEpoch))
    })
    host.rawSet("now", state.makeFunction { call in
      call.push(try call.session.world.clock.now.seconds)
    })
    host.rawSet("module_source", state.makeFunction { call in
      let (source, path) = try call.session.moduleSource(named: call.string(1))
      call.push(source)
      call.push(path)
    })
    // Called by the loader between a file's top level and the case body: devices are allowed from now on,
    // the body starts a new instruction budget, and no traversal of `next` carries over from the top
    // level or, when the cases share it, from the case before.
    host.rawSet("begin_body", state.makeFunction { call in
      try call.session.allowsDevices = true
      call.state.instructionCount = 0
      call.state.forgetTraversals()
    })
    host.rawSet("device", state.makeFunction { call in
      try call.session.makeDevice(&call)
    })
    host.rawSet("print", state.makeFunction { call in
      let session = try call.session
      var parts: [String] = []
      for position in stride(from: 1, through: call.argumentCount, by: 1) {
        parts.append(try call.describe(position))
      }
      let line = parts.joined(separator: "\t")
      if let handler = session.printHandler { handler(line) } else { session.world.note("print: " + line) }
      try session.checkTranscript()
    })
    host.rawSet("clock", ScenarioClock.members.wrap(ScenarioClock(engine: self)))
  }

  /// The author's position passed as (path, line) at `position`, `position + 1`.
  private static func location(_ call: LuaCall, _ position: Int) throws -> ScriptLocation? {
    guard let path = try call.optionalString(position), let line = try call.optionalInteger(position + 1), line > 0 else {
      return nil
    }
    return ScriptLocation(path: path, line: line)
  }
}

// MARK: - require

extension ScenarioSession {
  /// The source of the Lua module `name` (`a.b` → `a/b.lua`), searched beside the scenario file, then under the root.
  func moduleSource(named name: String) throws -> (String, String) {
    // A name of N parts makes the file gate resolve each missing ancestor in turn (O(N²)): bound it first.
    let length = name.utf8.count
    guard length <= Self.maximumModuleNameLength else {
      throw LuaCallError.message(
        "bad module name of \(length) bytes to 'require' (at most \(Self.maximumModuleNameLength))")
    }
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
      let source = ScenarioFile.loadable([UInt8](try files.read(resolved)))
      return (String(decoding: source, as: UTF8.self), files.displayPath(resolved))
    }
    let beside = file.map { " beside \($0.path) or" } ?? ""
    throw LuaCallError.message("module '\(name)' not found: no \(relative)\(beside) under the root \(files.root)")
  }

  /// The longest module name `require` takes, in bytes.
  static let maximumModuleNameLength = 1024

  private static func isModuleName(_ name: String) -> Bool {
    !name.isEmpty
      && name.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { part in
        !part.isEmpty
          && part.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-" }
      }
  }
}
