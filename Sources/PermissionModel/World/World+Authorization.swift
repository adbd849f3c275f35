// MARK: - Changing the record

extension World {
  /// Runs an event on an app's authorization machine and records the transition it returns.
  func change(_ app: AppID, because rule: RuleID?, _ event: (inout AuthorizationMachine) -> AuthorizationTransition?) {
    record(event(&self[app].machine), of: app, because: rule)
  }

  /// A transition of the app's authorization: its transcript line, and the App Clip timer kept in step (A1).
  func record(_ transition: AuthorizationTransition?, of app: AppID, because rule: RuleID?) {
    if let transition { log(.app(app), transition.line(because: rule)) }
    // R21, P11: the reminder counts background use since Always was granted.
    if let transition, transition.toState == .always, transition.fromState != .always { resetBackgroundUse(app) }
    apply(appClipResetEffects(app))
  }

  /// E1 when an Allow Once grant ends, else E2 for temporary full accuracy.
  func stopBeingInUse(_ app: AppID) {
    let rule: RuleID = self[app].machine.grant == .temporaryWhenInUse ? .E1 : .E2
    let before = self[app].machine.state
    change(app, because: rule) { $0.stoppedBeingInUse() }
    if before != self[app].machine.state { took(.expiry, from: before, to: self[app].machine.state, rule: rule, app: app) }
  }

  /// A1: an App Clip's When-In-Use grant gets a timer for 04:00 of the next calendar day.
  private func appClipResetEffects(_ app: AppID) -> [Effect] {
    guard self[app].info.kind == .appClip else { return [] }
    let hasGrant = self[app].machine.grant == .whenInUse
    switch (hasGrant, self[app].appClipResetAt) {
    case (true, nil):
      let wall = wallClock(of: self[app].device)
      let reset = LocalDateTime(
        day: wall.day + Assumptions.appClipResetDaysLater, secondOfDay: Assumptions.appClipResetSecondOfDay)
      let delay = VirtualDuration(nanoseconds: (reset.secondsSinceEpoch - wall.secondsSinceEpoch) * 1_000_000_000)
      self[app].appClipResetAt = now + delay
      return [.schedule(.appClipReset(app: app), at: now + delay), .log(.app(app), "App Clip grant expires at \(reset) (A1)")]
    case (false, _?):
      self[app].appClipResetAt = nil
      return [.cancel(.appClipReset(app: app))]
    case (true, _?), (false, nil):
      return []
    }
  }
}

// MARK: - Authorization callbacks (C2–C4)

extension World {
  /// C4: which method, if any, reports the change to a manager; `previous` is `nil` for a new manager (C2).
  func authorizationCallbacks(
    _ snapshot: AuthorizationSnapshot, to manager: ManagerID, changedFrom previous: AuthorizationSnapshot?
  ) -> Effect? {
    let app = self[manager].app
    let info = self[app].info
    let statusChanged = previous?.status != snapshot.status
    switch self[app].machine.rules.authorizationCallback {
    case .didChangeAuthorization:
      if statusChanged, info.implements(.didChangeAuthorization) {
        return .callback(.didChangeAuthorization, to: manager, CallbackArguments(status: snapshot.status))
      }
    case .preferLocationManagerDidChangeAuthorization:
      if info.implements(.locationManagerDidChangeAuthorization) {
        return .callback(
          .locationManagerDidChangeAuthorization, to: manager,
          CallbackArguments(status: snapshot.status, accuracy: snapshot.accuracy))
      } else if statusChanged, info.implements(.didChangeAuthorization) {
        // C4 (assumed): the old method hears of status changes only.
        return .callback(.didChangeAuthorization, to: manager, CallbackArguments(status: snapshot.status))
      }
    }
    return nil
  }
}
