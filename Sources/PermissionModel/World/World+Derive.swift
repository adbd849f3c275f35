// MARK: - Deriving what follows from a change (C3, L2, E1, E2, U3)

extension World {
  /// Brings everything that follows from an app's state up to date, in one loop until nothing changes:
  /// authorization callbacks (C3), then suspension and the end of temporary grants (L2, E1, E2),
  /// which change what C3 compares and so start the loop again, then pause deadlines (U3).
  ///
  /// Operations call it once, after applying their own effects; nothing calls it re-entrantly.
  func derive(_ app: AppID) {
    for _ in 0..<Self.deriveRoundLimit {
      publishAuthorization(app)  // C3
      if deriveActivity(app) { continue }  // L2, E1, E2
      derivePauses(app)  // U3
      deriveSessions(app)  // §14–§18
      deriveWidgetPrompt(app)  // WG1
      return
    }
    preconditionFailure("derive(\(app)) found no fixpoint in \(Self.deriveRoundLimit) rounds")
  }

  /// More rounds than any chain of consequences needs (each round ends a grant or suspends the app).
  private static let deriveRoundLimit = 8

  /// C3: when what the app reports changed, every manager hears of it, in creation order (C1).
  private func publishAuthorization(_ app: AppID) {
    let snapshot = reported(app)
    let previous = self[app].lastReported
    guard snapshot != previous else { return }
    self[app].lastReported = snapshot
    for manager in self[app].managers {
      apply(authorizationCallbacks(snapshot, to: manager, changedFrom: previous))
    }
  }

  /// L2: an app in the background past its grace period without a background session is suspended.
  /// L1: one whose session shows no indicator keeps running (B1) but is not in use: its temporary
  /// grants end (E1, E2). Returns whether it changed the app's state.
  private func deriveActivity(_ app: AppID) -> Bool {
    guard self[app].activity.isPastGracePeriod else { return false }
    if hasBackgroundSession(app) || backgroundActivityActive(app) {  // B1, BA2
      let machine = self[app].machine
      guard !isInUse(app), machine.grant == .temporaryWhenInUse || machine.temporaryFullAccuracy else { return false }
      stopBeingInUse(app)
      return true
    }
    guard self[app].activity.suspend() else { return false }
    log(.app(app), "suspended: no longer in use (L2)")
    stopBeingInUse(app)
    return true
  }

  /// U3: a background session whose location has not changed for the pause interval pauses.
  private func derivePauses(_ app: AppID) {
    let lastMoved = self[self[app].device].lastMovedAt
    let backgroundSince = self[app].activity.backgroundSince
    for manager in self[app].managers {
      let session = self[manager]
      var due: VirtualInstant?
      if let backgroundSince, session.pausesLocationUpdatesAutomatically, runsBackgroundSession(manager),
        let updatingSince = session.session.updatingSince
      {
        due = max(lastMoved, backgroundSince, updatingSince) + Assumptions.automaticPauseAfter
      }
      apply(self[manager].session.derivePause(due: due))
    }
  }
}

// MARK: - In use, background sessions and the indicator (L1, L2, B1, B3)

extension World {
  /// L1: the foreground, the grace period, a background session that shows the indicator (B3), or an
  /// active background activity session (BA2).
  func isInUse(_ app: AppID) -> Bool {
    isInUseWithoutSessions(app) || (self[app].activity.appState == .background && backgroundActivityActive(app))
  }

  /// L1 without BA2: what a background activity session's own activity is judged against.
  func isInUseWithoutSessions(_ app: AppID) -> Bool {
    switch self[app].activity.appState {
    case .foreground: true
    case .background: self[app].activity.isInGracePeriod || managersShowIndicator(app)
    case .suspended, .notRunning: false
    }
  }

  /// B1: whether a manager's update session keeps running when its app leaves the foreground.
  func continuesInBackground(_ manager: ManagerID) -> Bool {
    let record = self[manager]
    let machine = self[record.app].machine
    guard machine.profile.hasLocationBackgroundMode else { return false }  // K6
    switch machine.rules.backgroundSession {
    case .backgroundMode:
      return true
    case .backgroundModeAndProperty(let assumedTrueBeforeSDK):
      return record.allowsBackgroundLocationUpdates || machine.profile.linkedSDK < assumedTrueBeforeSDK
    }
  }

  /// Whether a manager runs a location session that continues in the background (L1, B1).
  func runsBackgroundSession(_ manager: ManagerID) -> Bool {
    let record = self[manager]
    return record.isAlive && record.session.isDelivering && reported(record.app).status.isAuthorized
      && continuesInBackground(manager)
  }

  func hasBackgroundSession(_ app: AppID) -> Bool {
    self[app].managers.contains(where: runsBackgroundSession)
  }

  /// B3: the blue bar or pill while an app receives locations in the background.
  func showsBackgroundIndicator(_ device: DeviceID) -> Bool {
    self[device].apps.contains(where: showsIndicator)
  }

  /// B3: whether this app, in the background, runs a session that shows the indicator (L1 reads it).
  func showsIndicator(_ app: AppID) -> Bool {
    guard self[app].activity.appState == .background else { return false }
    return managersShowIndicator(app) || backgroundActivityActive(app)  // BA2 (assumed: for Always apps too)
  }

  /// B3: whether a manager's background session shows the indicator.
  private func managersShowIndicator(_ app: AppID) -> Bool {
    guard self[app].activity.appState == .background else { return false }
    let machine = self[app].machine
    for manager in self[app].managers where runsBackgroundSession(manager) {
      switch machine.state {
      case .whenInUse, .temporaryWhenInUse:
        return true
      case .always, .provisionalAlways:
        if machine.rules.alwaysIndicator == .whenShowsBackgroundLocationIndicator,
          self[manager].showsBackgroundLocationIndicator
        {
          return true
        }
      case .notDetermined, .denied, .restricted:
        break
      }
    }
    return false
  }
}
