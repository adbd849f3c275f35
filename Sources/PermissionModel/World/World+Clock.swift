// MARK: - Clock

extension World {
  /// Moves virtual time forward, firing every timer that falls due, in order.
  ///
  /// - Throws: `MisuseError` for a negative step, or one that would take the clock past 250 years.
  func advance(by duration: VirtualDuration) throws(MisuseError) {
    guard duration >= .zero else {
      throw MisuseError(.invalidArgument, "the duration \(duration) is negative: the clock only moves forward")
    }
    guard duration <= VirtualInstant.latest - now else {
      throw MisuseError(.invalidArgument, "the clock cannot run past \(VirtualInstant.latest.sinceStart.seconds / 86_400) days")
    }
    let target = now + duration
    while let timer = timers.popDue(notAfter: target) {
      now = timer.at
      fire(timer.event)
    }
    now = target
    apply(.record(.clockAdvanced(by: duration, to: date), about: .world))
  }

  /// Moves virtual time to the next instant the wall clock shows `secondOfDay`.
  func advance(toSecondOfDay secondOfDay: Int64) throws(MisuseError) {
    let nanosecondsPerSecond: Int64 = 1_000_000_000
    let elapsed: Int64
    let start: LocalDateTime
    if let device = deviceRecords.last {
      elapsed = (now - device.createdAt).nanoseconds
      start = device.startDate
    } else {
      elapsed = now.sinceStart.nanoseconds
      start = .defaultStart
    }
    let shown = start.adding(seconds: elapsed / nanosecondsPerSecond)
    let target = shown.next(secondOfDay: secondOfDay)
    let delay = (target.secondsSinceEpoch - shown.secondsSinceEpoch) * nanosecondsPerSecond - elapsed % nanosecondsPerSecond
    try advance(by: VirtualDuration(nanoseconds: delay))
  }

  /// The wall clock of the newest device, or the default start date moved by the clock when there is none.
  var date: LocalDateTime {
    guard let device = deviceRecords.indices.last else {
      return LocalDateTime.defaultStart.adding(seconds: now.sinceStart.nanoseconds / 1_000_000_000)
    }
    return wallClock(of: DeviceID(device))
  }

  /// A timer fired: the machine it belongs to decides what follows, then the world derives.
  private func fire(_ event: TimerEvent) {
    switch event {
    case .gracePeriodEnded(let app):
      guard self[app].activity.gracePeriodEnded() else { return }
      log(.app(app), "grace period over (L2)")
      derive(app)
    case .appClipReset(let app):
      self[app].appClipResetAt = nil
      let before = self[app].machine.state
      change(app, because: .E3) { $0.appClipGrantExpired() }
      took(.expiry, from: before, to: self[app].machine.state, rule: .E3, app: app)
      derive(app)
    case .requestLocationTimeout(let manager):
      apply(.callback(.didFailWithError, to: manager, CallbackArguments(error: .locationUnknown)))  // C6
    case .automaticPause(let manager):
      let app = self[manager].app
      let blocks = reported(app).status == .authorizedWhenInUse
      guard let didPause = self[manager].session.pause(blocks: blocks) else { return }  // U3
      log(.manager(manager), "paused: the location has not changed for \(Assumptions.automaticPauseAfter) (U3)")
      apply(didPause)
      derive(app)
    case .sessionDeadline(let app):
      sessionDeadlinePassed(app)  // LU3
    }
  }
}
