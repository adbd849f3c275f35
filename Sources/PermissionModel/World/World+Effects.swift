// MARK: - Applying effects: the one place callbacks, alerts, timers, crashes and transcript lines happen

extension World {
  /// Performs effects in order.
  func apply(_ effects: [Effect]) {
    for effect in effects { apply(effect) }
  }

  /// Performs an effect a machine may or may not have returned.
  func apply(_ effect: Effect?) {
    if let effect { apply(effect) }
  }

  /// Performs one effect and logs what it did; every change of callbacks, alerts on screen, timers,
  /// crashes and the transcript goes through here.
  func apply(_ effect: Effect) {
    if let effectObserver {
      switch effect {
      case .callback, .appCallback: break  // observed as the `deliver` or `hold` it resolves to
      case .deliver, .hold, .releaseHeld, .showAlert, .answerAlert, .withdrawAlert, .dismissAlert, .schedule,
        .cancel, .crash, .console, .complete, .log, .record:
        effectObserver(effect)
      }
    }
    switch effect {
    case .callback(let method, let manager, let arguments):
      let record = self[manager]
      guard record.isAlive, self[record.app].info.implements(method) else { return }
      let callback = Callback(
        method: method, at: now, manager: record.index, status: arguments.status, accuracy: arguments.accuracy,
        error: arguments.error, locations: arguments.locations, region: arguments.region)
      switch self[record.app].activity.route() {  // C5
      case .deliver: apply(.deliver(callback, to: manager))
      case .hold: apply(.hold(callback, for: manager))
      case .drop: break
      }
    case .appCallback(let callback, let app):
      switch self[app].activity.route() {  // C5
      case .deliver:
        self[app].callbacks.append(callback)
        record(.delivered(callback), about: .app(app))
      case .hold:
        self[app].heldCallbacks.append(callback)
        record(.held(callback), about: .app(app))
      case .drop:
        break
      }
    case .deliver(let callback, let manager):
      self[self[manager].app].callbacks.append(callback)
      record(.delivered(callback), about: .manager(manager))
    case .hold(let callback, let manager):
      self[self[manager].app].heldCallbacks.append(callback)
      record(.held(callback), about: .manager(manager))
    case .releaseHeld(let app):
      let held = self[app].heldCallbacks
      self[app].heldCallbacks = []
      for var callback in held {
        callback.at = now
        self[app].callbacks.append(callback)
        record(.released(callback), about: .app(app))
      }
    case .showAlert(let alert):
      let id = AlertID(alertRecords.count)
      alertRecords.append(alert)
      self[alert.device].currentAlert = id
      shown(alert.template.id, on: alert.device)
      let device = self[alert.device]
      record(.alertShown(alert.shown(by: self[alert.app].info.name, in: device.texts, on: device.version)), about: .device(alert.device))
    case .answerAlert(let alert, let shown):
      let device = self[alert].device
      self[alert].tapped = shown
      self[device].currentAlert = nil
      let record = self[alert]
      let precise = record.precise.map { record.preciseSwitch($0, in: self[device].texts, on: self[device].version) }
      self.record(.alertAnswered(number: record.number, tapped: shown, preciseSwitch: precise), about: .device(device))
    case .withdrawAlert(let alert):
      let device = self[alert].device
      self[device].currentAlert = nil
      self[alert].withdrawn = true
      narrate(.device(device), "alert#\(self[alert].number) withdrawn (D1)")
    case .dismissAlert(let alert):
      let device = self[alert].device
      self[device].currentAlert = nil
      narrate(.device(device), "alert#\(self[alert].number) dismissed: its app ended")
    case .schedule(let event, let instant):
      timers.schedule(event, at: instant)
    case .cancel(let event):
      timers.cancel(event)
    case .crash(let app, let crash):
      self[app].crash = crash
      narrate(.app(app), "CRASH \(crash.exception): \(crash.reason)")
    case .console(let app, let line):
      self[app].console.append(line)
      narrate(.app(app), "console: \(line)")
    case .complete(let request, let error):
      self[request].done = true
      self[request].error = error
      narrate(.manager(self[request].manager), "temporary full accuracy completion(error: \(error.map(\.rawValue) ?? "nil")) (C7)")
    case .log(let subject, let text):
      record(.note(text), about: subject)
    case .record(let event, let subject):
      record(event, about: subject)
    }
  }

  /// Logs a line about a subject: short for `apply(.log(subject, text))`.
  func log(_ subject: TranscriptSubject, _ text: String) {
    apply(.log(subject, text))
  }

  /// Narrates a step about a subject (only `apply` calls it).
  private func narrate(_ subject: TranscriptSubject, _ text: String) {
    record(.note(text), about: subject)
  }

  /// Appends an entry about a subject to the transcript, with the subject's prefix and device (only `apply` calls it).
  private func record(_ event: TranscriptEntry.Event, about subject: TranscriptSubject) {
    switch subject {
    case .world: append(event, about: .world, device: nil)
    case .device(let device): append(event, about: .world, device: device)
    case .app(let app): append(event, about: .app(self[app].info.name), device: self[app].device)
    case .manager(let manager):
      let record = self[manager]
      append(event, about: .manager(app: self[record.app].info.name, number: record.index), device: self[record.app].device)
    }
  }
}
