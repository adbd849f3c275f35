// MARK: - The iOS 15+ objects: context, derivation, deliveries and prompts (§14–§18)

extension World {
  /// The features of the app's device version.
  func sessionFeatures(_ app: AppID) -> SessionFeatures { self[app].machine.rules.sessionFeatures }

  /// What the objects read of their app, before their own part (`AppSessions.context`).
  func sessionBase(_ app: AppID) -> SessionContext {
    // Fields are read through the subscripts one by one: copying a whole record costs more than the rest.
    let device = self[app].device
    var prompt: SessionPrompt?
    if let raised = self[app].sessionPrompt, self[device].currentAlert == raised.alert { prompt = raised.prompt }
    return SessionContext(
      features: sessionFeatures(app), authorization: self[app].machine.state,
      locationServicesEnabled: self[device].locationServicesEnabled, accuracy: self[app].machine.accuracy ?? .fullAccuracy,
      inUse: isInUseWithoutSessions(app), foreground: self[app].activity.appState == .foreground,
      declaresBackgroundLocation: self[app].info.profile.hasLocationBackgroundMode,
      requiresExplicitSession: self[app].info.plist.requiresExplicitServiceSession, promptShowing: prompt)
  }

  /// The full context: the base plus the sessions held and BA2's use.
  func sessionContext(_ app: AppID) -> SessionContext {
    let base = sessionBase(app)
    return inPlace(app) { $0.context(base) }
  }

  /// Runs `body` on the app's objects where they are stored: reading a computed property through the
  /// subscript's `get` copies the whole record first, which a live stream's every move would pay.
  private func inPlace<T>(_ app: AppID, _ body: (inout AppSessions) -> T) -> T {
    body(&self[app].sessions)
  }

  /// BA2: whether an active background activity session keeps the app in use (and shows the indicator).
  func backgroundActivityActive(_ app: AppID) -> Bool {
    guard !self[app].sessions.backgroundSessions.isEmpty else { return false }
    return self[app].sessions.backgroundSessionActive(sessionBase(app))
  }

  /// The derive step of the objects: recompute diagnostics and deliver what follows (LU4, MN2, §18),
  /// then let one object ask for what it needs (SS2–SS9, IM1), which changes DG6, and re-derive once.
  func deriveSessions(_ app: AppID) {
    guard !self[app].sessions.isEmpty else { return }
    refreshSessions(app)
    if askForSessions(app) { refreshSessions(app) }
    scheduleSessionDeadline(app)
  }

  private func refreshSessions(_ app: AppID) {
    let context = sessionContext(app)
    let location = self[self[app].device].location
    apply(sessionEffects(app, self[app].sessions.refresh(context, at: location, now: now)))
  }

  /// LU3: one timer per app, at its earliest stream deadline. Moves only push a deadline later, so a
  /// pending timer that is due no later is kept: it fires early, finds nothing due and sets the next.
  private func scheduleSessionDeadline(_ app: AppID) {
    let due = inPlace(app) { $0.deadline }
    if let pending = self[app].sessionDeadline, let due, pending <= due { return }
    guard due != self[app].sessionDeadline else { return }
    self[app].sessionDeadline = due
    apply(.cancel(.sessionDeadline(app: app)))
    if let due { apply(.schedule(.sessionDeadline(app: app), at: due)) }
  }

  /// The timer of LU3 fired.
  func sessionDeadlinePassed(_ app: AppID) {
    self[app].sessionDeadline = nil
    let location = self[self[app].device].location
    let context = sessionContext(app)
    apply(sessionEffects(app, self[app].sessions.deadlinePassed(context, at: location, now: now)))
    derive(app)
  }

  /// The device moved: the objects' part of U1/E12 (LU1, LU3, MN1).
  func sessionsMoved(_ app: AppID, to coordinate: Coordinate) {
    guard !self[app].sessions.isEmpty else { return }
    let context = sessionContext(app)
    apply(sessionEffects(app, self[app].sessions.moved(context, to: coordinate, now: now)))
  }

  /// The effects of the objects' deliveries: callbacks with their `source` (§6), and MN2's launch.
  func sessionEffects(_ app: AppID, _ deliveries: [SessionDelivery]) -> [Effect] {
    var wake: [Effect] = []
    if self[app].activity.appState == .suspended, deliveries.contains(where: \.isCallback),
      sessionContext(app).receivesWhileNotInUse, let (_, effect) = self[app].activity.wake(now: now)
    {
      // LU1, MN2: deliveries to an app that is not in use come only when it may receive them there
      // (Always); a suspended app runs again for them, as for E12.
      wake = [effect, .log(.app(app), "woken in the background for live updates or monitor events (LU1, MN2)"), .releaseHeld(app)]
    }
    var effects = wake
    effects.reserveCapacity(wake.count + deliveries.count)
    for delivery in deliveries {
      switch delivery {
      case .liveUpdate(let stream, let update):
        effects.append(
          .appCallback(Callback(method: .liveUpdate, at: now, manager: nil, source: stream + 1, liveUpdate: update), for: app))
      case .monitorEvent(let monitor, let event):
        effects.append(
          .appCallback(
            Callback(method: .monitorEvent, at: now, manager: nil, source: monitor + 1, monitorEvent: event), for: app))
      case .heldForClosedMonitor(let monitor):
        let name = self[app].sessions.monitors[monitor].name
        guard self[app].activity.appState == .notRunning, let (_, effect) = self[app].activity.wake(now: now) else {
          effects.append(.log(.app(app), "monitor “\(name)” event held until the app opens the monitor (MN2)"))
          continue
        }
        self[app].sessions.launched(now: now)
        effects += [effect, .log(.app(app), "launched into the background for monitor “\(name)” (MN2, as E12)")]
      }
    }
    return effects
  }

  // MARK: Prompts the objects raise

  /// Shows the alert one object needs, if the app is in the foreground and nothing shows; returns whether one showed.
  private func askForSessions(_ app: AppID) -> Bool {
    let device = self[app].device
    guard self[app].activity.appState == .foreground, self[device].currentAlert == nil, !self[device].isLocked else {
      return false
    }
    // Only service sessions ask from a grant; implicit sessions ask only under ND (IM1).
    guard !self[app].sessions.serviceSessions.isEmpty || self[app].machine.state == .notDetermined else { return false }
    let context = sessionContext(app)
    guard let (prompt, session) = self[app].sessions.takePrompt(context, alwaysRequested: self[app].machine.alwaysRequested)
    else { return false }
    let asker = session.map { "service session#\($0 + 1) (\(self[app].sessions.serviceSessions[$0].requirement))" }
    switch prompt {
    case .whenInUse(let forAlways):
      log(.app(app), "\(asker ?? "the implicit session") asks for When-In-Use (\(session == nil ? "IM1" : forAlways ? "SS7" : "SS2"))")
      performRequest(forAlways ? .requestAlwaysAuthorization : .requestWhenInUseAuthorization, for: app)
    case .always:
      log(.app(app), "\(asker ?? "a session") asks for Always (SS5)")
      performRequest(.requestAlwaysAuthorization, for: app)
    case .fullAccuracy(let key):
      log(.app(app), "\(asker ?? "a session") asks for full accuracy with purpose key “\(key)” (SS9)")
      let text = self[app].info.plist.temporaryUsageDescriptions[key]
      _ = showAlert(.p9, for: app, purpose: .sessionFullAccuracy(session: session ?? 0), message: text)
    }
    guard let alert = self[device].currentAlert else { return false }
    self[app].sessionPrompt = (alert, prompt)
    return true
  }

  /// P10 for an object that needs authorization while Location Services are off (§14–§18 conventions),
  /// counted with the requests' (at most twice per app).
  func showLocationServicesAlertIfOff(_ app: AppID) {
    let device = self[app].device
    guard !self[device].locationServicesEnabled, self[app].activity.appState == .foreground,
      self[device].currentAlert == nil
    else { return }
    carryOut(self[app].machine.onLocationServicesOff, of: .firstUseOfLocation, for: app)  // P10
  }
}

// MARK: - Termination (BA4, SS10)

extension World {
  /// The app ended: its streams stop, its monitors close, its sessions are lost but outstanding.
  func endSessions(_ app: AppID, _ context: SessionContext) {
    guard !self[app].sessions.isEmpty else { return }
    self[app].sessions.terminated(context)
    self[app].sessionPrompt = nil
    if self[app].sessionDeadline != nil {
      self[app].sessionDeadline = nil
      apply(.cancel(.sessionDeadline(app: app)))
    }
  }
}
