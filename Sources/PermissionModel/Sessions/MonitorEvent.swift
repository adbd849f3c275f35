/// A change of one `CLMonitor` condition's state, as the app's event loop receives it (MN1).
public struct MonitorEvent: Hashable, Sendable, CustomStringConvertible {
  /// The condition's identifier.
  public let identifier: String
  /// Its new state.
  public let state: MonitorConditionState
  /// The monitor's diagnostics when it was delivered; `nil` before iOS 18.
  public let diagnostics: Diagnostics?

  /// Creates an event.
  public init(identifier: String, state: MonitorConditionState, diagnostics: Diagnostics?) {
    self.identifier = identifier
    self.state = state
    self.diagnostics = diagnostics
  }

  /// `monitorEvent(office, satisfied)`.
  public var description: String { "monitorEvent(\(identifier), \(state.rawValue))" }
}

/// `CLMonitor.Event.State` for a circular condition (MN1).
public enum MonitorConditionState: String, CaseIterable, Sendable {
  /// Not evaluated yet.
  case unknown
  /// The device is inside the circle.
  case satisfied
  /// The device is outside the circle.
  case unsatisfied

  /// The state of a circle for the device at `location`.
  init(_ region: CircularRegion, at location: Coordinate) {
    self = region.contains(location) ? .satisfied : .unsatisfied
  }
}
