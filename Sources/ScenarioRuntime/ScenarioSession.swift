import LuaBridge
import PermissionModel
import Reporting

/// One case's state on an engine (or a file's while it is collected, or the REPL's): a model world and what the scenario attached to it.
///
/// Everything a scenario can observe lives here or in the world, keyed by the model's typed ids:
/// how many of an app's callbacks `expect_callback` has read, a device's `on_prompt` handler, the
/// version as the scenario wrote it. The Lua objects of devices, apps, managers and alerts are views
/// (see ``MemberTable``): dropping one and getting it again changes nothing a scenario can see,
/// whenever the collector runs. A session shares nothing with other sessions but its engine's state,
/// whose globals it does not see (see ``ScenarioEngine``).
public final class ScenarioSession {
  let engine: ScenarioEngine
  let file: ScenarioFile?
  /// The model world the session's scenario acts on.
  public let world = World()
  /// The iOS version `device{…}` uses when its options name none: the case's version.
  public let defaultVersion: RequestedVersion
  /// Whether scenario code may create devices now (false while a file's top level runs).
  var allowsDevices: Bool
  /// What the scenario attached to each device.
  var devices: [EntityID<Device>: DeviceScript] = [:]
  /// How many of each app's callbacks `expect_callback` has read.
  var callbacksRead: [EntityID<App>: Int] = [:]
  /// The most recently installed app: the target of `expect_callback`, `expect_console`, ….
  var currentApp: EntityID<App>?
  /// Set while `on_prompt` handlers run, so answering one alert does not re-enter the dispatch.
  var answeringPrompts = false
  /// Where `print` goes; nil puts printed lines into the transcript (the REPL prints them at once).
  public var printHandler: ((String) -> Void)?

  init(engine: ScenarioEngine, file: ScenarioFile?, iosVersion: RequestedVersion, allowsDevices: Bool) {
    self.engine = engine
    self.file = file
    defaultVersion = iosVersion
    self.allowsDevices = allowsDevices
  }

  /// A session for the REPL on an engine of its own: the state's own globals, devices allowed at any time.
  public static func interactive(environment: ScenarioEnvironment, iosVersion: RequestedVersion) throws(LuaError) -> ScenarioSession {
    try ScenarioEngine(environment: environment).interactiveSession(iosVersion: iosVersion)
  }

  /// A seed mixing the run's seed with a name (FNV-1a), so every file and case gets its own sequence.
  static func seed(_ runSeed: UInt64, _ name: String) -> Int {
    Int(truncatingIfNeeded: fnv1a(name, from: fnvOffsetBasis ^ runSeed))
  }

  /// The seed of the case `name` of the file at `path`: the seed of the two joined by a NUL byte, hashed
  /// without joining them.
  static func seed(_ runSeed: UInt64, path: String, case name: String) -> Int {
    Int(truncatingIfNeeded: fnv1a(name, from: fnv1a("\u{0}", from: fnv1a(path, from: fnvOffsetBasis ^ runSeed))))
  }

  private static let fnvOffsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325

  /// `hash` carried on over the bytes of `text` (64-bit FNV-1a).
  private static func fnv1a(_ text: String, from hash: UInt64) -> UInt64 {
    var hash = hash
    var text = text
    text.withUTF8 { bytes in
      for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
    }
    return hash
  }

  var environment: ScenarioEnvironment { engine.environment }

  /// Runs a chunk of REPL input compiled in ``luaState`` and returns its results as Lua's `tostring` shows them.
  public func evaluate(_ function: LuaFunction) throws(LuaError) -> [String] {
    try engine.state.callDescribingResults(function)
  }

  /// The session's Lua state, for the REPL to compile input and to interrupt a running chunk.
  ///
  /// Interactive sessions use the state's own globals, so chunks it compiles see the whole API.
  public var luaState: LuaState { engine.state }

  /// The transcript: every model step and every `print`, each prefixed with its virtual time.
  public var transcript: [String] { world.transcript }

  // MARK: - Entities

  /// What the scenario attached to `device` (created on first use for a device the model made itself).
  func script(of device: Device) -> DeviceScript {
    devices[device.entityID] ?? DeviceScript(iosText: device.ios.description)
  }

  /// The target of `expect_prompt`: the current app's device, else the newest device.
  var currentDevice: Device? {
    currentApp.map { world.app($0).device } ?? world.devices.last
  }

  /// Whether nothing has happened in the session yet: no transcript line, no device, the clock at its start.
  var isUntouched: Bool {
    world.transcriptEntries.isEmpty && world.devices.isEmpty && world.clock.now == .start
  }

  /// The wall clock `os.time`, `os.date` and `clock.date` read: the newest device's, or the default start.
  var wallClock: LocalDateTime {
    world.devices.last?.date ?? world.clock.date
  }
}

/// What a scenario attached to one device, kept by its session under the device's id.
struct DeviceScript {
  /// The version as the scenario wrote it (`"8"` stays `"8"`).
  var iosText: String
  /// `phone:on_prompt(fn)`: answers every later alert.
  var promptHandler: LuaFunction?
  /// The number of the last alert the handler was given.
  var lastAnsweredAlert: Int?
}

extension LuaCall {
  /// The session this call from Lua serves: its engine's running session.
  var session: ScenarioSession {
    get throws {
      guard let owner = state.owner, let session = unsafeDowncast(owner, to: ScenarioEngine.self).session else {
        throw LuaCallError.message("no scenario session is running")
      }
      return session
    }
  }
}
