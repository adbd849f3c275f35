/// A `CLMonitor` an app opened by name (MN1, MN2).
public final class Monitor {
  let world: World
  let id: MonitorID

  init(world: World, id: MonitorID) {
    self.world = world
    self.id = id
  }

  /// The app that made it.
  public var app: App { App(world: world, id: world.sessionRef(id).app) }
  /// The monitor's id in its world.
  public var entityID: EntityID<Monitor> { id }
  /// Its name.
  public var name: String { world.monitorMachine(id).name }
  /// The 1-based number of the monitor among its app's monitors: a `monitorEvent` callback's `source`.
  public var source: Int { world.sessionRef(id).index + 1 }
  /// Its diagnostics now (18+; empty before).
  public var diagnostics: Diagnostics { world.monitorMachine(id).diagnostics }
  /// The identifiers of its conditions, in the order they were added.
  public var identifiers: [String] { world.monitorMachine(id).conditions.map(\.region.identifier) }

  /// Adds a circular condition (MN1).
  public func add(_ region: CircularRegion) throws(MisuseError) { try world.addCondition(region, to: id) }
  /// Removes a condition.
  public func remove(_ identifier: String) throws(MisuseError) { try world.removeCondition(identifier, from: id) }
  /// A condition's state.
  public func state(of identifier: String) throws(MisuseError) -> MonitorConditionState {
    try world.conditionState(identifier, of: id)
  }
}
