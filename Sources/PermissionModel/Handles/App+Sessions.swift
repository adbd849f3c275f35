// MARK: - The iOS 15+ objects an app makes (SCENARIO_API §12–§16)

extension App {
  /// Starts iterating `CLLocationUpdate.liveUpdates(configuration)` (LU1).
  public func liveUpdates(_ configuration: LiveUpdateMachine.Configuration = .default) throws(MisuseError)
    -> LiveUpdateStream
  {
    LiveUpdateStream(world: world, id: try world.startLiveUpdates(id, configuration))
  }

  /// Opens the `CLMonitor` of that name (one instance per name, MN1).
  public func monitor(named name: String) throws(MisuseError) -> Monitor {
    Monitor(world: world, id: try world.openMonitor(id, named: name))
  }

  /// Creates a `CLBackgroundActivitySession` (BA1).
  public func backgroundActivitySession() throws(MisuseError) -> BackgroundActivitySession {
    BackgroundActivitySession(world: world, id: try world.createBackgroundActivitySession(id))
  }

  /// Creates a `CLServiceSession` (SS0).
  public func serviceSession(
    _ requirement: ServiceSessionMachine.Requirement, fullAccuracyPurposeKey: String? = nil
  ) throws(MisuseError) -> ServiceSession {
    ServiceSession(world: world, id: try world.createServiceSession(id, requirement, fullAccuracyPurposeKey: fullAccuracyPurposeKey))
  }

  /// Whether the user approved the location button (LB1; until E7).
  public var isLocationButtonApproved: Bool { world[id].sessions.button.isApproved }

  /// `isAuthorizedForWidgetUpdates` (WG1).
  public var isAuthorizedForWidgetUpdates: Bool { world.isAuthorizedForWidgetUpdates(id) }

  /// The user adds one of the app's widgets that declares `NSWidgetWantsLocation` (WG1).
  public func addWidget() throws(MisuseError) { try world.addWidget(id) }

  /// The version's iOS 15+ features, for gating members.
  public var sessionFeatures: SessionFeatures { world.sessionFeatures(id) }
}
