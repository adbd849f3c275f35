/// One scenario's universe: a virtual clock, a transcript, and the devices on which apps run.
///
/// ### Implementation
/// The world is a router (see `Sources/PermissionModel/README.md`): an operation looks up a record
/// by its typed id (one subscript per kind, `World+Records.swift`), calls the record's machine
/// (`AuthorizationMachine`, `AppActivityMachine`, `LocationSessionMachine`), applies the effects
/// the machine returns through the one `apply(_:)` (`World+Effects.swift`), then derives what follows
/// (C3 callbacks, L2 suspension, U3 pauses) in one fixpoint loop (`World+Derive.swift`).
/// `Device`, `App`, `LocationManager`, `Alert`, `Settings` and `TemporaryFullAccuracyRequest` are
/// small handles holding the world and an id, so the runtime can keep them in Lua userdata for as
/// long as it likes without reference cycles.
///
/// A world is single-threaded: use it from one thread at a time. Worlds share nothing, so separate
/// worlds may run on separate threads.
public final class World {
  var now = VirtualInstant.start
  var timers = TimerQueue()
  var entries: [TranscriptEntry] = []
  private var _transcriptBytes = 0
  var deviceRecords: [DeviceRecord] = []
  var appRecords: [AppRecord] = []
  var managerRecords: [ManagerRecord] = []
  var alertRecords: [AlertRecord] = []
  var requestRecords: [TemporaryRequestRecord] = []
  /// Where each iOS 15+ object lives, one list per kind (their machines are in the app's `AppSessions`).
  var streamRefs: [SessionObjectRef] = []
  var monitorRefs: [SessionObjectRef] = []
  var backgroundSessionRefs: [SessionObjectRef] = []
  var serviceSessionRefs: [SessionObjectRef] = []
  /// What the cases took, one record per iOS version (``pathsTaken`` adds the rules the transcript cites).
  var taken: [TakenPaths] = []
  /// Sees every effect `apply` performs, in order (tests assert on effects rather than on transcript text).
  var effectObserver: ((Effect) -> Void)?

  /// Creates an empty world at virtual time zero.
  public init() {}

  // MARK: - Clock and transcript

  /// The virtual clock every device of this world shares.
  public var clock: VirtualClock { VirtualClock(world: self) }

  /// Everything that happened, in order, each line prefixed with its virtual time.
  public var transcript: [String] { entries.map(\.description) }

  /// The transcript as structured entries.
  public var transcriptEntries: [TranscriptEntry] { entries }

  /// How much transcript a world keeps, so that a scenario looping for its whole budget cannot make it hold gigabytes.
  public enum TranscriptLimit {
    /// A line's text is cut after this many bytes of UTF-8.
    public static let lineBytes = 16 << 10
    /// What the transcript may hold, counting each line's text (a typed entry's estimate, `TranscriptEntry.cost`)
    /// and 64 bytes more per line (some 100,000 short lines).
    public static let totalBytes = 8 << 20
  }

  /// Whether the transcript reached ``TranscriptLimit/totalBytes``: a last line says so, and nothing later is kept.
  public private(set) var isTranscriptFull = false

  /// Adds a line of the scenario's own (a `print`, a loader diagnostic) to the transcript at the current time.
  public func note(_ text: String) {
    log(.world, text)
  }

  /// How many timers are waiting to fire.
  public var pendingTimerCount: Int { timers.count }

  // MARK: - Devices

  /// Every device created so far, oldest first.
  public var devices: [Device] { deviceRecords.indices.map { Device(world: self, id: DeviceID($0)) } }

  /// Creates a simulated iPhone.
  public func makeDevice(_ options: DeviceOptions = DeviceOptions()) -> Device {
    let id = DeviceID(deviceRecords.count)
    deviceRecords.append(
      DeviceRecord(
        number: id.rawValue + 1, version: options.ios, rules: RuleSet.forVersion(options.ios), locale: options.locale,
        texts: SystemTexts(locale: options.locale),
        startDate: options.date, createdAt: now, locationServicesEnabled: options.locationServicesEnabled,
        location: options.location, lastMovedAt: now, wifiSSID: options.wifi))
    startPaths(on: id)
    apply(.record(.deviceMade(name: deviceName(id), options: options), about: .device(id)))
    return Device(world: self, id: id)
  }

  // MARK: - Logging

  /// Appends an entry to the transcript, within ``TranscriptLimit`` (only `apply` calls it).
  func append(_ event: TranscriptEntry.Event, about subject: TranscriptEntry.Subject, device: DeviceID?) {
    guard !isTranscriptFull else { return }
    var event = event
    if case .note(let text) = event, text.utf8.count > TranscriptLimit.lineBytes {
      event = .note(Self.prefix(of: text, maxBytes: TranscriptLimit.lineBytes))
    }
    let entry = TranscriptEntry(at: now, device: device.map { $0.rawValue + 1 }, subject: subject, event: event)
    _transcriptBytes += entry.cost
    guard _transcriptBytes <= TranscriptLimit.totalBytes else {
      isTranscriptFull = true
      entries.append(
        TranscriptEntry(
          at: now, device: nil,
          event: .note("the transcript is full (\(TranscriptLimit.totalBytes >> 20) MiB): nothing later is kept")))
      return
    }
    entries.append(entry)
  }

  /// `text`, or its first `maxBytes` of UTF-8 (whole scalars) and `…`.
  static func prefix(of text: String, maxBytes: Int) -> String {
    guard text.utf8.count > maxBytes else { return text }
    var end = text.utf8.index(text.startIndex, offsetBy: maxBytes)
    while end.samePosition(in: text.unicodeScalars) == nil { end = text.utf8.index(before: end) }
    return String(text.unicodeScalars[..<end]) + "…"
  }

  func deviceName(_ device: DeviceID) -> String {
    device.rawValue == 0 ? "phone" : "phone#\(device.rawValue + 1)"
  }

  // MARK: - Shared reads

  func reported(_ app: AppID) -> AuthorizationSnapshot {
    self[app].machine.reported(locationServicesEnabled: self[self[app].device].locationServicesEnabled)
  }

  func context(_ app: AppID) -> RequestContext {
    let device = self[self[app].device]
    return RequestContext(
      isForeground: self[app].activity.appState == .foreground, isAlertShowing: device.currentAlert != nil,
      locationServicesEnabled: device.locationServicesEnabled)
  }

  /// The device's wall clock now.
  func wallClock(of device: DeviceID) -> LocalDateTime {
    self[device].startDate.adding(seconds: (now - self[device].createdAt).nanoseconds / 1_000_000_000)
  }

  func misuseUnavailable(
    _ what: String, needs verb: String = "needs", since version: OSVersion?, on device: DeviceID
  ) -> MisuseError {
    let installed = self[device].version
    guard let version else {
      return MisuseError(.unavailable, "\(what) is not available on iOS \(installed)")
    }
    return MisuseError(.unavailable, "\(what) \(verb) iOS \(version); this device runs iOS \(installed)")
  }
}
