/// A fold over the events of a run that turns them into output.
///
/// Reporters never print or read a clock: each one writes through what it was given at creation
/// (a `write` closure, a `JUnitReportStore`) and takes every instant from the events.
public protocol Reporter: Sendable {
  /// Folds one event into the reporter, writing whatever output it makes ready.
  mutating func record(_ event: RunEvent)
}
