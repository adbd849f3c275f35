/// One iteration of `CLLocationUpdate.liveUpdates(_:)` by an app (LU1–LU4).
public final class LiveUpdateStream {
  let world: World
  let id: StreamID

  init(world: World, id: StreamID) {
    self.world = world
    self.id = id
  }

  /// The app that made it.
  public var app: App { App(world: world, id: world.sessionRef(id).app) }
  /// The stream's id in its world.
  public var entityID: EntityID<LiveUpdateStream> { id }
  /// The 1-based number of the stream among its app's streams: a `liveUpdate` callback's `source`.
  public var source: Int { world.sessionRef(id).index + 1 }
  /// The configuration it iterates with.
  public var configuration: LiveUpdateMachine.Configuration { world.streamMachine(id).configuration }
  /// Whether the app still iterates it.
  public var isActive: Bool { world.streamMachine(id).isActive }
  /// Its diagnostics now (18+; empty before).
  public var diagnostics: Diagnostics { world.streamMachine(id).diagnostics }

  /// Stops iterating.
  public func stop() { world.stopStream(id) }
}
