// MARK: - Settings (S1–S3, E4–E8)

extension World {
  /// S1: the options the Settings screen lists for an app, as labels in the device's language (Z0).
  func settingsOptions(_ app: AppID) -> [String] {
    let rules = self[app].machine.rules
    return rules.settingsOptions(keys: self[app].machine.profile.usageDescriptions).map {
      settingsLabel(optionLabel($0, app), app)
    }
  }

  /// An option's English label for this app: S4 names While Using after the widgets the user allowed.
  private func optionLabel(_ option: SettingsOption, _ app: AppID) -> String {
    if option == .whileUsing, self[app].widgets.allowedByUser { return "While Using the App or Widgets" }  // S4
    return self[app].machine.rules.label(for: option)
  }

  /// Z0: an option's label (the model's English name for it) as the app's device shows it.
  private func settingsLabel(_ english: String, _ app: AppID) -> String {
    let device = self[self[app].device]
    return device.texts.settingsLabel(english, on: device.version)
  }

  /// S2: the selected label, or `nil` when none is (ND before "Ask Next Time" exists, or a restriction).
  func settingsSelection(_ app: AppID) -> String? {
    let machine = self[app].machine
    guard let option = SettingsOption.selected(for: machine.state),
      machine.rules.settingsOptions(keys: machine.profile.usageDescriptions).contains(option)
    else { return nil }
    return settingsLabel(optionLabel(option, app), app)
  }

  // We can select an option the screen lists, unless a restriction locks the setting.
  func selectSetting(_ app: AppID, _ label: String) throws(MisuseError) {
    let machine = self[app].machine
    let name = self[app].info.name
    guard !machine.isRestricted else {
      throw MisuseError(.settings, "“\(name)”’s location access is restricted; Settings cannot change it (E8)")
    }
    let options = machine.rules.settingsOptions(keys: machine.profile.usageDescriptions)
    let device = self[self[app].device]
    // Z0: the label shown or its English label.
    guard
      let key = device.texts.settingsKey(for: label, among: options.map { optionLabel($0, app) }, on: device.version),
      let option = options.first(where: { optionLabel($0, app) == key })
    else {
      throw MisuseError(
        .settings,
        "“\(label)” is not an option for “\(name)” in Settings; the options are: "
          + options.map { "“\(settingsLabel(optionLabel($0, app), app))”" }.joined(separator: ", "))
    }
    let shown = settingsLabel(key, app)
    chose(option, from: machine.state, app: app)
    // D2 (assumed): selecting the option already selected changes nothing; a temporary or
    // provisional grant stays what it was.
    if SettingsOption.selected(for: machine.state) == option {
      logSettings(app, "Settings: “\(name)” → \(shown) (already selected: no change, D2)", selected: shown, precise: settingsPrecise(app))
      return
    }
    logSettings(app, "Settings: “\(name)” → \(shown)", selected: shown, precise: settingsPrecise(app))
    let before = authorizationView(app)
    change(app, because: .E6) { $0.select(option) }
    took(.settings(option), from: nil, to: self[app].machine.state, rule: .E6, app: app)
    withdrawAlertIfChanged(app, since: before)  // D1
    derive(app)
  }

  /// S3: the Precise Location switch, `nil` before iOS 14.
  func settingsPrecise(_ app: AppID) -> Bool? {
    let machine = self[app].machine
    return machine.rules.reportsAccuracy ? machine.preciseEnabled : nil
  }

  func setSettingsPrecise(_ app: AppID, _ on: Bool) throws(MisuseError) {
    let machine = self[app].machine
    guard machine.rules.reportsAccuracy else {
      throw misuseUnavailable(
        "The Precise Location switch", since: RuleLayer.all.first { $0.reportsAccuracy == true }?.since,
        on: self[app].device)
    }
    let device = self[self[app].device]
    let precise = device.texts.switchLabel("Precise Location", on: device.version)
    let switchText = "Settings: “\(self[app].info.name)” \(precise) \(on ? "on" : "off")"
    // D2: the switch shows the permanent setting; setting it to what it shows changes nothing (temporary
    // full accuracy stays), while switching it on under temporary full accuracy makes full accuracy permanent.
    if machine.preciseEnabled == on {
      logSettings(app, switchText + " (already so: no change, D2)", selected: settingsSelection(app), precise: on)
      return
    }
    logSettings(app, switchText, selected: settingsSelection(app), precise: on)
    let before = authorizationView(app)
    change(app, because: .E6) { $0.setPrecise(on) }
    withdrawAlertIfChanged(app, since: before)  // D1
    derive(app)
  }

  /// Writes a Settings step's line with the app's screen as it shows after the step (S1–S3).
  private func logSettings(_ app: AppID, _ line: String, selected: String?, precise: Bool?) {
    let device = self[self[app].device]
    let change = SettingsChange(
      line: line, app: self[app].info.name, options: settingsOptions(app), selected: selected,
      preciseSwitch: precise.map { ShownAlert.Switch(label: device.texts.switchLabel("Precise Location", on: device.version), isOn: $0) },
      version: device.version, language: device.texts.language)
    apply(.record(.settingsChanged(change), about: .device(self[app].device)))
  }

  /// E4, E5: every app reports DEN while the switch is off and gets its status back when it is on.
  func setLocationServices(_ device: DeviceID, _ on: Bool) {
    let before = self[device].apps.map(authorizationView)
    self[device].locationServicesEnabled = on
    log(.device(device), "Settings: Location Services \(on ? "on (E5)" : "off (E4)")")
    for (app, view) in zip(self[device].apps, before) {
      withdrawAlertIfChanged(app, since: view)  // D1
      derive(app)
    }
  }

  /// E8: a restriction shows RES; lifting it returns the previous status.
  func setRestricted(_ app: AppID, _ on: Bool) {
    log(.device(self[app].device), "Settings: “\(self[app].info.name)” restricted \(on ? "on" : "off")")
    let before = authorizationView(app)
    change(app, because: .E8) { $0.setRestricted(on) }
    if on { took(.restriction, from: nil, to: self[app].machine.state, rule: .E8, app: app) }
    withdrawAlertIfChanged(app, since: before)  // D1
    derive(app)
  }

  /// E7: every app on the device returns to ND with its Always request unused.
  func resetLocationAndPrivacy(_ device: DeviceID) {
    log(.device(device), "Settings: Reset Location & Privacy")
    for app in self[device].apps {
      let before = authorizationView(app)
      change(app, because: .E7) { $0.reset() }
      self[app].sessions.reset()  // E7: the location button asks again (LB1)
      self[app].widgets.reset()  // E7: widgets ask again (WG1)
      withdrawAlertIfChanged(app, since: before)  // D1
      derive(app)
    }
  }
}
