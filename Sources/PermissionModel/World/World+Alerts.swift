// MARK: - Showing alerts (§4)

extension World {
  /// Shows an alert for an app; the caller has checked that none is showing (§2).
  @discardableResult
  func showAlert(
    _ template: AlertTemplate, for app: AppID, purpose: AlertRecord.Purpose, message: String? = nil, counts: [Int] = []
  ) -> AlertID {
    let device = self[app].device
    let info = self[app].info
    let machine = self[app].machine
    let texts = self[device].texts
    let version = self[device].version
    let (precise, map) = template.accuracyControls(
      reportsAccuracy: machine.rules.reportsAccuracy, defaultAccuracyReduced: machine.profile.defaultAccuracyReduced)
    let text = template.messageText(for: info.plist, in: texts, on: version, purposeText: message)
    self[device].alertsShown += 1
    // Z0, Z1: the title and buttons in the device's language on its version; the message follows K4/K5.
    let alert = AlertRecord(
      device: device, app: app, number: self[device].alertsShown, template: template,
      title: template.title(appName: info.name, counts: counts, in: texts, on: version),
      buttons: template.buttonLabels(in: texts, on: version), message: text, precise: precise, map: map,
      purpose: purpose)
    apply(.showAlert(alert))
    return AlertID(alertRecords.count - 1)
  }

  /// Shows the next system alert (R19, R21) when the device is unlocked and no alert is showing.
  func showNextSystemPrompt(on device: DeviceID) {
    guard self[device].currentAlert == nil, !self[device].isLocked else { return }
    while let index = self[device].pendingSystemPrompts.firstIndex(where: { !$0.waitsForUnlock }) {
      let pending = self[device].pendingSystemPrompts.remove(at: index)
      guard self[pending.app].machine.state == pending.rule.from else {
        finishSystemPrompt(pending.rule, for: pending.app)
        log(.app(pending.app), "\(pending.rule.id) no longer applies: the app is \(self[pending.app].machine.state)")
        continue
      }
      // P11 from 17 names the background uses and the days they span.
      let counts = pending.rule.id == .R21 ? backgroundUseCounts(pending.app) : []
      showAlert(pending.rule.alert, for: pending.app, purpose: .systemPrompt(pending.rule), counts: counts)
      return
    }
  }

  func finishSystemPrompt(_ rule: SystemPromptRule, for app: AppID) {
    switch rule.trigger {
    case .alwaysOnlyEventWhileNotInUse:
      self[app].deferredPromptPending = false
      self[app].deferredEvents = []
    case .backgroundLocationsOnSeparateDays:
      self[app].reminderPending = false
      resetBackgroundUse(app)
    }
  }
}

// MARK: - Answering alerts

extension World {
  // We can tap a button only on the alert that is showing.
  func tap(_ alert: AlertID, _ label: String) throws(MisuseError) {
    let record = try showingAlert(alert)
    let texts = self[record.device].texts
    let version = self[record.device].version
    // Z0: the label shown, its English label or a documented alternative; `button` is the English name.
    guard let button = texts.buttonKey(for: label, among: record.template.buttons, on: version),
      let index = record.template.buttons.firstIndex(of: button)
    else {
      throw MisuseError(
        .alert,
        "“\(label)” is not a button of alert#\(record.number) (“\(record.title)”); its buttons are: "
          + record.buttons.map { "“\($0)”" }.joined(separator: ", "))
    }
    let app = record.app
    let shown = record.buttons[index]
    apply(.answerAlert(alert, tapped: shown))
    tapped(button, of: record.template.id, on: record.device)
    let before = self[app].machine.state
    switch record.purpose {
    case .request(let rule):
      if let choice = rule.choices.first(where: { $0.button == button }) {
        change(app, because: rule.id) { $0.answer(choice, of: rule, precise: record.precise) }
        took(
          .request(rule.call, alert: record.template.id, button: button), from: before, to: self[app].machine.state,
          rule: rule.id, app: app)
      }
      endTemporaryGrantsUnlessInUse(app)
      derive(app)
    case .locationServicesOff:
      change(app, because: .P10) { $0.answerLocationServicesAlert() }
    case .temporaryFullAccuracy(let request):
      change(app, because: .T1) { $0.answerTemporaryFullAccuracy(allow: button == "Allow Once") }
      endTemporaryGrantsUnlessInUse(app)
      derive(app)
      apply(.complete(request, error: nil))  // C7
    case .systemPrompt(let rule):
      answerSystemPrompt(rule, button: button, app: app)
    case .locationButton:
      let action = self[app].sessions.button.answered(allow: button == "Allow")
      perform(action, for: app, because: .LB1)
      took(.locationButton(button: button), from: before, to: self[app].machine.state, rule: .LB1, app: app)
      endTemporaryGrantsUnlessInUse(app)
      derive(app)
    case .widgets:
      self[app].widgets.answered(allow: button == "Allow")
      log(.app(app), "widgets \(button == "Allow" ? "authorized" : "not authorized") (WG1)")
    case .sessionFullAccuracy(let session):
      if button == "Allow Once" {
        change(app, because: .SS9) { $0.answerTemporaryFullAccuracy(allow: true) }
      } else {
        self[app].sessions.fullAccuracyDeclined(bySession: session)
        log(.app(app), "service session#\(session + 1): fullAccuracyDenied (SS9)")
      }
      endTemporaryGrantsUnlessInUse(app)
      derive(app)
    }
    showNextSystemPrompt(on: record.device)
  }

  // We can flip the Precise switch only on a showing alert that has one.
  func setPrecise(_ alert: AlertID, _ on: Bool) throws(MisuseError) {
    let record = try showingAlert(alert)
    guard record.precise != nil else {
      throw MisuseError(
        .alert, "alert#\(record.number) (\(record.template.id), “\(record.title)”) has no Precise switch")
    }
    self[alert].precise = on
    self[alert].map = on ? .precise : .approximate
    let precise = self[record.device].texts.switchLabel("Precise", on: self[record.device].version)
    log(.device(record.device), "alert#\(record.number) \(precise) \(on ? "on" : "off")")
  }

  /// E1, E2: a temporary grant answered after the app stopped being in use ends at once.
  private func endTemporaryGrantsUnlessInUse(_ app: AppID) {
    guard !isInUse(app) else { return }
    stopBeingInUse(app)
  }

  private func showingAlert(_ alert: AlertID) throws(MisuseError) -> AlertRecord {
    let record = self[alert]
    if record.withdrawn {
      throw MisuseError(
        .alert,
        "alert#\(record.number) (“\(record.title)”) was withdrawn before it was answered (D1): the app's authorization changed by another route or the app ended")
    }
    guard self[record.device].currentAlert == alert else {
      throw MisuseError(.alert, "alert#\(record.number) (“\(record.title)”) is no longer showing")
    }
    return record
  }

  private func answerSystemPrompt(_ rule: SystemPromptRule, button: String, app: AppID) {
    guard let choice = rule.choices.first(where: { $0.button == button }) else { return }
    let events = self[app].deferredEvents
    finishSystemPrompt(rule, for: app)
    let before = self[app].machine.state
    change(app, because: rule.id) { $0.answer(choice, of: rule) }
    took(.systemPrompt(alert: rule.alert.id, button: button), from: before, to: self[app].machine.state, rule: rule.id, app: app)
    switch rule.trigger {
    case .alwaysOnlyEventWhileNotInUse:
      // R19: Change to Always Allow delivers the held events; Keep Only While Using drops them.
      if choice.result == .always {
        for event in events { dispatch(event, for: app, skipping: []) }
      } else if !events.isEmpty {
        log(.app(app), "\(events.count) held location event(s) dropped (R19)")
      }
    case .backgroundLocationsOnSeparateDays:
      break
    }
    derive(app)
  }
}

// MARK: - Withdrawing alerts (D1)

extension World {
  /// What an app's authorization is, as D1 compares it before and after a change by another route.
  struct AuthorizationView: Equatable {
    let state: AuthorizationState
    let reported: AuthorizationSnapshot
  }

  func authorizationView(_ app: AppID) -> AuthorizationView {
    AuthorizationView(state: self[app].machine.state, reported: reported(app))
  }

  /// D1 (assumed): the app's authorization changed under its alert by another route (Settings,
  /// Location Services, restriction, reset): the alert is withdrawn unanswered.
  func withdrawAlertIfChanged(_ app: AppID, since before: AuthorizationView) {
    guard authorizationView(app) != before else { return }
    withdrawAlert(of: app)
  }

  /// D1: the alert showing for `app`, if it is one D1 covers, goes away unanswered; its choice is never
  /// applied, a temporary-accuracy request completes with `promptDeclined`, and a held R19 prompt ends.
  /// A request whose alert was withdrawn still counts as made (its Always request stays used).
  @discardableResult
  func withdrawAlert(of app: AppID) -> Bool {
    let device = self[app].device
    guard let alert = self[device].currentAlert, self[alert].app == app,
      self[alert].isWithdrawable
    else { return false }
    apply(.withdrawAlert(alert))
    switch self[alert].purpose {
    case .temporaryFullAccuracy(let request):
      apply(.complete(request, error: .promptDeclined))  // D1, C7
    case .systemPrompt(let rule):
      finishSystemPrompt(rule, for: app)
      if case .alwaysOnlyEventWhileNotInUse = rule.trigger { log(.app(app), "held location event(s) dropped (R19, D1)") }
    case .locationButton:
      self[app].sessions.button.withdrawn()
    case .widgets:
      self[app].widgets.withdrawn()
    case .request, .locationServicesOff, .sessionFullAccuracy:
      break
    }
    showNextSystemPrompt(on: device)
    return true
  }
}
