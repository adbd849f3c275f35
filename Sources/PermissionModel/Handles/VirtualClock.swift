/// The virtual clock a world's devices share: `clock.now`, `clock.date`, `clock:advance`, `clock:advance_to`.
public final class VirtualClock {
  let world: World

  init(world: World) {
    self.world = world
  }

  /// The virtual time since the scenario began.
  public var now: VirtualInstant { world.now }

  /// The wall clock of the newest device (or the default start date before any device exists).
  public var date: LocalDateTime { world.date }

  /// Moves time forward by `duration`, firing every timer that falls due, in order; nothing sleeps.
  ///
  /// - Throws: `MisuseError` for a negative duration or one that would pass 250 years of virtual time.
  public func advance(by duration: VirtualDuration) throws(MisuseError) {
    try world.advance(by: duration)
  }

  /// Moves time forward by a scenario duration: seconds, or `"250ms"`, `"10s"`, `"5m"`, `"2h"`, `"3d"`.
  ///
  /// - Throws: `MisuseError` for a malformed or negative duration, or one past 250 years.
  public func advance(by text: String) throws(MisuseError) {
    try world.advance(by: VirtualDuration(parsing: text))
  }

  /// Moves time forward by a number of seconds.
  ///
  /// - Throws: `MisuseError` for a negative duration or one past 250 years.
  public func advance(bySeconds seconds: Double) throws(MisuseError) {
    try world.advance(by: VirtualDuration(checkedSeconds: seconds))
  }

  /// Moves time to the next instant the wall clock shows `"HH:MM"` or `"HH:MM:SS"`, strictly after now.
  ///
  /// - Throws: `MisuseError` for a malformed time of day, or past 250 years.
  public func advance(toWallClock text: String) throws(MisuseError) {
    try world.advance(toSecondOfDay: LocalDateTime.secondOfDay(parsing: text))
  }
}
