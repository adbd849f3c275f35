// MARK: - Creating and using the iOS 15+ objects (§14–§17, §20)

extension World {
  /// The version that introduced a feature, as a scenario error when the device is older.
  func require(_ feature: SessionFeatures, _ what: String, on app: AppID) throws(MisuseError) {
    guard !sessionFeatures(app).contains(feature) else { return }
    throw misuseUnavailable(what, since: SessionFeatures.introduction(of: feature), on: self[app].device)
  }

  /// The new objects are made by the app's code: it must be running and not suspended.
  private func requireRunning(_ app: AppID, _ what: String) throws(MisuseError) {
    let name = self[app].info.name
    switch self[app].activity.appState {
    case .notRunning: throw MisuseError(.lifecycle, "“\(name)” is not running; launch() it before \(what)")
    case .suspended: throw MisuseError(.lifecycle, "“\(name)” is suspended; foreground() it before \(what)")
    case .foreground, .background: break
    }
  }

  // MARK: Live updates (LU1–LU4)

  func startLiveUpdates(_ app: AppID, _ configuration: LiveUpdateMachine.Configuration) throws(MisuseError) -> StreamID {
    try require(.liveUpdatesAndMonitors, "CLLocationUpdate.liveUpdates", on: app)
    try requireRunning(app, "iterating live updates")
    showLocationServicesAlertIfOff(app)
    let context = sessionContext(app)
    let location = self[self[app].device].location
    let (index, deliveries) = self[app].sessions.startStream(configuration, context, at: location, now: now)
    streamRefs.append(SessionObjectRef(app: app, index: index))
    log(.app(app), "live updates#\(index + 1) started (\(configuration)) (LU1)")
    apply(sessionEffects(app, deliveries))
    derive(app)
    return StreamID(streamRefs.count - 1)
  }

  func stopStream(_ id: StreamID) {
    let ref = sessionRef(id)
    guard self[ref.app].sessions.streams[ref.index].isActive else { return }
    self[ref.app].sessions.stopStream(ref.index)
    log(.app(ref.app), "live updates#\(ref.index + 1) stopped")
    derive(ref.app)
  }

  // MARK: Monitors (MN1, MN2)

  func openMonitor(_ app: AppID, named name: String) throws(MisuseError) -> MonitorID {
    try require(.liveUpdatesAndMonitors, "CLMonitor", on: app)
    try requireRunning(app, "opening a monitor")
    showLocationServicesAlertIfOff(app)
    let (index, held) = self[app].sessions.openMonitor(named: name)
    log(.app(app), "monitor “\(name)” opened (MN1)")
    apply(sessionEffects(app, held))
    derive(app)
    return monitorID(app, index)
  }

  func addCondition(_ region: CircularRegion, to id: MonitorID) throws(MisuseError) {
    let ref = sessionRef(id)
    try requireOpen(id)
    let context = sessionContext(ref.app)
    let location = self[self[ref.app].device].location
    log(.app(ref.app), "monitor “\(monitorMachine(id).name)” add \(region)")
    let deliveries = self[ref.app].sessions.addCondition(region, to: ref.index, context, at: location)
    apply(sessionEffects(ref.app, deliveries))
    derive(ref.app)
  }

  func removeCondition(_ identifier: String, from id: MonitorID) throws(MisuseError) {
    let ref = sessionRef(id)
    try requireOpen(id)
    _ = try conditionState(identifier, of: id)
    _ = self[ref.app].sessions.removeCondition(identifier, from: ref.index)
    log(.app(ref.app), "monitor “\(monitorMachine(id).name)” remove \(identifier)")
  }

  func conditionState(_ identifier: String, of id: MonitorID) throws(MisuseError) -> MonitorConditionState {
    let machine = monitorMachine(id)
    guard let state = machine.state(of: identifier) else {
      let known = machine.conditions.map { "\"\($0.region.identifier)\"" }
      let hint = Spelling.closest(to: identifier, in: machine.conditions.map(\.region.identifier)).map {
        " (did you mean \"\($0)\"?)"
      }
      throw MisuseError(
        .invalidArgument,
        "monitor “\(machine.name)” has no condition \"\(identifier)\"\(hint ?? "")"
          + (known.isEmpty ? "; it has none" : "; its conditions: " + known.joined(separator: ", ")))
    }
    return state
  }

  private func requireOpen(_ id: MonitorID) throws(MisuseError) {
    let ref = sessionRef(id)
    guard self[ref.app].sessions.isOpen(monitor: ref.index) else {
      throw MisuseError(
        .lifecycle,
        "monitor “\(monitorMachine(id).name)” was closed when “\(self[ref.app].info.name)” terminated; open it again with app:monitor(name)")
    }
  }

  // MARK: Background activity sessions (BA1–BA5)

  func createBackgroundActivitySession(_ app: AppID) throws(MisuseError) -> BackgroundSessionID {
    try require(.liveUpdatesAndMonitors, "CLBackgroundActivitySession", on: app)
    try requireRunning(app, "creating a background activity session")
    showLocationServicesAlertIfOff(app)
    let context = sessionContext(app)
    let index = self[app].sessions.createBackgroundSession(context, now: now)
    backgroundSessionRefs.append(SessionObjectRef(app: app, index: index))
    let machine = self[app].sessions.backgroundSessions[index]
    let why: String
    if !context.declaresBackgroundLocation {
      why = "inactive: UIBackgroundModes has no “location” (BA1, K6; no crash)"
    } else if case .createdNotInUse = machine.origin {
      why = "inactive: created while not in use (BA5)"
    } else if case .rejoined = machine.origin {
      why = "rejoins the session outstanding at termination (BA4)"
    } else {
      why = machine.isActive(sessionContext(app)) ? "active (BA1)" : "inactive until the app is authorized (BA1)"
    }
    log(.app(app), "background activity session#\(index + 1) created: \(why)")
    derive(app)
    return BackgroundSessionID(backgroundSessionRefs.count - 1)
  }

  func backgroundSessionIsActive(_ id: BackgroundSessionID) -> Bool {
    let ref = sessionRef(id)
    return backgroundSessionMachine(id).isActive(sessionBase(ref.app))
  }

  func invalidateBackgroundSession(_ id: BackgroundSessionID) {
    let ref = sessionRef(id)
    guard backgroundSessionMachine(id).isLive else { return }
    self[ref.app].sessions.invalidateBackgroundSession(ref.index)
    log(.app(ref.app), "background activity session#\(ref.index + 1) invalidated (BA3)")
    derive(ref.app)
  }

  // MARK: Service sessions (SS0–SS10)

  func createServiceSession(
    _ app: AppID, _ requirement: ServiceSessionMachine.Requirement, fullAccuracyPurposeKey key: String?
  ) throws(MisuseError) -> ServiceSessionID {
    try require(.serviceSessions, "CLServiceSession", on: app)
    try requireRunning(app, "creating a service session")
    if requirement != .none { showLocationServicesAlertIfOff(app) }
    let declared = key.map { self[app].info.plist.temporaryUsageDescriptions[$0] != nil } ?? false
    let index = self[app].sessions.createServiceSession(
      requirement, fullAccuracyPurposeKey: key, purposeKeyDeclared: declared, inUse: sessionContext(app).inUse, now: now)
    serviceSessionRefs.append(SessionObjectRef(app: app, index: index))
    var line = "service session#\(index + 1) created: \(requirement)"
    if let key { line += ", full accuracy “\(key)”" + (declared ? "" : " (not in NSLocationTemporaryUsageDescriptionDictionary: SS9)") }
    if self[app].sessions.serviceSessions[index].isRejoined { line += "; rejoins the session held at termination (SS10)" }
    log(.app(app), line + " (SS0)")
    derive(app)
    return ServiceSessionID(serviceSessionRefs.count - 1)
  }

  func invalidateServiceSession(_ id: ServiceSessionID) {
    let ref = sessionRef(id)
    guard serviceSessionMachine(id).isActive else { return }
    self[ref.app].sessions.invalidateServiceSession(ref.index)
    log(.app(ref.app), "service session#\(ref.index + 1) invalidated (SS10)")
    derive(ref.app)
  }

  // MARK: The location button (LB1–LB6)

  func tapLocationButton(_ app: AppID) throws(MisuseError) {
    try require(.locationButton, "CLLocationButton", on: app)
    let name = self[app].info.name
    guard self[app].activity.appState == .foreground else {
      throw MisuseError(.lifecycle, "“\(name)” is not in the foreground: its location button is not on screen (LB1)")
    }
    let device = self[app].device
    if let alert = self[device].currentAlert {
      throw MisuseError(.alert, "alert#\(self[alert].number) is showing: answer it before tapping the location button")
    }
    log(.app(app), "location button tapped")
    let machine = self[app].machine
    let action = self[app].sessions.button.tap(
      authorization: machine.state, locationServicesEnabled: self[device].locationServicesEnabled)
    perform(action, for: app, because: .LB2)
    if case .grantOnce = action {
      took(.locationButton(button: nil), from: machine.state, to: self[app].machine.state, rule: .LB2, app: app)
    }
  }

  /// Carries out what the button decided (a tap, or an answer to P12).
  func perform(_ action: LocationButtonApproval.Action, for app: AppID, because rule: RuleID) {
    switch action {
    case .showLocationServicesAlert:
      showLocationServicesAlertIfOff(app)  // LB6
    case .showApproval:
      _ = showAlert(.p12, for: app, purpose: .locationButton)  // LB1
    case .grantOnce(let returnTo):
      change(app, because: rule) { $0.grantOnce(returningTo: returnTo) }  // LB1, LB2, LB5
    case .nothing:
      log(.app(app), "location button: nothing changes (\(rule == .LB1 ? "LB1" : "LB3"))")
    }
    derive(app)
  }

  // MARK: Widgets (WG1, S4)

  func addWidget(_ app: AppID) throws(MisuseError) {
    try require(.widgets, "Location in widgets", on: app)
    let device = self[app].device
    let name = self[app].info.name
    guard self[app].info.widgetWantsLocation else {
      throw MisuseError(
        .invalidArgument,
        "“\(name)” has no widget that declares NSWidgetWantsLocation; install it with widget_wants_location = true (WG1)")
    }
    log(.device(device), "\(deviceName(device)): add a widget of “\(name)”")
    let state = self[app].machine.state
    let foreground = self[app].activity.appState == .foreground && self[device].currentAlert == nil
    if self[app].widgets.widgetAdded(authorization: state, foreground: foreground) {
      _ = showAlert(.p13, for: app, purpose: .widgets)
    } else if self[app].widgets.isWaiting {
      log(.app(app), "the widget alert waits until “\(name)” is in the foreground (WG1)")
    } else {
      let authorized = self[app].widgets.isAuthorized(state)
      log(.app(app), "widgets \(authorized ? "authorized" : "not authorized") without an alert (WG1)")
    }
  }

  /// WG1: a P13 that waited shows when the app is in the foreground and nothing else shows.
  func deriveWidgetPrompt(_ app: AppID) {
    let device = self[app].device
    guard self[app].widgets.isWaiting, self[app].activity.appState == .foreground, self[device].currentAlert == nil,
      !self[device].isLocked
    else { return }
    if self[app].widgets.promptWhenForeground(authorization: self[app].machine.state) {
      _ = showAlert(.p13, for: app, purpose: .widgets)
    }
  }

  /// `isAuthorizedForWidgetUpdates` (WG1).
  func isAuthorizedForWidgetUpdates(_ app: AppID) -> Bool {
    self[app].widgets.isAuthorized(self[app].machine.state)
  }
}
