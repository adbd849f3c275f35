// MARK: - Installing

extension World {
  func install(on device: Int, plist: InfoPlist, options: AppOptions) throws(MisuseError) -> Int {
    let record = deviceRecords[device]
    if options.kind == .appClip, !record.rules.appClips {
      throw misuseUnavailable(
        "App Clips", needs: "need", since: RuleLayer.all.first { $0.appClips == true }?.since, on: device)
    }
    let name = options.name ?? plist.bundleDisplayName ?? plist.bundleName ?? "App"
    let bundleID = options.bundleID ?? plist.bundleIdentifier ?? Self.bundleID(derivedFrom: name)
    if record.apps.contains(where: { appRecords[$0].info.bundleID == bundleID }) {
      throw MisuseError(
        .invalidArgument, "an app with bundle id \(bundleID) is already installed on \(deviceName(device))")
    }
    let sdk = options.sdk ?? record.version
    let profile = AppProfile(plist: plist, kind: options.kind, linkedSDK: sdk)
    // §1: the app's rules read its linked SDK (K1b, R1b) and its kind (A3).
    let rules = RuleSet.forVersion(record.version, linkedSDK: sdk, kind: options.kind)
    let machine = AuthorizationMachine(rules: rules, profile: profile)
    let id = appRecords.count
    appRecords.append(
      AppRecord(
        device: device,
        info: AppInfo(
          name: name, bundleID: bundleID, kind: options.kind, linkedSDK: sdk,
          delegateMethods: options.delegateMethods ?? Self.allDelegateMethods,
          hasWiFiInfoEntitlement: options.wifiInfoEntitlement, plist: plist,
          widgetWantsLocation: options.widgetWantsLocation),
        machine: machine, lastReported: machine.reported(locationServicesEnabled: record.locationServicesEnabled)))
    deviceRecords[device].apps.append(id)
    log(
      device,
      "\(deviceName(device)): install “\(name)” (\(bundleID)), sdk \(sdk)\(options.kind == .appClip ? ", App Clip" : "")"
    )
    return id
  }

  private static let allDelegateMethods = Set(DelegateMethod.allCases)

  /// `com.example.` plus the name with anything but letters, digits and hyphens turned into hyphens.
  static func bundleID(derivedFrom name: String) -> String {
    let scalars = name.unicodeScalars.map { scalar -> Unicode.Scalar in
      scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) ? scalar : "-"
    }
    return "com.example." + String(String.UnicodeScalarView(scalars))
  }
}

// MARK: - Lifecycle (L1–L3)

extension World {
  // We can launch an app only when it is not running.
  func launch(_ app: Int) throws(MisuseError) {
    let state = appRecords[app].state
    guard state == .notRunning else {
      throw MisuseError(
        .lifecycle,
        "“\(appRecords[app].info.name)” is already running (\(state)); launch() needs an app that is not running")
    }
    try checkUnlocked(app, "launch")
    sendForegroundApp(on: appRecords[app].device, toBackgroundExcept: app)
    appRecords[app].state = .foreground
    log(app: app, "launch → foreground")
    settle(app)
  }

  // We can bring an app to the foreground from the background or from suspension.
  func foreground(_ app: Int) throws(MisuseError) {
    let state = appRecords[app].state
    switch state {
    case .notRunning:
      throw MisuseError(.lifecycle, "“\(appRecords[app].info.name)” is not running; launch() it instead")
    case .foreground:
      throw MisuseError(.lifecycle, "“\(appRecords[app].info.name)” is already in the foreground")
    case .background, .suspended:
      break
    }
    try checkUnlocked(app, "foreground")
    sendForegroundApp(on: appRecords[app].device, toBackgroundExcept: app)
    timers.cancel(appRecords[app].graceTimer)
    appRecords[app].graceTimer = nil
    appRecords[app].state = .foreground
    for manager in appRecords[app].managers { managerRecords[manager].blockedUntilForeground = false }  // U3
    log(app: app, "foreground")
    if state == .suspended { deliverHeldCallbacks(app) }  // C5
    settle(app)
  }

  // We can send an app to the background only from the foreground.
  func background(_ app: Int) throws(MisuseError) {
    let state = appRecords[app].state
    guard state == .foreground else {
      throw MisuseError(.lifecycle, "“\(appRecords[app].info.name)” is not in the foreground (\(state))")
    }
    enterBackground(app)
  }

  // We can terminate an app in any state but notRunning.
  func terminate(_ app: Int) throws(MisuseError) {
    guard appRecords[app].state != .notRunning else {
      throw MisuseError(.lifecycle, "“\(appRecords[app].info.name)” is not running")
    }
    log(app: app, "terminate")
    endLaunch(app)
  }

  /// The app crashes: the crash is recorded, the launch ends (B2), and the crash is returned to be thrown.
  func crash(_ app: Int, exception: String, reason: String) -> AppCrash {
    let crash = AppCrash(exception: exception, reason: reason, at: now)
    appRecords[app].crash = crash
    log(app: app, "CRASH \(exception): \(reason)")
    endLaunch(app)
    return crash
  }

  /// L2: leaving the foreground starts the grace period.
  func enterBackground(_ app: Int) {
    appRecords[app].state = .background
    appRecords[app].backgroundSince = now
    timers.cancel(appRecords[app].graceTimer)
    appRecords[app].graceTimer = timers.schedule(
      .gracePeriodEnded(app: app), at: now + Assumptions.inUseGracePeriod)
    log(app: app, "background (in use for \(Assumptions.inUseGracePeriod) more, L2)")
    settle(app)
  }

  /// A terminated or crashed app: its managers and held callbacks are gone (C5), its grants end (E1, E2).
  func endLaunch(_ app: Int) {
    timers.cancel(appRecords[app].graceTimer)
    for manager in appRecords[app].managers {
      timers.cancel(managerRecords[manager].pauseTimer)
      timers.cancel(managerRecords[manager].requestLocationTimer)
      managerRecords[manager].isAlive = false
      managerRecords[manager].isUpdating = false
    }
    appRecords[app].graceTimer = nil
    appRecords[app].managers = []
    appRecords[app].heldCallbacks = []
    appRecords[app].eventsForNextManager = []
    appRecords[app].state = .notRunning
    let device = appRecords[app].device
    if withdrawAlert(of: app) {
      // D1: the app ended with its alert showing.
    } else if let alert = deviceRecords[device].currentAlert, alertRecords[alert].app == app,
      alertRecords[alert].isRaisedByTheApp
    {
      deviceRecords[device].currentAlert = nil
      log(device, "alert#\(alertRecords[alert].number) dismissed: its app ended")
    }
    stopBeingInUse(app)
    settle(app)
    showNextSystemPrompt(on: device)
  }

  /// L3: the screen locks; the foreground app goes to the background.
  func lock(_ device: Int) throws(MisuseError) {
    guard !deviceRecords[device].isLocked else {
      throw MisuseError(.lifecycle, "\(deviceName(device)) is already locked")
    }
    deviceRecords[device].isLocked = true
    log(device, "\(deviceName(device)): lock")
    sendForegroundApp(on: device, toBackgroundExcept: nil)
  }

  /// L3: the screen unlocks and shows the alerts that waited for it (R19, R21).
  func unlock(_ device: Int) throws(MisuseError) {
    guard deviceRecords[device].isLocked else {
      throw MisuseError(.lifecycle, "\(deviceName(device)) is not locked")
    }
    deviceRecords[device].isLocked = false
    for index in deviceRecords[device].pendingSystemPrompts.indices {
      deviceRecords[device].pendingSystemPrompts[index].waitsForUnlock = false
    }
    log(device, "\(deviceName(device)): unlock")
    showNextSystemPrompt(on: device)
  }

  private func checkUnlocked(_ app: Int, _ action: String) throws(MisuseError) {
    let device = appRecords[app].device
    guard !deviceRecords[device].isLocked else {
      throw MisuseError(.lifecycle, "\(deviceName(device)) is locked; unlock() it before \(action)()")
    }
  }

  private func sendForegroundApp(on device: Int, toBackgroundExcept except: Int?) {
    for app in deviceRecords[device].apps where app != except && appRecords[app].state == .foreground {
      enterBackground(app)
    }
  }

  // MARK: - In use (L1, L2)

  /// L1: the foreground, the grace period, or a background session that shows the indicator (B3).
  func isInUse(_ app: Int) -> Bool {
    switch appRecords[app].state {
    case .foreground: true
    case .background: appRecords[app].graceTimer != nil || showsIndicator(app)
    case .suspended, .notRunning: false
    }
  }

  /// L2: an app in the background past its grace period without a background session is suspended.
  /// L1: one whose session shows no indicator keeps running (B1) but is not in use: its temporary
  /// grants end (E1, E2).
  func updateActivity(_ app: Int) {
    guard appRecords[app].state == .background, appRecords[app].graceTimer == nil else { return }
    if hasBackgroundSession(app) {
      let machine = appRecords[app].machine
      if !isInUse(app), machine.grant == .temporaryWhenInUse || machine.temporaryFullAccuracy {
        stopBeingInUse(app)
        settle(app)
      }
      return
    }
    appRecords[app].state = .suspended
    log(app: app, "suspended: no longer in use (L2)")
    stopBeingInUse(app)
    settle(app)
  }

  /// Brings everything derived from an app's state up to date: callbacks (C3), suspension (L2), pauses (U3).
  func settle(_ app: Int) {
    publishAuthorization(app)
    updateActivity(app)
    scheduleAutomaticPauses(app)
  }
}
