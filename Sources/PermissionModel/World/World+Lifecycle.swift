// MARK: - Installing

extension World {
  func install(on device: DeviceID, plist: InfoPlist, options: AppOptions) throws(MisuseError) -> AppID {
    let record = self[device]
    if options.kind == .appClip, !record.rules.appClips {
      throw misuseUnavailable(
        "App Clips", needs: "need", since: RuleLayer.all.first { $0.appClips == true }?.since, on: device)
    }
    let name = options.name ?? plist.bundleDisplayName ?? plist.bundleName ?? "App"
    let bundleID = options.bundleID ?? plist.bundleIdentifier ?? Self.bundleID(derivedFrom: name)
    if record.apps.contains(where: { self[$0].info.bundleID == bundleID }) {
      throw MisuseError(
        .invalidArgument, "an app with bundle id \(bundleID) is already installed on \(deviceName(device))")
    }
    let sdk = options.sdk ?? record.version
    let profile = AppProfile(plist: plist, kind: options.kind, linkedSDK: sdk)
    // §1: the app's rules read its linked SDK (K1b, R1b) and its kind (A3).
    let rules = RuleSet.forVersion(record.version, linkedSDK: sdk, kind: options.kind)
    let machine = AuthorizationMachine(rules: rules, profile: profile)
    let id = AppID(appRecords.count)
    appRecords.append(
      AppRecord(
        device: device,
        info: AppInfo(
          name: name, bundleID: bundleID, profile: profile,
          delegateMethods: options.delegateMethods ?? Self.allDelegateMethods,
          hasWiFiInfoEntitlement: options.wifiInfoEntitlement, plist: plist,
          widgetWantsLocation: options.widgetWantsLocation),
        machine: machine, activity: AppActivityMachine(app: id),
        lastReported: machine.reported(locationServicesEnabled: record.locationServicesEnabled)))
    self[device].apps.append(id)
    log(
      .device(device),
      "\(deviceName(device)): install “\(name)” (\(bundleID)), sdk \(sdk)\(options.kind == .appClip ? ", App Clip" : "")"
    )
    return id
  }

  private static let allDelegateMethods = Set(DelegateMethod.allCases)

  /// `com.example.` plus the name with anything but letters, digits and hyphens turned into hyphens.
  static func bundleID(derivedFrom name: String) -> String {
    var bytes = Array("com.example.".utf8)
    for scalar in name.unicodeScalars {
      let kept = ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
      bytes.append(kept ? UInt8(scalar.value) : UInt8(ascii: "-"))
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

// MARK: - Lifecycle (L1–L3)

extension World {
  func launch(_ app: AppID) throws(MisuseError) {
    var activity = self[app].activity
    let effect = try result(of: activity.launch(), app)
    try checkUnlocked(app, "launch")  // L3
    sendForegroundApp(on: self[app].device, toBackgroundExcept: app)
    self[app].activity = activity
    self[app].sessions.launched(now: now)  // BA4, SS10
    self[app].sessions.enteredForeground()
    apply(effect)
    log(.app(app), "launch → foreground")
    derive(app)
  }

  func foreground(_ app: AppID) throws(MisuseError) {
    var activity = self[app].activity
    let effect = try result(of: activity.foreground(), app)
    try checkUnlocked(app, "foreground")  // L3
    sendForegroundApp(on: self[app].device, toBackgroundExcept: app)
    self[app].activity = activity
    for manager in self[app].managers { self[manager].session.appEnteredForeground() }  // U3
    self[app].sessions.enteredForeground()  // SS3, SS8, SS9: a new visit in which sessions may ask
    log(.app(app), "foreground")
    apply(effect)  // the grace timer ends; held callbacks arrive (C5)
    derive(app)
  }

  func background(_ app: AppID) throws(MisuseError) {
    let effect = try result(of: self[app].activity.background(now: now), app)
    enteredBackground(app, effect)
  }

  func terminate(_ app: AppID) throws(MisuseError) {
    guard self[app].activity.appState != .notRunning else { throw misuse(.notRunning, app) }
    log(.app(app), "terminate")
    endLaunch(app)
  }

  /// B2: the app crashes: the crash is recorded, the launch ends, and the crash is returned to be thrown.
  func crash(_ app: AppID, exception: String, reason: String) -> AppCrash {
    let crash = AppCrash(exception: exception, reason: reason, at: now)
    apply(.crash(app, crash))
    endLaunch(app)
    return crash
  }

  /// L2: leaving the foreground started the grace period.
  private func enteredBackground(_ app: AppID, _ effect: Effect?) {
    apply(effect)
    log(.app(app), "background (in use for \(Assumptions.inUseGracePeriod) more, L2)")
    derive(app)
  }

  /// A terminated or crashed app: its managers and held callbacks are gone (C5), its grants end (E1, E2).
  func endLaunch(_ app: AppID) {
    let sessionsBefore = sessionBase(app)
    guard case .success(let effect) = self[app].activity.end() else { return }
    endSessions(app, sessionsBefore)
    apply(effect)
    for manager in self[app].managers {
      apply(self[manager].session.stop())
      apply(.cancel(.requestLocationTimeout(manager: manager)))
      self[manager].isAlive = false
    }
    self[app].managers = []
    self[app].heldCallbacks = []
    self[app].eventsForNextManager = []
    let device = self[app].device
    if withdrawAlert(of: app) {
      // D1: the app ended with its alert showing.
    } else if let alert = self[device].currentAlert, self[alert].app == app, self[alert].isRaisedByTheApp {
      apply(.dismissAlert(alert))
    }
    stopBeingInUse(app)
    derive(app)
    showNextSystemPrompt(on: device)
  }

  /// L3: the screen locks; the foreground app goes to the background.
  func lock(_ device: DeviceID) throws(MisuseError) {
    guard !self[device].isLocked else {
      throw MisuseError(.lifecycle, "\(deviceName(device)) is already locked")
    }
    self[device].isLocked = true
    log(.device(device), "\(deviceName(device)): lock")
    sendForegroundApp(on: device, toBackgroundExcept: nil)
  }

  /// L3: the screen unlocks and shows the alerts that waited for it (R19, R21).
  func unlock(_ device: DeviceID) throws(MisuseError) {
    guard self[device].isLocked else {
      throw MisuseError(.lifecycle, "\(deviceName(device)) is not locked")
    }
    self[device].isLocked = false
    for index in self[device].pendingSystemPrompts.indices {
      self[device].pendingSystemPrompts[index].waitsForUnlock = false
    }
    log(.device(device), "\(deviceName(device)): unlock")
    showNextSystemPrompt(on: device)
  }

  /// A lifecycle event's effect, if any, or its refusal as a scenario error.
  private func result(
    of outcome: Result<Effect?, AppActivityMachine.Refusal>, _ app: AppID
  ) throws(MisuseError) -> Effect? {
    switch outcome {
    case .success(let effect): return effect
    case .failure(let refusal): throw misuse(refusal, app)
    }
  }

  private func misuse(_ refusal: AppActivityMachine.Refusal, _ app: AppID) -> MisuseError {
    let name = self[app].info.name
    switch refusal {
    case .alreadyRunning(let state):
      return MisuseError(.lifecycle, "“\(name)” is already running (\(state)); launch() needs an app that is not running")
    case .notRunning:
      return MisuseError(.lifecycle, "“\(name)” is not running")
    case .notLaunched:
      return MisuseError(.lifecycle, "“\(name)” is not running; launch() it instead")
    case .alreadyForeground:
      return MisuseError(.lifecycle, "“\(name)” is already in the foreground")
    case .notForeground(let state):
      return MisuseError(.lifecycle, "“\(name)” is not in the foreground (\(state))")
    }
  }

  private func checkUnlocked(_ app: AppID, _ action: String) throws(MisuseError) {
    let device = self[app].device
    guard !self[device].isLocked else {
      throw MisuseError(.lifecycle, "\(deviceName(device)) is locked; unlock() it before \(action)()")
    }
  }

  /// L2, L3: the app in the foreground on the device (other than `except`) goes to the background.
  private func sendForegroundApp(on device: DeviceID, toBackgroundExcept except: AppID?) {
    for app in self[device].apps where app != except {
      guard case .success(let effect) = self[app].activity.background(now: now) else { continue }
      enteredBackground(app, effect)
    }
  }
}
