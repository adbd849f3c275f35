// MARK: - Location services (U1, C6, U3, U4)

extension World {
  func startUpdatingLocation(_ manager: Int) throws(MisuseError) {
    try check(manager, .startUpdatingLocation)
    let app = managerRecords[manager].app
    log(manager: manager, "startUpdatingLocation()")
    firstUse(manager)
    if managerRecords[manager].isPaused {
      managerRecords[manager].isPaused = false
      deliver(.locationManagerDidResumeLocationUpdates, to: manager)  // U3
    }
    managerRecords[manager].isUpdating = true
    managerRecords[manager].updatingSince = now
    failIfDenied(manager)
    settle(app)
  }

  func stopUpdatingLocation(_ manager: Int) throws(MisuseError) {
    try check(manager, .stopUpdatingLocation)
    log(manager: manager, "stopUpdatingLocation()")
    managerRecords[manager].isUpdating = false
    managerRecords[manager].isPaused = false
    settle(managerRecords[manager].app)
  }

  func requestLocation(_ manager: Int) throws(MisuseError) {
    try check(manager, .requestLocation)
    let app = managerRecords[manager].app
    log(manager: manager, "requestLocation()")
    firstUse(manager)
    let status = reported(app).status
    switch status {
    case .denied, .restricted:
      deliver(.didFailWithError, to: manager, error: .denied)  // C6
    case .notDetermined:
      // C6 (assumed timeout): under ND the one-shot request fails later with locationUnknown.
      timers.cancel(managerRecords[manager].requestLocationTimer)
      managerRecords[manager].requestLocationTimer = timers.schedule(
        .requestLocationTimeout(manager: manager), at: now + Assumptions.requestLocationTimeout)
    case .authorizedAlways, .authorizedWhenInUse:
      deliverLocation(deviceRecords[appRecords[app].device].location, to: manager, throttled: false)
    }
    settle(app)
  }

  func startMonitoringSignificantLocationChanges(_ manager: Int) throws(MisuseError) {
    try check(manager, .startMonitoringSignificantLocationChanges)
    let app = managerRecords[manager].app
    log(manager: manager, "startMonitoringSignificantLocationChanges()")
    firstUse(manager)
    let status = reported(app).status
    if status == .denied || status == .restricted {
      deliver(.didFailWithError, to: manager, error: .denied)  // C6
    } else if appRecords[app].machine.rules.monitoring == .requiresAlways, status == .authorizedWhenInUse {
      deliver(.didFailWithError, to: manager, error: Assumptions.significantChangesWithoutAlwaysError)  // U4
    } else {
      appRecords[app].monitorsSignificantChanges = true
      appRecords[app].significantChangeAnchor = deviceRecords[appRecords[app].device].location
    }
    settle(app)
  }

  func stopMonitoringSignificantLocationChanges(_ manager: Int) throws(MisuseError) {
    try check(manager, .stopMonitoringSignificantLocationChanges)
    log(manager: manager, "stopMonitoringSignificantLocationChanges()")
    appRecords[managerRecords[manager].app].monitorsSignificantChanges = false
  }

  func startMonitoring(_ manager: Int, region: CircularRegion) throws(MisuseError) {
    try check(manager, .startMonitoring)
    let app = managerRecords[manager].app
    log(manager: manager, "startMonitoring(\(region))")
    firstUse(manager)
    let snapshot = reported(app)
    let rules = appRecords[app].machine.rules
    if snapshot.status == .denied || snapshot.status == .restricted
      || (rules.monitoring == .requiresAlways && snapshot.status == .authorizedWhenInUse)
    {
      deliver(.monitoringDidFailFor, to: manager, error: .regionMonitoringDenied, region: region)  // C6, U4
    } else if rules.regionsNeedFullAccuracy, snapshot.accuracy == .reducedAccuracy {
      deliver(.monitoringDidFailFor, to: manager, error: Assumptions.reducedAccuracyRegionError, region: region)  // U4
    } else {
      let inside = region.contains(deviceRecords[appRecords[app].device].location)
      appRecords[app].regions.removeAll { $0.region.identifier == region.identifier }
      appRecords[app].regions.append(MonitoredRegion(region: region, isInside: inside))
    }
    settle(app)
  }

  /// C6: starting a location service under DEN or RES fails with `denied`.
  private func failIfDenied(_ manager: Int) {
    switch reported(managerRecords[manager].app).status {
    case .denied, .restricted: deliver(.didFailWithError, to: manager, error: .denied)
    case .notDetermined, .authorizedAlways, .authorizedWhenInUse: break
    }
  }
}

// MARK: - Moving the device (U1, U2, E12)

extension World {
  func setLocation(_ device: Int, _ coordinate: Coordinate) {
    if coordinate != deviceRecords[device].location { deviceRecords[device].lastMovedAt = now }
    deviceRecords[device].location = coordinate
    log(device, "\(deviceName(device)): location \(coordinate)")
    for app in deviceRecords[device].apps {
      var updated: [Int] = []
      for manager in appRecords[app].managers where receivesUpdates(manager) {
        if deliverLocation(coordinate, to: manager, throttled: true) { updated.append(manager) }  // U1
      }
      for event in locationEvents(app, at: coordinate) { dispatch(event, for: app, skipping: updated) }
      settle(app)
    }
  }

  /// U1: an updating manager receives locations while its app is authorized and in use, or per B1.
  func receivesUpdates(_ manager: Int) -> Bool {
    let record = managerRecords[manager]
    guard record.isAlive, record.isUpdating, !record.isPaused, !record.blockedUntilForeground,
      reported(record.app).status.isAuthorized
    else { return false }
    switch appRecords[record.app].state {
    case .foreground: return true
    case .background: return appRecords[record.app].graceTimer != nil || continuesInBackground(manager)
    case .suspended, .notRunning: return false
    }
  }

  /// U2: reduced accuracy snaps to the grid and delivers at most once per interval; returns whether it delivered.
  @discardableResult
  func deliverLocation(_ coordinate: Coordinate, to manager: Int, throttled: Bool) -> Bool {
    let app = managerRecords[manager].app
    let location: Location
    if reported(app).accuracy == .reducedAccuracy {
      if throttled, let last = managerRecords[manager].lastDeliveryAt,
        now - last < Assumptions.reducedAccuracyInterval
      {
        log(manager: manager, "location withheld: reduced accuracy delivers at most one per \(Assumptions.reducedAccuracyInterval) (U2)")
        return false
      }
      let cells = (1 / Assumptions.reducedAccuracyGridDegrees).rounded()
      location = Location(
        latitude: (coordinate.latitude * cells).rounded() / cells,
        longitude: (coordinate.longitude * cells).rounded() / cells,
        horizontalAccuracy: Assumptions.reducedHorizontalAccuracy)
    } else {
      location = Location(
        latitude: coordinate.latitude, longitude: coordinate.longitude,
        horizontalAccuracy: Assumptions.fullHorizontalAccuracy)
    }
    managerRecords[manager].location = location
    managerRecords[manager].lastDeliveryAt = now
    deliver(.didUpdateLocations, to: manager, locations: [location])
    noteBackgroundDelivery(app)
    return true
  }

  /// E12: the significant changes and region crossings a move raises for an app.
  private func locationEvents(_ app: Int, at coordinate: Coordinate) -> [LocationEvent] {
    var events: [LocationEvent] = []
    if appRecords[app].monitorsSignificantChanges,
      appRecords[app].significantChangeAnchor.distance(to: coordinate) >= Assumptions.significantChangeDistance
    {
      appRecords[app].significantChangeAnchor = coordinate
      events.append(.significantChange(coordinate))
    }
    for index in appRecords[app].regions.indices {
      let monitored = appRecords[app].regions[index]
      let inside = monitored.region.contains(coordinate)
      guard inside != monitored.isInside else { continue }
      appRecords[app].regions[index].isInside = inside
      events.append(inside ? .enter(monitored.region) : .exit(monitored.region))
    }
    return events
  }

  /// E12: an Always-only event reaches an app in use; out of use, AA gets it (launching the app if
  /// needed), AAp holds it for the deferred prompt (R19), When-In-Use never gets it.
  func dispatch(_ event: LocationEvent, for app: Int, skipping updated: [Int]) {
    let snapshot = reported(app)
    let rules = appRecords[app].machine.rules
    guard snapshot.status.isAuthorized else { return }
    switch event {
    case .enter, .exit:
      if rules.regionsNeedFullAccuracy, snapshot.accuracy == .reducedAccuracy { return }  // U4
    case .significantChange:
      break
    }
    if rules.monitoring == .requiresAlways, snapshot.status != .authorizedAlways { return }  // U4
    if isInUse(app) {
      deliver(event, to: appRecords[app].managers, skipping: updated)
      return
    }
    switch appRecords[app].machine.state {
    case .always:
      wakeForEvent(event, app)
    case .provisionalAlways:
      holdForDeferredPrompt(event, app)
    case .whenInUse, .temporaryWhenInUse:
      log(app: app, "location event not delivered: When-In-Use and not in use (E12)")
    case .notDetermined, .denied, .restricted:
      break
    }
  }

  /// Delivers an event to managers: a significant change as a location, a crossing as a region callback.
  func deliver(_ event: LocationEvent, to managers: [Int], skipping updated: [Int]) {
    for manager in managers {
      switch event {
      case .significantChange(let coordinate):
        if !updated.contains(manager) { deliverLocation(coordinate, to: manager, throttled: true) }
      case .enter(let region):
        deliver(.didEnterRegion, to: manager, region: region)
      case .exit(let region):
        deliver(.didExitRegion, to: manager, region: region)
      }
    }
  }

  /// E12: an Always app not in use is launched into the background, or woken there, for the event.
  private func wakeForEvent(_ event: LocationEvent, _ app: Int) {
    let state = appRecords[app].state
    switch state {
    case .notRunning, .suspended:
      appRecords[app].state = .background
      appRecords[app].backgroundSince = now
      appRecords[app].graceTimer = timers.schedule(.gracePeriodEnded(app: app), at: now + Assumptions.inUseGracePeriod)
      if state == .notRunning {
        log(app: app, "launched into the background for a location event (E12)")
        appRecords[app].eventsForNextManager.append(event)
      } else {
        log(app: app, "woken in the background for a location event (E12)")
        deliverHeldCallbacks(app)
        deliver(event, to: appRecords[app].managers, skipping: [])
      }
    case .foreground, .background:
      deliver(event, to: appRecords[app].managers, skipping: [])
    }
  }

  /// R19: the event waits for the deferred upgrade prompt.
  private func holdForDeferredPrompt(_ event: LocationEvent, _ app: Int) {
    appRecords[app].deferredEvents.append(event)
    guard !appRecords[app].deferredPromptPending,
      let rule = appRecords[app].machine.rules.systemPrompt(.R19)
    else { return }
    appRecords[app].deferredPromptPending = true
    let device = appRecords[app].device
    deviceRecords[device].pendingSystemPrompts.append(PendingSystemPrompt(app: app, rule: rule, waitsForUnlock: false))
    log(app: app, "location event held for the deferred Always prompt (R19)")
    showNextSystemPrompt(on: device)
  }

  /// R21: background deliveries to an Always app on enough separate days queue the reminder for the next unlock.
  private func noteBackgroundDelivery(_ app: Int) {
    guard appRecords[app].state != .foreground, !appRecords[app].reminderPending,
      let rule = appRecords[app].machine.rules.systemPrompt(.R21), appRecords[app].machine.state == rule.from,
      case .backgroundLocationsOnSeparateDays(let days) = rule.trigger
    else { return }
    let device = appRecords[app].device
    let day = wallClock(of: device).day
    if !appRecords[app].backgroundLocationDays.contains(day) { appRecords[app].backgroundLocationDays.append(day) }
    guard appRecords[app].backgroundLocationDays.count >= days else { return }
    appRecords[app].reminderPending = true
    deviceRecords[device].pendingSystemPrompts.append(
      PendingSystemPrompt(app: app, rule: rule, waitsForUnlock: true))
    log(app: app, "background locations on \(days) separate days: reminder at the next unlock (R21)")
  }
}

// MARK: - Background sessions and the indicator (B1, B3, U3)

extension World {
  /// B1: whether a manager's update session keeps running when its app leaves the foreground.
  func continuesInBackground(_ manager: Int) -> Bool {
    let record = managerRecords[manager]
    let machine = appRecords[record.app].machine
    guard machine.profile.hasLocationBackgroundMode else { return false }  // K6
    switch machine.rules.backgroundSession {
    case .backgroundMode:
      return true
    case .backgroundModeAndProperty(let assumedTrueBeforeSDK):
      return record.allowsBackgroundLocationUpdates || machine.profile.linkedSDK < assumedTrueBeforeSDK
    }
  }

  /// Whether a manager runs a location session that continues in the background (L1, B1).
  func runsBackgroundSession(_ manager: Int) -> Bool {
    let record = managerRecords[manager]
    return record.isAlive && record.isUpdating && !record.isPaused && !record.blockedUntilForeground
      && reported(record.app).status.isAuthorized && continuesInBackground(manager)
  }

  func hasBackgroundSession(_ app: Int) -> Bool {
    appRecords[app].managers.contains(where: runsBackgroundSession)
  }

  /// B3: the blue bar or pill while an app receives locations in the background.
  func showsBackgroundIndicator(_ device: Int) -> Bool {
    deviceRecords[device].apps.contains(where: showsIndicator)
  }

  /// B3: whether this app, in the background, runs a session that shows the indicator (L1 reads it).
  func showsIndicator(_ app: Int) -> Bool {
    guard appRecords[app].state == .background else { return false }
    let machine = appRecords[app].machine
    for manager in appRecords[app].managers where runsBackgroundSession(manager) {
      switch machine.state {
      case .whenInUse, .temporaryWhenInUse:
        return true
      case .always, .provisionalAlways:
        if machine.rules.alwaysIndicator == .whenShowsBackgroundLocationIndicator,
          managerRecords[manager].showsBackgroundLocationIndicator
        {
          return true
        }
      case .notDetermined, .denied, .restricted:
        break
      }
    }
    return false
  }

  /// U3: a background session whose location has not changed for the pause interval pauses.
  func scheduleAutomaticPauses(_ app: Int) {
    let lastMoved = deviceRecords[appRecords[app].device].lastMovedAt
    let inBackground = appRecords[app].state == .background
    let backgroundSince = appRecords[app].backgroundSince
    for manager in appRecords[app].managers {
      let session = managerRecords[manager]
      var due: VirtualInstant?
      if inBackground, session.pausesLocationUpdatesAutomatically, runsBackgroundSession(manager) {
        due = max(lastMoved, backgroundSince, session.updatingSince) + Assumptions.automaticPauseAfter
      }
      guard due != session.pauseDue else { continue }
      timers.cancel(session.pauseTimer)
      managerRecords[manager].pauseDue = due
      managerRecords[manager].pauseTimer = due.map { timers.schedule(.automaticPause(manager: manager), at: $0) }
    }
  }

  func pause(_ manager: Int) {
    let app = managerRecords[manager].app
    managerRecords[manager].isPaused = true
    log(manager: manager, "paused: the location has not changed for \(Assumptions.automaticPauseAfter) (U3)")
    deliver(.locationManagerDidPauseLocationUpdates, to: manager)
    if reported(app).status == .authorizedWhenInUse { managerRecords[manager].blockedUntilForeground = true }
    settle(app)
  }
}

// MARK: - Wi-Fi (W1)

extension World {
  func fetchCurrentWiFiSSID(_ app: Int) -> String? {
    guard let ssid = deviceRecords[appRecords[app].device].wifiSSID else { return nil }
    let snapshot = reported(app)
    for requirement in appRecords[app].machine.rules.wifiRequirements {
      let met: Bool
      switch requirement {
      case .entitlement: met = appRecords[app].info.hasWiFiInfoEntitlement
      case .authorization: met = snapshot.status.isAuthorized
      case .fullAccuracy: met = snapshot.accuracy == .fullAccuracy
      }
      guard met else { return nil }
    }
    return ssid
  }
}
