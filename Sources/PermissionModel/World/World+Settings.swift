// MARK: - Settings (S1–S3, E4–E8)

extension World {
  /// S1: the options the Settings screen lists for an app, as labels in the device's language (Z0).
  func settingsOptions(_ app: Int) -> [String] {
    let rules = appRecords[app].machine.rules
    return rules.settingsOptions(keys: appRecords[app].machine.profile.usageDescriptions).map {
      settingsLabel(rules.label(for: $0), app)
    }
  }

  /// Z0: an option's label (the model's English name for it) as the app's device shows it.
  private func settingsLabel(_ english: String, _ app: Int) -> String {
    let device = deviceRecords[appRecords[app].device]
    return device.texts.settingsLabel(english, on: device.version)
  }

  /// S2: the selected label, or `nil` when none is (ND before "Ask Next Time" exists, or a restriction).
  func settingsSelection(_ app: Int) -> String? {
    let machine = appRecords[app].machine
    guard let option = SettingsOption.selected(for: machine.state),
      machine.rules.settingsOptions(keys: machine.profile.usageDescriptions).contains(option)
    else { return nil }
    return settingsLabel(machine.rules.label(for: option), app)
  }

  // We can select an option the screen lists, unless a restriction locks the setting.
  func selectSetting(_ app: Int, _ label: String) throws(MisuseError) {
    let machine = appRecords[app].machine
    let name = appRecords[app].info.name
    guard !machine.isRestricted else {
      throw MisuseError(.settings, "“\(name)”’s location access is restricted; Settings cannot change it (E8)")
    }
    let options = machine.rules.settingsOptions(keys: machine.profile.usageDescriptions)
    let device = deviceRecords[appRecords[app].device]
    // Z0: the label shown or its English label.
    guard
      let key = device.texts.settingsKey(for: label, among: options.map(machine.rules.label(for:)), on: device.version),
      let option = options.first(where: { machine.rules.label(for: $0) == key })
    else {
      throw MisuseError(
        .settings,
        "“\(label)” is not an option for “\(name)” in Settings; the options are: "
          + options.map { "“\(settingsLabel(machine.rules.label(for: $0), app))”" }.joined(separator: ", "))
    }
    let shown = settingsLabel(key, app)
    // D2 (assumed): selecting the option already selected changes nothing; a temporary or
    // provisional grant stays what it was.
    if SettingsOption.selected(for: machine.state) == option {
      log(appRecords[app].device, "Settings: “\(name)” → \(shown) (already selected: no change, D2)")
      return
    }
    log(appRecords[app].device, "Settings: “\(name)” → \(shown)")
    let before = authorizationView(app)
    change(app, because: .E6) { $0.select(option) }
    withdrawAlertIfChanged(app, since: before)  // D1
    settle(app)
  }

  /// S3: the Precise Location switch, `nil` before iOS 14.
  func settingsPrecise(_ app: Int) -> Bool? {
    let machine = appRecords[app].machine
    return machine.rules.reportsAccuracy ? machine.preciseEnabled : nil
  }

  func setSettingsPrecise(_ app: Int, _ on: Bool) throws(MisuseError) {
    let machine = appRecords[app].machine
    guard machine.rules.reportsAccuracy else {
      throw misuseUnavailable(
        "The Precise Location switch", since: RuleLayer.all.first { $0.reportsAccuracy == true }?.since,
        on: appRecords[app].device)
    }
    let device = deviceRecords[appRecords[app].device]
    let precise = device.texts.switchLabel("Precise Location", on: device.version)
    let switchText = "Settings: “\(appRecords[app].info.name)” \(precise) \(on ? "on" : "off")"
    // D2: the switch shows the permanent setting; setting it to what it shows changes nothing (temporary
    // full accuracy stays), while switching it on under temporary full accuracy makes full accuracy permanent.
    if machine.preciseEnabled == on {
      log(appRecords[app].device, switchText + " (already so: no change, D2)")
      return
    }
    log(appRecords[app].device, switchText)
    let before = authorizationView(app)
    change(app, because: .E6) { $0.setPrecise(on) }
    withdrawAlertIfChanged(app, since: before)  // D1
    settle(app)
  }

  /// E4, E5: every app reports DEN while the switch is off and gets its status back when it is on.
  func setLocationServices(_ device: Int, _ on: Bool) {
    let before = deviceRecords[device].apps.map(authorizationView)
    deviceRecords[device].locationServicesEnabled = on
    log(device, "Settings: Location Services \(on ? "on (E5)" : "off (E4)")")
    for (app, view) in zip(deviceRecords[device].apps, before) {
      withdrawAlertIfChanged(app, since: view)  // D1
      settle(app)
    }
  }

  /// E8: a restriction shows RES; lifting it returns the previous status.
  func setRestricted(_ app: Int, _ on: Bool) {
    log(appRecords[app].device, "Settings: “\(appRecords[app].info.name)” restricted \(on ? "on" : "off")")
    let before = authorizationView(app)
    change(app, because: .E8) { $0.setRestricted(on) }
    withdrawAlertIfChanged(app, since: before)  // D1
    settle(app)
  }

  /// E7: every app on the device returns to ND with its Always request unused.
  func resetLocationAndPrivacy(_ device: Int) {
    log(device, "Settings: Reset Location & Privacy")
    for app in deviceRecords[device].apps {
      let before = authorizationView(app)
      change(app, because: .E7) { $0.reset() }
      withdrawAlertIfChanged(app, since: before)  // D1
      settle(app)
    }
  }
}
