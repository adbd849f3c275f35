/// A `CLLocationManager` whose delegate is its app, with Apple's member names.
///
/// Members a version lacks throw a `MisuseError` naming the version they need; members of a manager
/// whose launch ended throw too, except reads of the authorization.
public final class LocationManager: Hashable {
  let world: World
  let id: ManagerID

  init(world: World, id: ManagerID) {
    self.world = world
    self.id = id
  }

  private var record: ManagerRecord { world[id] }

  /// The 1-based index of the manager in its app's launch, as callbacks report it.
  public var index: Int { record.index }
  /// The app whose delegate receives the callbacks.
  public var app: App { App(world: world, id: record.app) }
  /// Whether the manager still exists (its app has not been terminated since it was created).
  public var isAlive: Bool { record.isAlive }
  /// Whether `startUpdatingLocation` is in force.
  public var isUpdatingLocation: Bool { record.session.isUpdating }
  /// Whether the updates paused automatically (U3).
  public var isPaused: Bool { record.session.isPaused }

  // MARK: - Properties

  /// `authorizationStatus`.
  public var authorizationStatus: AuthorizationStatus { world.reported(record.app).status }

  /// `accuracyAuthorization` (iOS 14+).
  public var accuracyAuthorization: AccuracyAuthorization {
    get throws(MisuseError) {
      try world.checkAvailable(id, .accuracyAuthorization)
      return world.reported(record.app).accuracy ?? .fullAccuracy
    }
  }

  /// `allowsBackgroundLocationUpdates` (iOS 9+; default false, B1).
  public var allowsBackgroundLocationUpdates: Bool {
    get throws(MisuseError) {
      try world.checkAvailable(id, .allowsBackgroundLocationUpdates)
      return record.allowsBackgroundLocationUpdates
    }
  }

  /// Sets `allowsBackgroundLocationUpdates`; without K6 this crashes the app (B2).
  ///
  /// - Throws: `AppCrash` for B2's crash, `MisuseError` before iOS 9 or on a dead manager.
  public func setAllowsBackgroundLocationUpdates(_ value: Bool) throws {
    try world.setAllowsBackgroundLocationUpdates(id, value)
  }

  /// `showsBackgroundLocationIndicator` (iOS 11+; default false, B3).
  public var showsBackgroundLocationIndicator: Bool {
    get throws(MisuseError) {
      try world.checkAvailable(id, .showsBackgroundLocationIndicator)
      return record.showsBackgroundLocationIndicator
    }
  }

  /// Sets `showsBackgroundLocationIndicator` (B3).
  ///
  /// - Throws: `MisuseError` before iOS 11 or on a dead manager.
  public func setShowsBackgroundLocationIndicator(_ value: Bool) throws(MisuseError) {
    try world.setShowsBackgroundLocationIndicator(id, value)
  }

  /// `pausesLocationUpdatesAutomatically` (default true, U3).
  public var pausesLocationUpdatesAutomatically: Bool { record.pausesLocationUpdatesAutomatically }

  /// Sets `pausesLocationUpdatesAutomatically` (U3).
  ///
  /// - Throws: `MisuseError` on a dead manager.
  public func setPausesLocationUpdatesAutomatically(_ value: Bool) throws(MisuseError) {
    try world.setPausesLocationUpdatesAutomatically(id, value)
  }

  /// `location`: the last delivered location, or `nil`.
  public var location: Location? { record.location }

  // MARK: - Authorization

  /// `requestWhenInUseAuthorization()` (iOS 8+).
  ///
  /// - Throws: `MisuseError` before iOS 8 or on a dead manager.
  public func requestWhenInUseAuthorization() throws(MisuseError) {
    try world.requestAuthorization(id, .requestWhenInUseAuthorization)
  }

  /// `requestAlwaysAuthorization()` (iOS 8+).
  ///
  /// - Throws: `MisuseError` before iOS 8, on a dead manager, or in an App Clip (A2).
  public func requestAlwaysAuthorization() throws(MisuseError) {
    try world.requestAuthorization(id, .requestAlwaysAuthorization)
  }

  /// `requestTemporaryFullAccuracyAuthorization(withPurposeKey:completion:)` (iOS 14+, T1–T5).
  ///
  /// - Returns: the request, whose `done` and `error` are set when the completion runs (C7).
  /// - Throws: `MisuseError` before iOS 14 or on a dead manager.
  public func requestTemporaryFullAccuracyAuthorization(purposeKey: String) throws(MisuseError)
    -> TemporaryFullAccuracyRequest
  {
    TemporaryFullAccuracyRequest(world: world, id: try world.requestTemporaryFullAccuracy(id, purposeKey: purposeKey))
  }

  // MARK: - Location services

  /// `startUpdatingLocation()` (U1; R1 on iOS 7; C6 under DEN/RES; resumes after a pause, U3).
  ///
  /// - Throws: `MisuseError` on a dead manager.
  public func startUpdatingLocation() throws(MisuseError) { try world.startUpdatingLocation(id) }

  /// `stopUpdatingLocation()`.
  ///
  /// - Throws: `MisuseError` on a dead manager.
  public func stopUpdatingLocation() throws(MisuseError) { try world.stopUpdatingLocation(id) }

  /// `requestLocation()` (iOS 9+; C6).
  ///
  /// - Throws: `MisuseError` before iOS 9 or on a dead manager.
  public func requestLocation() throws(MisuseError) { try world.requestLocation(id) }

  /// `startMonitoringSignificantLocationChanges()` (U4, E12).
  ///
  /// - Throws: `MisuseError` on a dead manager.
  public func startMonitoringSignificantLocationChanges() throws(MisuseError) {
    try world.startMonitoringSignificantLocationChanges(id)
  }

  /// `stopMonitoringSignificantLocationChanges()`.
  ///
  /// - Throws: `MisuseError` on a dead manager.
  public func stopMonitoringSignificantLocationChanges() throws(MisuseError) {
    try world.stopMonitoringSignificantLocationChanges(id)
  }

  /// `startMonitoring(for:)` with a circular region (U4, E12).
  ///
  /// - Throws: `MisuseError` on a dead manager.
  public func startMonitoring(_ region: CircularRegion) throws(MisuseError) {
    try world.startMonitoring(id, region: region)
  }

  public static func == (lhs: LocationManager, rhs: LocationManager) -> Bool {
    lhs.world === rhs.world && lhs.id == rhs.id
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(world))
    hasher.combine(id)
  }
}
