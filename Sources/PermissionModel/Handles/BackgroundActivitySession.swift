/// A `CLBackgroundActivitySession` an app created (BA1–BA5).
public final class BackgroundActivitySession {
  let world: World
  let id: BackgroundSessionID

  init(world: World, id: BackgroundSessionID) {
    self.world = world
    self.id = id
  }

  /// The app that made it.
  public var app: App { App(world: world, id: world.sessionRef(id).app) }
  /// The session's id in its world.
  public var entityID: EntityID<BackgroundActivitySession> { id }
  /// Whether it is active now (BA1, BA5); `false` once invalidated or lost at termination.
  public var isActive: Bool { world.backgroundSessionIsActive(id) }
  /// Its diagnostics now (18+; empty before).
  public var diagnostics: Diagnostics { world.backgroundSessionMachine(id).diagnostics }

  /// Ends it (BA3).
  public func invalidate() { world.invalidateBackgroundSession(id) }
}
