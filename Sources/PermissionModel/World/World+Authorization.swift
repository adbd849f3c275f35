// MARK: - Changing the record

extension World {
  /// Runs an event on an app's machine, logs the change it made, and keeps the App Clip timer in step (A1).
  @discardableResult
  func change<Result>(
    _ app: Int, because rule: RuleID?, _ event: (inout AuthorizationMachine) -> Result
  ) -> Result {
    let before = appRecords[app].machine
    let result = event(&appRecords[app].machine)
    let after = appRecords[app].machine
    if before.state != after.state || before.accuracy != after.accuracy {
      var line: String
      if before.state == after.state, let from = before.accuracy, let to = after.accuracy {
        line = "\(from) → \(to)"
      } else {
        line = "\(before.state) → \(after.state)"
        if let accuracy = after.accuracy { line += ", \(accuracy)" }
      }
      if let rule { line += " (\(rule))" }
      log(app: app, line)
    }
    scheduleAppClipReset(app)
    return result
  }

  /// E1 when an Allow Once grant ends, else E2 for temporary full accuracy.
  func stopBeingInUse(_ app: Int) {
    let rule: RuleID = appRecords[app].machine.grant == .temporaryWhenInUse ? .E1 : .E2
    change(app, because: rule) { $0.stoppedBeingInUse() }
  }

  /// A1: an App Clip's When-In-Use grant gets a timer for 04:00 of the next calendar day.
  private func scheduleAppClipReset(_ app: Int) {
    guard appRecords[app].info.kind == .appClip else { return }
    let hasGrant = appRecords[app].machine.grant == .whenInUse
    switch (hasGrant, appRecords[app].appClipTimer) {
    case (true, nil):
      let wall = wallClock(of: appRecords[app].device)
      let reset = LocalDateTime(
        day: wall.day + Assumptions.appClipResetDaysLater, secondOfDay: Assumptions.appClipResetSecondOfDay)
      let delay = VirtualDuration(nanoseconds: (reset.secondsSinceEpoch - wall.secondsSinceEpoch) * 1_000_000_000)
      appRecords[app].appClipTimer = timers.schedule(.appClipReset(app: app), at: now + delay)
      log(app: app, "App Clip grant expires at \(reset) (A1)")
    case (false, let timer?):
      timers.cancel(timer)
      appRecords[app].appClipTimer = nil
    case (true, _?), (false, nil):
      break
    }
  }
}

// MARK: - Authorization callbacks (C1–C5)

extension World {
  /// C3: when what the app reports changed, every manager hears of it, in creation order (C1).
  func publishAuthorization(_ app: Int) {
    let snapshot = reported(app)
    let previous = appRecords[app].lastReported
    guard snapshot != previous else { return }
    appRecords[app].lastReported = snapshot
    for manager in appRecords[app].managers {
      deliverAuthorization(snapshot, to: manager, changedFrom: previous)
    }
  }

  /// C4: which method reports the change; `previous` is `nil` for a new manager (C2).
  func deliverAuthorization(
    _ snapshot: AuthorizationSnapshot, to manager: Int, changedFrom previous: AuthorizationSnapshot?
  ) {
    let app = managerRecords[manager].app
    let info = appRecords[app].info
    let statusChanged = previous?.status != snapshot.status
    switch appRecords[app].machine.rules.authorizationCallback {
    case .didChangeAuthorization:
      if statusChanged, info.implements(.didChangeAuthorization) {
        deliver(.didChangeAuthorization, to: manager, status: snapshot.status)
      }
    case .preferLocationManagerDidChangeAuthorization:
      if info.implements(.locationManagerDidChangeAuthorization) {
        deliver(
          .locationManagerDidChangeAuthorization, to: manager, status: snapshot.status,
          accuracy: snapshot.accuracy)
      } else if statusChanged, info.implements(.didChangeAuthorization) {
        // C4 (assumed): the old method hears of status changes only.
        deliver(.didChangeAuthorization, to: manager, status: snapshot.status)
      }
    }
  }

  /// C5: a running app gets the callback now, a suspended one when it next runs.
  func deliver(
    _ method: DelegateMethod, to manager: Int, status: AuthorizationStatus? = nil,
    accuracy: AccuracyAuthorization? = nil, error: LocationErrorCode? = nil, locations: [Location]? = nil,
    region: CircularRegion? = nil
  ) {
    let record = managerRecords[manager]
    guard record.isAlive, appRecords[record.app].info.implements(method) else { return }
    let callback = Callback(
      method: method, at: now, manager: record.index, status: status, accuracy: accuracy, error: error,
      locations: locations, region: region)
    switch appRecords[record.app].state {
    case .foreground, .background:
      appRecords[record.app].callbacks.append(callback)
      log(manager: manager, "← \(callback)")
    case .suspended:
      appRecords[record.app].heldCallbacks.append(callback)
      log(manager: manager, "held until the app runs (C5): \(callback)")
    case .notRunning:
      break
    }
  }

  /// C5: held callbacks arrive in order when the app runs again.
  func deliverHeldCallbacks(_ app: Int) {
    let held = appRecords[app].heldCallbacks
    appRecords[app].heldCallbacks = []
    for var callback in held {
      callback.at = now
      appRecords[app].callbacks.append(callback)
      log(app: app, "manager#\(callback.manager) ← \(callback) (held, C5)")
    }
  }
}
