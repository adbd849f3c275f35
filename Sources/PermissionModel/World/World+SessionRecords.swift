// MARK: - The iOS 15+ objects by typed id: one lookup per kind

extension World {
  func sessionRef(_ id: StreamID) -> SessionObjectRef { streamRefs[id.rawValue] }
  func sessionRef(_ id: MonitorID) -> SessionObjectRef { monitorRefs[id.rawValue] }
  func sessionRef(_ id: BackgroundSessionID) -> SessionObjectRef { backgroundSessionRefs[id.rawValue] }
  func sessionRef(_ id: ServiceSessionID) -> SessionObjectRef { serviceSessionRefs[id.rawValue] }

  func streamMachine(_ id: StreamID) -> LiveUpdateMachine {
    let ref = sessionRef(id)
    return self[ref.app].sessions.streams[ref.index]
  }

  func monitorMachine(_ id: MonitorID) -> MonitorMachine {
    let ref = sessionRef(id)
    return self[ref.app].sessions.monitors[ref.index]
  }

  func backgroundSessionMachine(_ id: BackgroundSessionID) -> BackgroundActivityMachine {
    let ref = sessionRef(id)
    return self[ref.app].sessions.backgroundSessions[ref.index]
  }

  func serviceSessionMachine(_ id: ServiceSessionID) -> ServiceSessionMachine {
    let ref = sessionRef(id)
    return self[ref.app].sessions.serviceSessions[ref.index]
  }

  /// The id of the monitor at `index` of an app, registering it the first time.
  func monitorID(_ app: AppID, _ index: Int) -> MonitorID {
    let ref = SessionObjectRef(app: app, index: index)
    if let existing = monitorRefs.firstIndex(of: ref) { return MonitorID(existing) }
    monitorRefs.append(ref)
    return MonitorID(monitorRefs.count - 1)
  }
}
