/// One delegate callback delivered to one of an app's managers, as `app.callbacks` lists it.
public struct Callback: Hashable, Sendable, CustomStringConvertible {
  /// The delegate method.
  public let method: DelegateMethod
  /// When the app received it (C1; for a held callback, when the app ran again, C5).
  public internal(set) var at: VirtualInstant
  /// The 1-based index of the manager in this launch of the app; `nil` for `liveUpdate` and `monitorEvent`.
  public let manager: Int?
  /// What only the iOS 17+ loops' callbacks carry, boxed so that every other callback (and every
  /// `Effect` that carries one) stays as small as before.
  private indirect enum Loop: Hashable, Sendable {
    case liveUpdate(source: Int, LiveUpdate)
    case monitorEvent(source: Int, MonitorEvent)
  }

  private let loop: Loop?

  /// The 1-based index of the stream among the app's streams, or of the monitor among its monitors (§6).
  public var source: Int? {
    switch loop {
    case .liveUpdate(let source, _), .monitorEvent(let source, _): source
    case nil: nil
    }
  }

  /// The update, for `liveUpdate` (LU1).
  public var liveUpdate: LiveUpdate? {
    guard case .liveUpdate(_, let update) = loop else { return nil }
    return update
  }

  /// The event, for `monitorEvent` (MN1).
  public var monitorEvent: MonitorEvent? {
    guard case .monitorEvent(_, let event) = loop else { return nil }
    return event
  }
  /// The status, for authorization callbacks.
  public let status: AuthorizationStatus?
  /// The accuracy, for `locationManagerDidChangeAuthorization` (C4).
  public let accuracy: AccuracyAuthorization?
  /// The error, for `didFailWithError` and `monitoringDidFailFor`.
  public let error: LocationErrorCode?
  /// The locations, for `didUpdateLocations`.
  public let locations: [Location]?
  /// The region, for region callbacks.
  public let region: CircularRegion?

  /// Creates a callback record.
  public init(
    method: DelegateMethod, at: VirtualInstant, manager: Int?, status: AuthorizationStatus? = nil,
    accuracy: AccuracyAuthorization? = nil, error: LocationErrorCode? = nil, locations: [Location]? = nil,
    region: CircularRegion? = nil, source: Int? = nil, liveUpdate: LiveUpdate? = nil, monitorEvent: MonitorEvent? = nil
  ) {
    self.method = method
    self.at = at
    self.manager = manager
    if let source, let liveUpdate {
      loop = .liveUpdate(source: source, liveUpdate)
    } else if let source, let monitorEvent {
      loop = .monitorEvent(source: source, monitorEvent)
    } else {
      loop = nil
    }
    self.status = status
    self.accuracy = accuracy
    self.error = error
    self.locations = locations
    self.region = region
  }

  /// Who received it, as the transcript names it: `manager#1`, `live updates#1` or `monitor#1`.
  public var sender: String {
    switch (method, manager, source) {
    case (.liveUpdate, _, let source?): "live updates#\(source)"
    case (.monitorEvent, _, let source?): "monitor#\(source)"
    case (_, let manager?, _): "manager#\(manager)"
    case (_, nil, _): "app"
    }
  }

  /// The method name, as scenarios write it.
  public var name: String { method.rawValue }

  /// The method with its arguments: `didChangeAuthorization(authorizedWhenInUse)`.
  public var description: String {
    if let liveUpdate { return liveUpdate.description }
    if let monitorEvent { return monitorEvent.description }
    var arguments: [String] = []
    if let status { arguments.append(status.rawValue) }
    if let accuracy { arguments.append(accuracy.rawValue) }
    if let region { arguments.append(region.identifier) }
    if let error { arguments.append(error.rawValue) }
    if let locations { arguments.append(locations.map(\.description).joined(separator: "; ")) }
    return "\(method.rawValue)(\(arguments.joined(separator: ", ")))"
  }
}
