// MARK: - Managers

extension World {
  // We can create a manager while the app runs (foreground or background).
  func makeManager(for app: AppID) throws(MisuseError) -> ManagerID {
    let name = self[app].info.name
    switch self[app].activity.appState {
    case .notRunning:
      throw MisuseError(.lifecycle, "“\(name)” is not running; launch() it before creating a location manager")
    case .suspended:
      throw MisuseError(.lifecycle, "“\(name)” is suspended; foreground() it before creating a location manager")
    case .foreground, .background:
      break
    }
    let manager = ManagerID(managerRecords.count)
    managerRecords.append(
      ManagerRecord(app: app, index: self[app].managers.count + 1, session: LocationSessionMachine(manager: manager)))
    self[app].managers.append(manager)
    log(.manager(manager), "created")
    apply(authorizationCallbacks(reported(app), to: manager, changedFrom: nil))  // C2
    let events = self[app].eventsForNextManager
    self[app].eventsForNextManager = []
    for event in events { deliver(event, to: [manager], skipping: []) }  // E12 after a background launch
    return manager
  }

  /// Checks that a manager is alive and that its device's version has the member.
  func check(_ manager: ManagerID, _ member: ManagerMember) throws(MisuseError) {
    let record = self[manager]
    guard record.isAlive else {
      throw MisuseError(
        .staleManager,
        "manager#\(record.index) of “\(self[record.app].info.name)” belongs to a launch that ended; create a new one with location_manager()"
      )
    }
    try checkAvailable(manager, member)
  }

  /// Checks only that the version has the member, for reads that a dead manager still answers.
  func checkAvailable(_ manager: ManagerID, _ member: ManagerMember) throws(MisuseError) {
    let app = self[manager].app
    guard self[app].machine.rules.isAvailable(member) else {
      throw misuseUnavailable(member.rawValue, since: member.introducedIn, on: self[app].device)
    }
  }
}

// MARK: - Authorization requests (R1–R18, K2, A2, P10)

extension World {
  func requestAuthorization(_ manager: ManagerID, _ call: AuthorizationCall) throws(MisuseError) {
    try check(manager, call.member)
    let app = self[manager].app
    log(.manager(manager), "\(call)()")
    if case .appClipCannotRequestAlways = performRequest(call, for: app) {
      throw MisuseError(.appClipAlways, "App Clips cannot request Always authorization")  // A2
    }
    derive(app)
  }

  /// Runs a request on the app's machine and carries out its outcome: an alert, a console line, a
  /// log line. The managers' requests and the sessions' prompts (SS2, SS5, SS7, IM1) share it.
  @discardableResult
  func performRequest(_ call: AuthorizationCall, for app: AppID) -> OnRequest {
    let context = context(app)
    let before = self[app].machine.state
    let outcome = self[app].machine.request(call, in: context)
    record(outcome.transition, of: app, because: nil)
    switch outcome {
    case .changed(let rule, _): took(.request(call, alert: nil, button: nil), from: before, to: self[app].machine.state, rule: rule.id, app: app)
    case .missingUsageDescription: took(.request(call, alert: nil, button: nil), from: before, to: before, rule: .K2, app: app)
    case .appClipCannotRequestAlways: took(.request(call, alert: nil, button: nil), from: before, to: before, rule: .A2, app: app)
    case .ignoredNotInForeground, .ignoredAlertShowing, .showLocationServicesAlert, .locationServicesOff, .showPrompt,
      .unchanged, .noRule:
      break
    }
    carryOut(outcome, of: call, for: app)
    return outcome
  }

  /// What a request's outcome shows or logs: an alert, a console line, a log line.
  func carryOut(_ outcome: OnRequest, of call: AuthorizationCall, for app: AppID) {
    switch outcome {
    case .appClipCannotRequestAlways:
      break  // A2: the caller decides
    case .ignoredNotInForeground:
      log(.app(app), "request ignored: not in the foreground (R18)")
    case .ignoredAlertShowing:
      log(.app(app), "request ignored: an alert is already showing (assumed)")
    case .missingUsageDescription(let requirement):
      apply(.console(app, requirement.consoleLine))  // K2
    case .showLocationServicesAlert:
      showAlert(.p10, for: app, purpose: .locationServicesOff)
    case .locationServicesOff:
      log(.app(app), "no alert: the Location Services alert was answered twice already (P10)")
    case .showPrompt(let rule):
      if let alert = rule.alert { showAlert(alert, for: app, purpose: .request(rule)) }
    case .changed(let rule, _):
      log(.app(app), "\(rule.id): no alert")
    case .unchanged(let rule):
      log(.app(app), "no effect (\(rule.id))")
    case .noRule(let origin):
      log(.app(app), "no rule for \(call) from \(origin) on this version")
    }
  }

  /// R1: starting a location service is the first use of location; on iOS 7 it prompts, and with
  /// Location Services off it shows P10 on every version.
  func firstUse(_ manager: ManagerID) {
    let app = self[manager].app
    let context = context(app)
    let outcome = self[app].machine.request(.firstUseOfLocation, in: context)
    record(outcome.transition, of: app, because: nil)
    switch outcome {
    case .showPrompt(let rule):
      if let alert = rule.alert { showAlert(alert, for: app, purpose: .request(rule)) }
    case .showLocationServicesAlert:
      showAlert(.p10, for: app, purpose: .locationServicesOff)
    case .noRule(let origin):
      log(.app(app), "no rule for first use from \(origin) on this version")
    case .appClipCannotRequestAlways, .ignoredNotInForeground, .ignoredAlertShowing, .missingUsageDescription,
      .locationServicesOff, .changed, .unchanged:
      break
    }
  }
}

// MARK: - Temporary full accuracy (T1–T5, C7)

extension World {
  func requestTemporaryFullAccuracy(_ manager: ManagerID, purposeKey: String) throws(MisuseError) -> RequestID {
    try check(manager, .requestTemporaryFullAccuracyAuthorization)
    let app = self[manager].app
    log(.manager(manager), "requestTemporaryFullAccuracyAuthorization(\"\(purposeKey)\")")
    let request = RequestID(requestRecords.count)
    requestRecords.append(TemporaryRequestRecord(app: app, manager: manager, purposeKey: purposeKey))
    let text = self[app].info.plist.temporaryUsageDescriptions[purposeKey]  // K4, localized by the loader
    switch self[app].machine.requestTemporaryFullAccuracy(hasPurposeText: text != nil, in: context(app)) {
    case .declined(let rule):
      log(.app(app), "no alert (\(rule))")
      apply(.complete(request, error: .promptDeclined))
    case .declinedAlertShowing:
      log(.app(app), "no alert: an alert is already showing (assumed)")
      apply(.complete(request, error: .promptDeclined))
    case .showPrompt:
      showAlert(.p9, for: app, purpose: .temporaryFullAccuracy(request: request), message: text)
    }
    return request
  }
}

// MARK: - Properties (B1–B3, U3)

extension World {
  func setAllowsBackgroundLocationUpdates(_ manager: ManagerID, _ value: Bool) throws {
    try check(manager, .allowsBackgroundLocationUpdates)
    let app = self[manager].app
    log(.manager(manager), "allowsBackgroundLocationUpdates = \(value)")
    let machine = self[app].machine
    if value, machine.rules.backgroundPropertyCrashesWithoutMode, !machine.profile.hasLocationBackgroundMode {
      // B2: the setter asserts, whatever the authorization (K6); the reason is the version's.
      throw crash(app, exception: "NSInternalInconsistencyException", reason: machine.rules.backgroundPropertyCrashReason)
    }
    self[manager].allowsBackgroundLocationUpdates = value
    derive(app)
  }

  func setShowsBackgroundLocationIndicator(_ manager: ManagerID, _ value: Bool) throws(MisuseError) {
    try check(manager, .showsBackgroundLocationIndicator)
    log(.manager(manager), "showsBackgroundLocationIndicator = \(value)")
    self[manager].showsBackgroundLocationIndicator = value
    derive(self[manager].app)  // L1: the indicator decides whether a background session is in use
  }

  func setPausesLocationUpdatesAutomatically(_ manager: ManagerID, _ value: Bool) throws(MisuseError) {
    try check(manager, .pausesLocationUpdatesAutomatically)
    log(.manager(manager), "pausesLocationUpdatesAutomatically = \(value)")
    self[manager].pausesLocationUpdatesAutomatically = value
    derive(self[manager].app)
  }
}
