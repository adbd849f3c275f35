import PermissionModel
import Reporting

extension CaseScreen {
  /// The alerts (with the button tapped once answered) and Settings screens of a world's transcript,
  /// each at the index of the entry that showed it.
  static func screens(of entries: [TranscriptEntry]) -> [CaseScreen] {
    var screens: [CaseScreen] = []
    // An alert is answered on its own device: its number is unique there.
    var showing: [AlertKey: Int] = [:]
    for (line, entry) in entries.enumerated() {
      switch entry.event {
      case .alertShown(let alert):
        showing[AlertKey(device: entry.device, number: alert.number)] = screens.count
        screens.append(CaseScreen(line: line, content: .alert(AlertScreen(alert))))
      case .alertAnswered(let number, let tapped, let preciseSwitch):
        guard let index = showing.removeValue(forKey: AlertKey(device: entry.device, number: number)),
          case .alert(var alert) = screens[index].content
        else { continue }
        alert.tapped = tapped
        alert.preciseSwitch = preciseSwitch.map(ScreenSwitch.init)
        if let preciseSwitch { alert.map = preciseSwitch.isOn ? AlertMap.precise.rawValue : AlertMap.approximate.rawValue }
        screens[index].content = .alert(alert)
      case .settingsChanged(let change):
        screens.append(CaseScreen(line: line, content: .settings(SettingsScreen(change))))
      case .note, .delivered, .held, .released, .moved, .clockAdvanced, .deviceMade:
        continue
      }
    }
    return screens
  }

  private struct AlertKey: Hashable {
    let device: Int?
    let number: Int
  }
}

extension AlertScreen {
  /// The alert as the transcript entry shows it, not yet answered.
  init(_ alert: ShownAlert) {
    self.init(
      id: alert.id.rawValue, number: alert.number, app: alert.app, title: alert.title, message: alert.message,
      buttons: alert.buttons, preciseSwitch: alert.preciseSwitch.map(ScreenSwitch.init), map: alert.map?.rawValue,
      iosVersion: alert.version.description, language: alert.language)
  }
}

extension SettingsScreen {
  /// The screen a Settings step left.
  init(_ change: SettingsChange) {
    self.init(
      app: change.app, options: change.options, selected: change.selected,
      preciseSwitch: change.preciseSwitch.map(ScreenSwitch.init), iosVersion: change.version.description,
      language: change.language)
  }
}

extension ScreenSwitch {
  /// A model switch as a report draws it.
  init(_ modelSwitch: ShownAlert.Switch) {
    self.init(label: modelSwitch.label, isOn: modelSwitch.isOn)
  }
}
