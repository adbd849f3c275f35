/// The iOS 15+ location objects of one app, and what they derive together (§14–§18).
///
/// The world keeps one per app. It hands in a base `SessionContext` (authorization, use,
/// foreground, keys) and gets back what to deliver; `context(_:)` adds what the objects themselves
/// contribute: the sessions held (XS1, AW1) and the use an active background activity session
/// gives (BA2). Every event returns `[SessionDelivery]`: the world turns them into callbacks.
public struct AppSessions: Sendable {
  /// The location button's approval (LB1–LB6).
  public var button = LocationButtonApproval()
  /// Live-update streams in creation order; a stream's `source` is its index + 1 (§6).
  public private(set) var streams: [LiveUpdateMachine] = []
  /// Monitors in first-open order; a monitor's `source` is its index + 1. They outlive the process.
  public private(set) var monitors: [MonitorMachine] = []
  /// Background activity sessions in creation order.
  public private(set) var backgroundSessions: [BackgroundActivityMachine] = []
  /// Service sessions in creation order.
  public private(set) var serviceSessions: [ServiceSessionMachine] = []

  /// Which monitors the current launch opened (MN1: an app hears a monitor after opening it by name).
  private var openMonitors: Set<Int> = []
  /// Events for monitors this launch has not opened yet, by monitor index (MN2, as E12).
  private var heldMonitorEvents: [Int: [MonitorEvent]] = [:]
  /// The app's foreground visits so far; each object asks at most once per visit.
  private var visit = 0
  /// The visit in which the implicit session last asked (IM1).
  private var implicitAskedVisit: Int?
  /// The context the objects were last refreshed in: a refresh in the same context, with no object
  /// made, ended or changed since, has nothing to do (every move derives the app again).
  private var refreshedIn: SessionContext?
  /// What was outstanding at the last termination and until when it can be rejoined (BA4, SS10).
  private var rejoin = Rejoin()

  private struct Rejoin: Sendable {
    var backgroundSession = false
    var serviceSessions: [ServiceSessionMachine.Requirement] = []
    var until: VirtualInstant?
  }

  /// Creates the record of an app with no objects.
  public init() {}

  /// Whether the app never made a stream, monitor or session (most apps: the world skips them).
  public var isEmpty: Bool {
    streams.isEmpty && monitors.isEmpty && backgroundSessions.isEmpty && serviceSessions.isEmpty
  }

  // MARK: - Context

  /// The base context completed with the objects' part: sessions held (XS1, AW1), BA2's use.
  public func context(_ base: SessionContext) -> SessionContext {
    var context = base
    context.holdsQualifyingSession = serviceSessions.contains { $0.qualifies(base) }
    context.holdsAlwaysSession = serviceSessions.contains { $0.isActive && $0.requirement == .always }
    if backgroundSessions.contains(where: { $0.isActive(base) }) { context.inUse = true }  // BA2
    return context
  }

  /// Whether an active background activity session keeps the app in use (BA2; the indicator shows).
  public func backgroundSessionActive(_ context: SessionContext) -> Bool {
    backgroundSessions.contains { $0.isActive(context) }
  }

  /// The earliest time an object needs the clock (LU3).
  public var deadline: VirtualInstant? { streams.lazy.compactMap(\.deadline).min() }

  // MARK: - Creating objects

  /// `liveUpdates(_:)`: starts a stream; returns its index and the first deliveries (LU1).
  public mutating func startStream(
    _ configuration: LiveUpdateMachine.Configuration, _ context: SessionContext, at location: Coordinate,
    now: VirtualInstant
  ) -> (index: Int, deliveries: [SessionDelivery]) {
    refreshedIn = nil
    var stream = LiveUpdateMachine(configuration: configuration)
    let updates = stream.start(context, at: location, now: now)
    streams.append(stream)
    return (streams.count - 1, updates.map { .liveUpdate(stream: streams.count - 1, $0) })
  }

  /// Stops a stream.
  public mutating func stopStream(_ index: Int) {
    streams[index].stop()
    refreshedIn = nil
  }

  /// `CLMonitor(name)`: opens the monitor of that name, creating it the first time (MN1); events
  /// held for it while it was closed are delivered now.
  public mutating func openMonitor(named name: String) -> (index: Int, deliveries: [SessionDelivery]) {
    let index: Int
    if let existing = monitors.firstIndex(where: { $0.name == name }) {
      index = existing
    } else {
      monitors.append(MonitorMachine(name: name))
      index = monitors.count - 1
    }
    openMonitors.insert(index)
    refreshedIn = nil
    let held = heldMonitorEvents.removeValue(forKey: index) ?? []
    return (index, held.map { .monitorEvent(monitor: index, $0) })
  }

  /// Whether the current launch opened this monitor.
  public func isOpen(monitor index: Int) -> Bool { openMonitors.contains(index) }

  /// `monitor.add`: adds a condition and delivers its first evaluation (MN1).
  public mutating func addCondition(
    _ region: CircularRegion, to index: Int, _ context: SessionContext, at location: Coordinate
  ) -> [SessionDelivery] {
    refreshedIn = nil
    return route(monitors[index].add(region, context, at: location), from: index)
  }

  /// `monitor.remove`: returns whether the monitor had that condition.
  public mutating func removeCondition(_ identifier: String, from index: Int) -> Bool {
    refreshedIn = nil
    return monitors[index].remove(identifier)
  }

  /// `CLBackgroundActivitySession()`: BA1, BA4's rejoin, BA5.
  public mutating func createBackgroundSession(_ context: SessionContext, now: VirtualInstant) -> Int {
    let origin: BackgroundActivityMachine.Origin
    if rejoin.backgroundSession, let until = rejoin.until, now <= until {
      origin = .rejoined  // BA4
      rejoin.backgroundSession = false
    } else {
      origin = context.inUse ? .createdInUse : .createdNotInUse  // BA1, BA5
    }
    refreshedIn = nil
    var session = BackgroundActivityMachine(origin: origin)
    session.refresh(context)
    backgroundSessions.append(session)
    return backgroundSessions.count - 1
  }

  /// `invalidate()` on a background activity session (BA3).
  public mutating func invalidateBackgroundSession(_ index: Int) {
    backgroundSessions[index].invalidate()
    refreshedIn = nil
  }

  /// `CLServiceSession(authorization:fullAccuracyPurposeKey:)` (SS0, SS10's rejoin).
  public mutating func createServiceSession(
    _ requirement: ServiceSessionMachine.Requirement, fullAccuracyPurposeKey: String?, purposeKeyDeclared: Bool,
    inUse: Bool = true, now: VirtualInstant
  ) -> Int {
    refreshedIn = nil
    var rejoined = false
    if let until = rejoin.until, now <= until, let match = rejoin.serviceSessions.firstIndex(of: requirement) {
      rejoin.serviceSessions.remove(at: match)
      rejoined = true  // SS10
    }
    serviceSessions.append(
      ServiceSessionMachine(
        requirement: requirement, fullAccuracyPurposeKey: fullAccuracyPurposeKey,
        purposeKeyDeclared: purposeKeyDeclared, rejoined: rejoined, createdOutOfUse: !inUse))
    return serviceSessions.count - 1
  }

  /// `invalidate()` on a service session (SS10).
  public mutating func invalidateServiceSession(_ index: Int) {
    serviceSessions[index].invalidate()
    refreshedIn = nil
  }

  /// SS9: the user declined a session's full-accuracy prompt.
  public mutating func fullAccuracyDeclined(bySession index: Int) {
    serviceSessions[index].fullAccuracyDeclined()
    refreshedIn = nil
  }

  // MARK: - Deriving

  /// Something changed: recompute every object's diagnostics and deliver what follows (LU4, MN2, §18).
  public mutating func refresh(_ context: SessionContext, at location: Coordinate, now: VirtualInstant) -> [SessionDelivery] {
    guard context != refreshedIn else { return [] }
    refreshedIn = context
    var deliveries: [SessionDelivery] = []
    for index in streams.indices {
      deliveries += streams[index].refresh(context, at: location, now: now).map { .liveUpdate(stream: index, $0) }
    }
    for index in monitors.indices { deliveries += route(monitors[index].refresh(context, at: location), from: index) }
    for index in backgroundSessions.indices { backgroundSessions[index].refresh(context) }
    for index in serviceSessions.indices { serviceSessions[index].refresh(context) }
    return deliveries
  }

  /// The device moved (LU1, LU3, MN1).
  public mutating func moved(_ context: SessionContext, to location: Coordinate, now: VirtualInstant) -> [SessionDelivery] {
    var deliveries: [SessionDelivery] = []
    for index in streams.indices {
      deliveries += streams[index].moved(context, to: location, now: now).map { .liveUpdate(stream: index, $0) }
    }
    for index in monitors.indices { deliveries += route(monitors[index].refresh(context, at: location), from: index) }
    return deliveries
  }

  /// The clock reached `deadline` (LU3).
  public mutating func deadlinePassed(_ context: SessionContext, at location: Coordinate, now: VirtualInstant) -> [SessionDelivery] {
    var deliveries: [SessionDelivery] = []
    for index in streams.indices {
      deliveries += streams[index].deadlinePassed(context, at: location, now: now).map { .liveUpdate(stream: index, $0) }
    }
    return deliveries
  }

  // MARK: - Prompts

  /// Whether any object would act as an implicit session (IM1): a stream, an open monitor or a
  /// background activity session still alive.
  private var hasImplicitSession: Bool {
    streams.contains(where: \.isActive) || !openMonitors.isEmpty || backgroundSessions.contains(where: \.isLive)
  }

  /// The alert the objects need now, marking the asker as having asked in this visit.
  ///
  /// Explicit sessions first, in creation order (SS2, SS5, SS7, SS8, SS9); then the implicit session
  /// (IM1). Returns the asking service session's index, or `nil` for the implicit session.
  public mutating func takePrompt(_ context: SessionContext, alwaysRequested: Bool) -> (prompt: SessionPrompt, session: Int?)? {
    for index in serviceSessions.indices {
      guard let prompt = serviceSessions[index].wantedPrompt(context, alwaysRequested: alwaysRequested, visit: visit)
      else { continue }
      serviceSessions[index].asked(inVisit: visit)
      return (prompt, index)
    }
    guard context.implicitSessionPrompts, hasImplicitSession, implicitAskedVisit != visit else { return nil }
    implicitAskedVisit = visit
    return (.whenInUse(forAlways: false), nil)  // IM1
  }

  /// The app came to the foreground: a new visit, in which each object may ask again.
  public mutating func enteredForeground() { visit += 1 }

  // MARK: - Lifecycle

  /// The app terminated: streams end, monitors close, sessions are lost but outstanding (BA4, SS10).
  public mutating func terminated(_ context: SessionContext) {
    refreshedIn = nil
    for index in streams.indices { streams[index].stop() }
    openMonitors = []
    rejoin = Rejoin()
    for index in backgroundSessions.indices where backgroundSessions[index].terminate(context) {
      rejoin.backgroundSession = true
    }
    for index in serviceSessions.indices {
      let requirement = serviceSessions[index].requirement
      if serviceSessions[index].terminate() { rejoin.serviceSessions.append(requirement) }
    }
  }

  /// The app launched (in the foreground or the background): BA4's and SS10's window opens.
  public mutating func launched(now: VirtualInstant) {
    rejoin.until = now + Assumptions.sessionRejoinWindow
  }

  /// E7: Reset Location & Privacy forgets the button's approval.
  public mutating func reset() { button.reset() }

  private mutating func route(_ events: [MonitorEvent], from index: Int) -> [SessionDelivery] {
    guard !events.isEmpty else { return [] }
    guard openMonitors.contains(index) else {
      heldMonitorEvents[index, default: []] += events
      return [.heldForClosedMonitor(monitor: index)]
    }
    return events.map { .monitorEvent(monitor: index, $0) }
  }
}

/// What the iOS 17+ objects hand the world to deliver.
public enum SessionDelivery: Hashable, Sendable {
  /// A `liveUpdate` callback from the stream at that index.
  case liveUpdate(stream: Int, LiveUpdate)
  /// A `monitorEvent` callback from the open monitor at that index.
  case monitorEvent(monitor: Int, MonitorEvent)
  /// Events are waiting for a monitor the app has not reopened: MN2 launches an Always app that is
  /// not running into the background (17.x, as E12).
  case heldForClosedMonitor(monitor: Int)

  /// Whether it is a callback (as opposed to a launch request).
  public var isCallback: Bool {
    switch self {
    case .liveUpdate, .monitorEvent: true
    case .heldForClosedMonitor: false
    }
  }
}
