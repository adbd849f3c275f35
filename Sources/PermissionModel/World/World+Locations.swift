// MARK: - Location services (U1, C6, U3, U4)

extension World {
  func startUpdatingLocation(_ manager: ManagerID) throws(MisuseError) {
    try check(manager, .startUpdatingLocation)
    let app = self[manager].app
    log(.manager(manager), "startUpdatingLocation()")
    firstUse(manager)
    apply(self[manager].session.start(now: now))  // U1; a paused session resumes (U3)
    failIfDenied(manager)
    derive(app)
  }

  func stopUpdatingLocation(_ manager: ManagerID) throws(MisuseError) {
    try check(manager, .stopUpdatingLocation)
    log(.manager(manager), "stopUpdatingLocation()")
    apply(self[manager].session.stop())
    derive(self[manager].app)
  }

  func requestLocation(_ manager: ManagerID) throws(MisuseError) {
    try check(manager, .requestLocation)
    let app = self[manager].app
    log(.manager(manager), "requestLocation()")
    firstUse(manager)
    let status = reported(app).status
    switch status {
    case .denied, .restricted:
      apply(.callback(.didFailWithError, to: manager, CallbackArguments(error: .denied)))  // C6
    case .notDetermined:
      // C6 (assumed timeout): under ND the one-shot request fails later with locationUnknown.
      apply(.cancel(.requestLocationTimeout(manager: manager)))
      apply(.schedule(.requestLocationTimeout(manager: manager), at: now + Assumptions.requestLocationTimeout))
    case .authorizedAlways, .authorizedWhenInUse:
      deliverLocation(self[self[app].device].location, to: manager, throttled: false)
    }
    derive(app)
  }

  func startMonitoringSignificantLocationChanges(_ manager: ManagerID) throws(MisuseError) {
    try check(manager, .startMonitoringSignificantLocationChanges)
    let app = self[manager].app
    log(.manager(manager), "startMonitoringSignificantLocationChanges()")
    firstUse(manager)
    let status = reported(app).status
    if status == .denied || status == .restricted {
      apply(.callback(.didFailWithError, to: manager, CallbackArguments(error: .denied)))  // C6
    } else if self[app].machine.rules.monitoring == .requiresAlways, status == .authorizedWhenInUse {
      apply(.callback(.didFailWithError, to: manager, CallbackArguments(error: Assumptions.significantChangesWithoutAlwaysError)))  // U4
    } else {
      self[app].monitorsSignificantChanges = true
      self[app].significantChangeAnchor = self[self[app].device].location
    }
    derive(app)
  }

  func stopMonitoringSignificantLocationChanges(_ manager: ManagerID) throws(MisuseError) {
    try check(manager, .stopMonitoringSignificantLocationChanges)
    log(.manager(manager), "stopMonitoringSignificantLocationChanges()")
    self[self[manager].app].monitorsSignificantChanges = false
  }

  func startMonitoring(_ manager: ManagerID, region: CircularRegion) throws(MisuseError) {
    try check(manager, .startMonitoring)
    let app = self[manager].app
    log(.manager(manager), "startMonitoring(\(region))")
    firstUse(manager)
    let snapshot = reported(app)
    let rules = self[app].machine.rules
    if snapshot.status == .denied || snapshot.status == .restricted
      || (rules.monitoring == .requiresAlways && snapshot.status == .authorizedWhenInUse)
    {
      apply(.callback(.monitoringDidFailFor, to: manager, CallbackArguments(error: .regionMonitoringDenied, region: region)))  // C6, U4
    } else if rules.regionsNeedFullAccuracy, snapshot.accuracy == .reducedAccuracy {
      apply(.callback(.monitoringDidFailFor, to: manager, CallbackArguments(error: Assumptions.reducedAccuracyRegionError, region: region)))  // U4
    } else {
      let inside = region.contains(self[self[app].device].location)
      self[app].regions.removeAll { $0.region.identifier == region.identifier }
      self[app].regions.append(MonitoredRegion(region: region, isInside: inside))
    }
    derive(app)
  }

  /// C6: starting a location service under DEN or RES fails with `denied`.
  private func failIfDenied(_ manager: ManagerID) {
    switch reported(self[manager].app).status {
    case .denied, .restricted: apply(.callback(.didFailWithError, to: manager, CallbackArguments(error: .denied)))
    case .notDetermined, .authorizedAlways, .authorizedWhenInUse: break
    }
  }
}

// MARK: - Moving the device (U1, U2, E12)

extension World {
  func setLocation(_ device: DeviceID, _ coordinate: Coordinate) {
    if coordinate != self[device].location { self[device].lastMovedAt = now }
    self[device].location = coordinate
    apply(.record(.moved(device: deviceName(device), to: coordinate), about: .device(device)))
    for app in self[device].apps {
      var updated: [ManagerID] = []
      for manager in self[app].managers where receivesUpdates(manager) {
        if deliverLocation(coordinate, to: manager, throttled: true) { updated.append(manager) }  // U1
      }
      for event in locationEvents(app, at: coordinate) { dispatch(event, for: app, skipping: updated) }
      sessionsMoved(app, to: coordinate)  // LU1, LU3, MN1
      derive(app)
    }
  }

  /// U1: an updating manager receives locations while its app is authorized and in use, or per B1.
  func receivesUpdates(_ manager: ManagerID) -> Bool {
    let record = self[manager]
    guard record.isAlive, record.session.isDelivering, reported(record.app).status.isAuthorized else { return false }
    switch self[record.app].activity.appState {
    case .foreground: return true
    case .background: return self[record.app].activity.isInGracePeriod || continuesInBackground(manager)
    case .suspended, .notRunning: return false
    }
  }

  /// U2: reduced accuracy snaps to the grid and delivers at most once per interval; returns whether it delivered.
  @discardableResult
  func deliverLocation(_ coordinate: Coordinate, to manager: ManagerID, throttled: Bool) -> Bool {
    let app = self[manager].app
    let accuracy = reported(app).accuracy
    if accuracy == .reducedAccuracy, throttled, let last = self[manager].lastDeliveryAt,
      now - last < Assumptions.reducedAccuracyInterval
    {
      log(.manager(manager), "location withheld: reduced accuracy delivers at most one per \(Assumptions.reducedAccuracyInterval) (U2)")
      return false
    }
    let location = Location(reporting: coordinate, accuracy: accuracy)
    self[manager].location = location
    self[manager].lastDeliveryAt = now
    apply(.callback(.didUpdateLocations, to: manager, CallbackArguments(locations: [location])))
    noteBackgroundDelivery(app)
    return true
  }

  /// E12: the significant changes and region crossings a move raises for an app.
  private func locationEvents(_ app: AppID, at coordinate: Coordinate) -> [LocationEvent] {
    var events: [LocationEvent] = []
    if self[app].monitorsSignificantChanges,
      self[app].significantChangeAnchor.distance(to: coordinate) >= Assumptions.significantChangeDistance
    {
      self[app].significantChangeAnchor = coordinate
      events.append(.significantChange(coordinate))
    }
    for index in self[app].regions.indices {
      let monitored = self[app].regions[index]
      let inside = monitored.region.contains(coordinate)
      guard inside != monitored.isInside else { continue }
      self[app].regions[index].isInside = inside
      events.append(inside ? .enter(monitored.region) : .exit(monitored.region))
    }
    return events
  }

  /// E12: an Always-only event reaches an app in use; out of use, AA gets it (launching the app if
  /// needed), AAp holds it for the deferred prompt (R19), When-In-Use never gets it.
  func dispatch(_ event: LocationEvent, for app: AppID, skipping updated: [ManagerID]) {
    let snapshot = reported(app)
    let rules = self[app].machine.rules
    guard snapshot.status.isAuthorized else { return }
    switch event {
    case .enter, .exit:
      if rules.regionsNeedFullAccuracy, snapshot.accuracy == .reducedAccuracy { return }  // U4
    case .significantChange:
      break
    }
    if rules.monitoring == .requiresAlways, snapshot.status != .authorizedAlways { return }  // U4
    if isInUse(app) {
      deliver(event, to: self[app].managers, skipping: updated)
      return
    }
    switch self[app].machine.state {
    case .always:
      wakeForEvent(event, app)
    case .provisionalAlways:
      holdForDeferredPrompt(event, app)
    case .whenInUse, .temporaryWhenInUse:
      log(.app(app), "location event not delivered: When-In-Use and not in use (E12)")
    case .notDetermined, .denied, .restricted:
      break
    }
  }

  /// Delivers an event to managers: a significant change as a location, a crossing as a region callback.
  func deliver(_ event: LocationEvent, to managers: [ManagerID], skipping updated: [ManagerID]) {
    for manager in managers {
      switch event {
      case .significantChange(let coordinate):
        if !updated.contains(manager) { deliverLocation(coordinate, to: manager, throttled: true) }
      case .enter(let region):
        apply(.callback(.didEnterRegion, to: manager, CallbackArguments(region: region)))
      case .exit(let region):
        apply(.callback(.didExitRegion, to: manager, CallbackArguments(region: region)))
      }
    }
  }

  /// E12: an Always app not in use is launched into the background, or woken there, for the event.
  private func wakeForEvent(_ event: LocationEvent, _ app: AppID) {
    guard let (from, effect) = self[app].activity.wake(now: now) else {
      deliver(event, to: self[app].managers, skipping: [])
      return
    }
    apply(effect)
    if from == .notRunning {
      self[app].sessions.launched(now: now)  // BA4, SS10: a background launch opens the rejoin window
      log(.app(app), "launched into the background for a location event (E12)")
      self[app].eventsForNextManager.append(event)
    } else {
      log(.app(app), "woken in the background for a location event (E12)")
      apply(.releaseHeld(app))  // C5
      deliver(event, to: self[app].managers, skipping: [])
    }
  }

  /// R19: the event waits for the deferred upgrade prompt.
  private func holdForDeferredPrompt(_ event: LocationEvent, _ app: AppID) {
    self[app].deferredEvents.append(event)
    guard !self[app].deferredPromptPending,
      let rule = self[app].machine.rules.systemPrompt(.R19)
    else { return }
    self[app].deferredPromptPending = true
    let device = self[app].device
    self[device].pendingSystemPrompts.append(PendingSystemPrompt(app: app, rule: rule, waitsForUnlock: false))
    log(.app(app), "location event held for the deferred Always prompt (R19)")
    showNextSystemPrompt(on: device)
  }

  /// R21: background deliveries to an Always app on enough separate days queue the reminder for the next
  /// unlock. P11 from 17 counts them: one use per instant with deliveries, until the reminder shows.
  private func noteBackgroundDelivery(_ app: AppID) {
    guard self[app].activity.appState != .foreground,
      let rule = self[app].machine.rules.systemPrompt(.R21), self[app].machine.state == rule.from,
      case .backgroundLocationsOnSeparateDays(let days) = rule.trigger
    else { return }
    let device = self[app].device
    let day = wallClock(of: device).day
    if self[app].lastBackgroundUseAt != now {
      self[app].lastBackgroundUseAt = now
      self[app].backgroundUses += 1
    }
    if !self[app].backgroundLocationDays.contains(day) { self[app].backgroundLocationDays.append(day) }
    guard !self[app].reminderPending, self[app].backgroundLocationDays.count >= days else { return }
    self[app].reminderPending = true
    self[device].pendingSystemPrompts.append(
      PendingSystemPrompt(app: app, rule: rule, waitsForUnlock: true))
    log(.app(app), "background locations on \(days) separate days: reminder at the next unlock (R21)")
  }

  /// P11 from 17: the background uses since Always was granted or the last reminder, and the days they span.
  func backgroundUseCounts(_ app: AppID) -> [Int] {
    let days = self[app].backgroundLocationDays
    guard let first = days.min(), let last = days.max() else { return [0, 0] }
    return [self[app].backgroundUses, Int(last - first + 1)]
  }

  /// R21, P11: Always granted again, or a reminder answered: counting starts over.
  func resetBackgroundUse(_ app: AppID) {
    self[app].backgroundLocationDays = []
    self[app].backgroundUses = 0
    self[app].lastBackgroundUseAt = nil
  }
}

// MARK: - Wi-Fi (W1)

extension World {
  func fetchCurrentWiFiSSID(_ app: AppID) -> String? {
    guard let ssid = self[self[app].device].wifiSSID else { return nil }
    let snapshot = reported(app)
    for requirement in self[app].machine.rules.wifiRequirements {
      let met: Bool
      switch requirement {
      case .entitlement: met = self[app].info.hasWiFiInfoEntitlement
      case .authorization: met = snapshot.status.isAuthorized
      case .fullAccuracy: met = snapshot.accuracy == .fullAccuracy
      }
      guard met else { return nil }
    }
    return ssid
  }
}
