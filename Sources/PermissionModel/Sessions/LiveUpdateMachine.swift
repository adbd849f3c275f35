/// One iteration of `CLLocationUpdate.liveUpdates(_:)`: what it delivers and when (LU1–LU4, §18).
///
/// ```
///              start / allowed again: one update with the location at once (LU1)
///   ┌──────────┐ ───────────────────────────────────▶ ┌────────────┐  15 min still (LU3)   ┌────────────┐
///   │ withheld │                                      │ delivering │ ────────────────────▶ │ stationary │
///   └──────────┘ ◀─── DG1–DG6, not in use (LU4) ───── └────────────┘ ◀─── next move ────── └────────────┘
///        │  18+: one update without a location each time its diagnostics change
///        ▼
///     stop() from any state ──▶ stopped
/// ```
///
/// The stream reads its app through `SessionContext` and returns the updates to deliver; the world
/// delivers them as `liveUpdate` callbacks and schedules a timer at `deadline` (LU3).
public struct LiveUpdateMachine: Sendable {
  /// `CLLocationUpdate.LiveConfiguration`.
  public enum Configuration: String, CaseIterable, Sendable {
    case `default`, automotiveNavigation, otherNavigation, fitness, airborne
  }

  /// The configuration the app iterates with.
  public let configuration: Configuration

  private enum State: Sendable {
    /// Deliveries are not allowed; the diagnostics last delivered (18+).
    case withheld(lastDiagnostics: Diagnostics?)
    /// Updates flow; still since the last move, last delivery for U2's interval.
    case delivering(stillSince: VirtualInstant, lastDelivery: VirtualInstant)
    /// LU3: paused after the stationary update until the device moves.
    case stationary(lastDelivery: VirtualInstant)
    /// `stop()` was called.
    case stopped
  }

  private var state: State = .withheld(lastDiagnostics: nil)

  /// The stream's current diagnostics (18+; empty before), also when nothing is delivered.
  public private(set) var diagnostics: Diagnostics = []

  /// Creates a stream that has not started.
  public init(configuration: Configuration) { self.configuration = configuration }

  /// Whether the app is still iterating (`stream.active`).
  public var isActive: Bool {
    switch state {
    case .stopped: false
    case .withheld, .delivering, .stationary: true
    }
  }

  /// When the stationary update is due (LU3), for the world's timer.
  public var deadline: VirtualInstant? {
    switch state {
    case .delivering(let stillSince, _): stillSince + Assumptions.stationaryAfter
    case .withheld, .stationary, .stopped: nil
    }
  }

  // MARK: - Events

  /// The app starts iterating; LU1 delivers the current location at once when allowed.
  public mutating func start(_ context: SessionContext, at location: Coordinate, now: VirtualInstant) -> [LiveUpdate] {
    refresh(context, at: location, now: now)
  }

  /// Something about the app changed (authorization, use, sessions, alerts): re-derive.
  ///
  /// LU4: leaving use withholds updates; coming back delivers the location at once. 18+: while
  /// withheld, each change of diagnostics delivers one update without a location (§18).
  public mutating func refresh(_ context: SessionContext, at location: Coordinate, now: VirtualInstant) -> [LiveUpdate] {
    let allowed = Self.deliversLocations(context)
    diagnostics = Self.diagnostics(context, allowed: allowed)
    switch state {
    case .stopped:
      return []
    case .delivering where allowed, .stationary where allowed:
      return []
    case .withheld where allowed:
      state = .delivering(stillSince: now, lastDelivery: now)
      return [update(location, context, stationary: false)]
    case .withheld(let last):
      // §18: an update without a location tells the app why (DG1–DG6); with none of those, nothing
      // to tell yet (ND before its prompt shows).
      guard context.features.diagnostics, last != diagnostics, !diagnostics.isDisjoint(with: .blocking) else { return [] }
      state = .withheld(lastDiagnostics: diagnostics)
      return [LiveUpdate(location: nil, stationary: false, diagnostics: diagnostics)]
    case .delivering, .stationary:
      state = .withheld(lastDiagnostics: context.features.diagnostics ? diagnostics : nil)
      guard context.features.diagnostics else { return [] }
      return [LiveUpdate(location: nil, stationary: false, diagnostics: diagnostics)]
    }
  }

  /// The device moved (LU1, LU3: a move ends a pause; U2 limits reduced accuracy).
  public mutating func moved(_ context: SessionContext, to location: Coordinate, now: VirtualInstant) -> [LiveUpdate] {
    switch state {
    case .withheld, .stopped:
      return []
    case .stationary(let lastDelivery), .delivering(_, let lastDelivery):
      if context.accuracy == .reducedAccuracy, now - lastDelivery < Assumptions.reducedAccuracyInterval {
        state = .delivering(stillSince: now, lastDelivery: lastDelivery)  // U2: withheld, still moving
        return []
      }
      state = .delivering(stillSince: now, lastDelivery: now)
      return [update(location, context, stationary: false)]
    }
  }

  /// The virtual clock reached `deadline`: LU3's stationary update, then a pause.
  public mutating func deadlinePassed(_ context: SessionContext, at location: Coordinate, now: VirtualInstant) -> [LiveUpdate] {
    guard case .delivering(let stillSince, let lastDelivery) = state,
      now >= stillSince + Assumptions.stationaryAfter
    else { return [] }
    if context.accuracy == .reducedAccuracy, now - lastDelivery < Assumptions.reducedAccuracyInterval {
      state = .stationary(lastDelivery: lastDelivery)  // U2 applies to the stationary update too (LU1)
      return []
    }
    state = .stationary(lastDelivery: now)
    return [update(location, context, stationary: true)]
  }

  /// The app stops iterating.
  public mutating func stop() { state = .stopped }

  // MARK: - Rules

  /// LU1, LU4, AW1, XS1, §18: whether locations flow in this context.
  public static func deliversLocations(_ context: SessionContext) -> Bool {
    context.isAuthorized && (context.inUse || context.receivesWhileNotInUse) && !context.explicitSessionMissing
  }

  /// §18 for a stream: shared flags, DG4, DG9 when withheld, DG10 under reduced accuracy.
  static func diagnostics(_ context: SessionContext, allowed: Bool) -> Diagnostics {
    guard context.features.diagnostics else { return [] }
    let showing = context.promptShowing?.asksForAuthorization == true && !context.isAuthorized
    var flags = Diagnostics.shared(context, requestShowing: showing)
    if !context.inUse, !context.receivesWhileNotInUse { flags.insert(.insufficientlyInUse) }  // DG4
    if !allowed { flags.insert(.locationUnavailable) }  // DG9
    if context.isAuthorized, context.accuracy == .reducedAccuracy { flags.insert(.accuracyLimited) }  // DG10
    return flags
  }

  private func update(_ coordinate: Coordinate, _ context: SessionContext, stationary: Bool) -> LiveUpdate {
    LiveUpdate(
      location: Location(reporting: coordinate, accuracy: context.accuracy), stationary: stationary,
      diagnostics: context.features.diagnostics ? diagnostics : nil)
  }
}
