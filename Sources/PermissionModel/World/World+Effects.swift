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
        .cancel, .crash, .console, .complete, .log:
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
        render(.app(app), "\(callback.sender) ← \(callback)")
      case .hold:
        self[app].heldCallbacks.append(callback)
        render(.app(app), "\(callback.sender) held until the app runs (C5): \(callback)")
      case .drop:
        break
      }
    case .deliver(let callback, let manager):
      self[self[manager].app].callbacks.append(callback)
      render(.manager(manager), "← \(callback)")
    case .hold(let callback, let manager):
      self[self[manager].app].heldCallbacks.append(callback)
      render(.manager(manager), "held until the app runs (C5): \(callback)")
    case .releaseHeld(let app):
      let held = self[app].heldCallbacks
      self[app].heldCallbacks = []
      for var callback in held {
        callback.at = now
        self[app].callbacks.append(callback)
        render(.app(app), "\(callback.sender) ← \(callback) (held, C5)")
      }
    case .showAlert(let alert):
      let id = AlertID(alertRecords.count)
      alertRecords.append(alert)
      self[alert.device].currentAlert = id
      render(.device(alert.device), alert.shownLine(in: self[alert.device].texts, on: self[alert.device].version))
    case .answerAlert(let alert, let shown):
      let device = self[alert].device
      self[alert].tapped = shown
      self[device].currentAlert = nil
      render(.device(device), "alert#\(self[alert].number) tap “\(shown)”")
    case .withdrawAlert(let alert):
      let device = self[alert].device
      self[device].currentAlert = nil
      self[alert].withdrawn = true
      render(.device(device), "alert#\(self[alert].number) withdrawn (D1)")
    case .dismissAlert(let alert):
      let device = self[alert].device
      self[device].currentAlert = nil
      render(.device(device), "alert#\(self[alert].number) dismissed: its app ended")
    case .schedule(let event, let instant):
      timers.schedule(event, at: instant)
    case .cancel(let event):
      timers.cancel(event)
    case .crash(let app, let crash):
      self[app].crash = crash
      render(.app(app), "CRASH \(crash.exception): \(crash.reason)")
    case .console(let app, let line):
      self[app].console.append(line)
      render(.app(app), "console: \(line)")
    case .complete(let request, let error):
      self[request].done = true
      self[request].error = error
      render(.manager(self[request].manager), "temporary full accuracy completion(error: \(error.map(\.rawValue) ?? "nil")) (C7)")
    case .log(let subject, let text):
      render(subject, text)
    }
  }

  /// Logs a line about a subject: short for `apply(.log(subject, text))`.
  func log(_ subject: TranscriptSubject, _ text: String) {
    apply(.log(subject, text))
  }

  /// Renders a line about a subject with its prefix and appends it to the transcript (only `apply` calls it).
  private func render(_ subject: TranscriptSubject, _ text: String) {
    switch subject {
    case .world: append(device: nil, text)
    case .device(let device): append(device: device, text)
    case .app(let app): append(device: self[app].device, self[app].info.name + ": " + text)
    case .manager(let manager):
      let record = self[manager]
      append(device: self[record.app].device, self[record.app].info.name + ": manager#\(record.index) " + text)
    }
  }
}
