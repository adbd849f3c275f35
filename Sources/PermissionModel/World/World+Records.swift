// MARK: - Records by typed id: one subscript per kind

extension World {
  /// The record of a device.
  subscript(_ id: DeviceID) -> DeviceRecord {
    get { deviceRecords[id.rawValue] }
    _modify { yield &deviceRecords[id.rawValue] }
  }

  /// The record of an app.
  subscript(_ id: AppID) -> AppRecord {
    get { appRecords[id.rawValue] }
    _modify { yield &appRecords[id.rawValue] }
  }

  /// The record of a location manager.
  subscript(_ id: ManagerID) -> ManagerRecord {
    get { managerRecords[id.rawValue] }
    _modify { yield &managerRecords[id.rawValue] }
  }

  /// The record of an alert.
  subscript(_ id: AlertID) -> AlertRecord {
    get { alertRecords[id.rawValue] }
    _modify { yield &alertRecords[id.rawValue] }
  }

  /// The record of a temporary-full-accuracy request.
  subscript(_ id: RequestID) -> TemporaryRequestRecord {
    get { requestRecords[id.rawValue] }
    _modify { yield &requestRecords[id.rawValue] }
  }
}
