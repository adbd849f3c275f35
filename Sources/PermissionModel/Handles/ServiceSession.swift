/// A `CLServiceSession` an app created (SS0–SS10).
public final class ServiceSession {
  let world: World
  let id: ServiceSessionID

  init(world: World, id: ServiceSessionID) {
    self.world = world
    self.id = id
  }

  /// The app that made it.
  public var app: App { App(world: world, id: world.sessionRef(id).app) }
  /// The session's id in its world.
  public var entityID: EntityID<ServiceSession> { id }
  /// What it requires.
  public var requirement: ServiceSessionMachine.Requirement { world.serviceSessionMachine(id).requirement }
  /// Its full-accuracy purpose key, if any.
  public var fullAccuracyPurposeKey: String? { world.serviceSessionMachine(id).fullAccuracyPurposeKey }
  /// Whether it is held (SS0): from creation until invalidated or lost at termination.
  public var isActive: Bool { world.serviceSessionMachine(id).isActive }
  /// Its diagnostics now.
  public var diagnostics: Diagnostics { world.serviceSessionMachine(id).diagnostics }

  /// Ends it (SS10).
  public func invalidate() { world.invalidateServiceSession(id) }
}
