// MARK: - Records by typed id: one subscript per kind

extension World {
  /// The record of a device.
  subscript(_ id: DeviceID) -> DeviceRecord {
    _read { yield deviceRecords[id.rawValue] }
    _modify { yield &deviceRecords[id.rawValue] }
  }

  /// The record of an app.
  subscript(_ id: AppID) -> AppRecord {
    _read { yield appRecords[id.rawValue] }
    _modify { yield &appRecords[id.rawValue] }
  }

  /// The record of a location manager.
  subscript(_ id: ManagerID) -> ManagerRecord {
    _read { yield managerRecords[id.rawValue] }
    _modify { yield &managerRecords[id.rawValue] }
  }

  /// The record of an alert.
  subscript(_ id: AlertID) -> AlertRecord {
    _read { yield alertRecords[id.rawValue] }
    _modify { yield &alertRecords[id.rawValue] }
  }

  /// The record of a temporary-full-accuracy request.
  subscript(_ id: RequestID) -> TemporaryRequestRecord {
    _read { yield requestRecords[id.rawValue] }
    _modify { yield &requestRecords[id.rawValue] }
  }
}
