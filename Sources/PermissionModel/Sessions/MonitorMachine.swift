/// A `CLMonitor`: named, holding circular conditions whose state changes are events (MN1, MN2, §18).
///
/// ```
///   add ──▶ unknown ──(first evaluation)──▶ satisfied ◀──(phone:set_location)──▶ unsatisfied
/// ```
/// A condition is evaluated when added and at every move, but only while the monitor may receive
/// events; each change of state, the first one included, is an event. The monitor's conditions
/// outlive the app's process (iOS keeps them); the app reopens the monitor by name to hear them.
public struct MonitorMachine: Sendable {
  /// The name the app opened it with (one instance per name, MN1).
  public let name: String

  /// One condition and its state.
  public struct Condition: Hashable, Sendable {
    /// The circle.
    public let region: CircularRegion
    /// Its last evaluated state.
    public fileprivate(set) var state: MonitorConditionState
  }

  /// The conditions, in the order they were added.
  public private(set) var conditions: [Condition] = []

  /// The monitor's current diagnostics (18+; empty before).
  public private(set) var diagnostics: Diagnostics = []

  /// Creates an empty monitor.
  public init(name: String) { self.name = name }

  /// The state of a condition, or `nil` when no condition has that identifier.
  public func state(of identifier: String) -> MonitorConditionState? {
    conditions.first { $0.region.identifier == identifier }?.state
  }

  // MARK: - Events

  /// Adds (or replaces) a condition and evaluates it if events may flow (MN1).
  public mutating func add(_ region: CircularRegion, _ context: SessionContext, at location: Coordinate) -> [MonitorEvent] {
    let condition = Condition(region: region, state: .unknown)
    if let index = conditions.firstIndex(where: { $0.region.identifier == region.identifier }) {
      conditions[index] = condition
    } else {
      conditions.append(condition)
    }
    return evaluate(context, at: location, only: region.identifier)
  }

  /// Removes a condition; returns whether one had that identifier.
  public mutating func remove(_ identifier: String) -> Bool {
    guard let index = conditions.firstIndex(where: { $0.region.identifier == identifier }) else { return false }
    conditions.remove(at: index)
    return true
  }

  /// The device moved, or the app's state changed: re-evaluate every condition (MN1, MN2).
  public mutating func refresh(_ context: SessionContext, at location: Coordinate) -> [MonitorEvent] {
    evaluate(context, at: location, only: nil)
  }

  // MARK: - Rules

  /// MN2, AW1, XS1, DG10: whether events reach the app in this context.
  ///
  /// A When-In-Use app hears events while in use (an active background activity session counts,
  /// BA2); an Always app also while not in use (18+: only holding an `always` session, AW1).
  public static func receivesEvents(_ context: SessionContext) -> Bool {
    guard context.isAuthorized, !context.explicitSessionMissing else { return false }
    if context.features.monitorsWithholdReducedAccuracy, context.accuracy == .reducedAccuracy { return false }
    return context.inUse || context.receivesWhileNotInUse
  }

  /// §18 for a monitor: shared flags, DG4, DG10.
  static func diagnostics(_ context: SessionContext) -> Diagnostics {
    guard context.features.diagnostics else { return [] }
    let showing = context.promptShowing?.asksForAuthorization == true && !context.isAuthorized
    var flags = Diagnostics.shared(context, requestShowing: showing)
    if !context.inUse, !context.receivesWhileNotInUse { flags.insert(.insufficientlyInUse) }  // DG4
    if context.isAuthorized, context.accuracy == .reducedAccuracy { flags.insert(.accuracyLimited) }  // DG10
    return flags
  }

  private mutating func evaluate(_ context: SessionContext, at location: Coordinate, only identifier: String?) -> [MonitorEvent] {
    diagnostics = Self.diagnostics(context)
    guard Self.receivesEvents(context) else { return [] }
    var events: [MonitorEvent] = []
    for index in conditions.indices where identifier == nil || conditions[index].region.identifier == identifier {
      let state = MonitorConditionState(conditions[index].region, at: location)
      guard state != conditions[index].state else { continue }
      conditions[index].state = state
      events.append(
        MonitorEvent(
          identifier: conditions[index].region.identifier, state: state,
          diagnostics: context.features.diagnostics ? diagnostics : nil))
    }
    return events
  }
}
