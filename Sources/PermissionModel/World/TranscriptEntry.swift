/// One line of a world's transcript, kept as values (when, where, whose, what) and rendered only when read.
///
/// The world appends an entry for every effect it applies (`World.apply`). The frequent ones
/// (callbacks, moves of the device, clock steps) stay typed, so that a case nobody reads the
/// transcript of never formats them, and a test can match them without parsing text; a model step's
/// narration (with its rule id) is a ``Event/note(_:)``.
public struct TranscriptEntry: Hashable, Sendable, CustomStringConvertible {
  /// Whose line it is: it gives the line its prefix.
  public enum Subject: Hashable, Sendable {
    /// The world, a device or the scenario itself (`print`): no prefix.
    case world
    /// An app: `Name: …`.
    case app(String)
    /// A location manager of an app: `Name: manager#n …`.
    case manager(app: String, number: Int)
  }

  /// What happened (boxed: a callback is large, and an entry is copied as it is appended and read).
  public indirect enum Event: Hashable, Sendable {
    /// A model step in words, with its rule id, or a line the scenario printed.
    case note(String)
    /// C1: a callback reached its delegate or the app's loop.
    case delivered(Callback)
    /// C5: a callback waits until its suspended app runs again.
    case held(Callback)
    /// C5: a held callback arrived when its app ran again.
    case released(Callback)
    /// The device (its name, `phone` or `phone#2`) moved to a coordinate.
    case moved(device: String, to: Coordinate)
    /// The virtual clock moved forward by a step, to a wall-clock time.
    case clockAdvanced(by: VirtualDuration, to: LocalDateTime)
    /// A device (`phone`, `phone#2`) was made with these options.
    case deviceMade(name: String, options: DeviceOptions)
    /// An alert appeared (§4).
    case alertShown(ShownAlert)
    /// The alert numbered `number` on its device was answered with the button labelled `tapped`, its
    /// Precise switch (A3) as it was then.
    case alertAnswered(number: Int, tapped: String, preciseSwitch: ShownAlert.Switch?)
    /// A Settings step on an app's Location screen (S1–S3, E6), with the screen as it shows after it.
    case settingsChanged(SettingsChange)
  }

  /// When it happened.
  public let at: VirtualInstant
  /// The 1-based number of the device it happened on, or `nil` for the clock.
  public let device: Int?
  /// Whose line it is.
  public let subject: Subject
  /// What happened.
  public let event: Event

  /// Creates an entry (the world makes them as it applies effects).
  public init(at: VirtualInstant, device: Int?, subject: Subject = .world, event: Event) {
    self.at = at
    self.device = device
    self.subject = subject
    self.event = event
  }

  /// The line without its time, as the transcript prints it: `Maps: manager#1 ← didChangeAuthorization(…)`,
  /// cut after ``World/TranscriptLimit/lineBytes``.
  public var text: String {
    let body: String
    switch event {
    case .note(let text): body = text
    case .delivered(let callback): body = sent(callback, "← \(callback)")
    case .held(let callback): body = sent(callback, "held until the app runs (C5): \(callback)")
    case .released(let callback): body = sent(callback, "← \(callback) (held, C5)")
    case .moved(let device, let coordinate): body = "\(device): location \(coordinate)"
    case .clockAdvanced(let duration, let date): body = "clock +\(duration) → \(date)"
    case .deviceMade(let name, let options): body = Self.made(name, options)
    case .alertShown(let alert): body = alert.line
    case .alertAnswered(let number, let tapped, _): body = "alert#\(number) tap “\(tapped)”"
    case .settingsChanged(let change): body = change.line
    }
    let line: String =
      switch subject {
      case .world: body
      case .app(let name): name + ": " + body
      case .manager(let name, let number): name + ": manager#\(number) " + body
      }
    return World.prefix(of: line, maxBytes: World.TranscriptLimit.lineBytes)
  }

  /// The line as the transcript prints it: `[+12.000s] Maps: manager#1 ← didChangeAuthorization(…)`.
  public var description: String { "[\(at)] \(text)" }

  /// A new device's line: `phone: iOS 17.0, locale en, 2026-01-05 09:00, Location Services on, at …`.
  private static func made(_ name: String, _ options: DeviceOptions) -> String {
    var line =
      "\(name): iOS \(options.ios), locale \(options.locale), \(options.date), "
      + "Location Services \(options.locationServicesEnabled ? "on" : "off"), at \(options.location)"
    if let wifi = options.wifi { line += ", Wi-Fi “\(wifi)”" }
    return line
  }

  /// A callback's line names its sender when the line is the app's (a manager's line has the manager in its prefix).
  private func sent(_ callback: Callback, _ text: String) -> String {
    if case .app = subject { return callback.sender + " " + text }
    return text
  }

  /// What the entry counts against ``World/TranscriptLimit/totalBytes``: a note's length (so a printed
  /// line costs what it holds), a typed event a fixed estimate of what it renders to, and 64 bytes.
  var cost: Int {
    let prefix: Int =
      switch subject {
      case .world: 0
      case .app(let name), .manager(let name, _): name.utf8.count + 12
      }
    switch event {
    case .note(let text): return prefix + text.utf8.count + 64
    case .deviceMade(let name, let options): return prefix + name.utf8.count + options.locale.utf8.count
      + (options.wifi?.utf8.count ?? 0) + 128 + 64
    case .alertShown(let alert): return prefix + alert.estimatedBytes + 64
    case .settingsChanged(let change): return prefix + change.estimatedBytes + 64
    case .alertAnswered(_, let tapped, _): return prefix + tapped.utf8.count + 128 + 64
    case .delivered, .held, .released, .moved, .clockAdvanced: return prefix + 128 + 64
    }
  }
}
