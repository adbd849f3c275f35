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
    log(appRecords[app].device, "Settings: “\(name)” → \(settingsLabel(key, app))")
    change(app, because: .E6) { $0.select(option) }
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
    log(appRecords[app].device, "Settings: “\(appRecords[app].info.name)” \(precise) \(on ? "on" : "off")")
    change(app, because: .E6) { $0.setPrecise(on) }
    settle(app)
  }

  /// E4, E5: every app reports DEN while the switch is off and gets its status back when it is on.
  func setLocationServices(_ device: Int, _ on: Bool) {
    deviceRecords[device].locationServicesEnabled = on
    log(device, "Settings: Location Services \(on ? "on (E5)" : "off (E4)")")
    for app in deviceRecords[device].apps { settle(app) }
  }

  /// E8: a restriction shows RES; lifting it returns the previous status.
  func setRestricted(_ app: Int, _ on: Bool) {
    log(appRecords[app].device, "Settings: “\(appRecords[app].info.name)” restricted \(on ? "on" : "off")")
    change(app, because: .E8) { $0.setRestricted(on) }
    settle(app)
  }

  /// E7: every app on the device returns to ND with its Always request unused.
  func resetLocationAndPrivacy(_ device: Int) {
    log(device, "Settings: Reset Location & Privacy")
    for app in deviceRecords[device].apps {
      change(app, because: .E7) { $0.reset() }
      settle(app)
    }
  }
}
