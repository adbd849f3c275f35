// MARK: - Upgrading iOS in place (§22, UP1–UP5)

extension World {
  /// The phone installs a newer iOS and restarts (UP1): the alert showing is withdrawn, every running
  /// app is terminated, each app keeps its record and reads the new version's rules (UP2–UP4), and the
  /// phone comes back unlocked at the same virtual instant. Alerts that waited for an unlock show then.
  func upgrade(_ device: DeviceID, to version: OSVersion) throws(MisuseError) {
    let from = self[device].version
    guard version > from else {
      let problem = version == from ? "is the version this phone runs" : "is older than iOS \(from), which this phone runs"
      throw MisuseError(
        .invalidArgument,
        "\(deviceName(device)):upgrade(\"\(version)\"): iOS \(version) \(problem); an upgrade installs a newer iOS (UP1)")
    }
    log(.device(device), "\(deviceName(device)): upgrade iOS \(from) → \(version) (UP1)")
    // UP1: the phone is off while it installs; nothing shows until it is unlocked again.
    self[device].isLocked = true
    withdrawAlertForRestart(on: device)
    for app in self[device].apps where self[app].activity.appState != .notRunning {
      log(.app(app), "terminate: the phone restarts (UP1)")
      endLaunch(app)  // UP2: Allow Once and temporary full accuracy end with the app (E1, E2)
    }
    self[device].version = version
    self[device].rules = RuleSet.forVersion(version)
    for app in self[device].apps {
      let info = self[app].info
      // UP4: the new version's rules, for the SDK the app was linked against (which stays).
      let rules = RuleSet.forVersion(version, linkedSDK: info.linkedSDK, kind: info.kind)
      let crossesEffects = rules.layers.contains { $0.since > from && !$0.upgradeEffects.isEmpty }
      change(app, because: crossesEffects ? .UP3 : .UP4) { $0.upgrade(to: rules) }
      derive(app)  // UP5: no manager is alive; the delegate hears the change at the next launch (C2)
    }
    self[device].isLocked = false
    for index in self[device].pendingSystemPrompts.indices {
      self[device].pendingSystemPrompts[index].waitsForUnlock = false  // L3: the restart ends with an unlock
    }
    log(.device(device), "\(deviceName(device)): restarted on iOS \(version), unlocked (UP1)")
    showNextSystemPrompt(on: device)
  }

  /// UP1: the restart takes the alert showing away unanswered, whatever it is. D1's alerts go as D1
  /// says; P10 simply goes; an interrupted reminder (R21) is still due and shows again after the restart.
  private func withdrawAlertForRestart(on device: DeviceID) {
    guard let alert = self[device].currentAlert else { return }
    let app = self[alert].app
    guard !withdrawAlert(of: app) else { return }
    apply(.withdrawAlert(alert))
    if case .systemPrompt(let rule) = self[alert].purpose {
      self[device].pendingSystemPrompts.insert(PendingSystemPrompt(app: app, rule: rule, waitsForUnlock: false), at: 0)
    }
  }
}
