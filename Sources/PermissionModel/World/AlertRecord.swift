/// One alert the world has shown, kept after it is answered so handles can still read it.
struct AlertRecord {
  /// What answering the alert does.
  enum Purpose {
    case request(RequestRule)
    case locationServicesOff
    case temporaryFullAccuracy(request: RequestID)
    case systemPrompt(SystemPromptRule)
    /// P12 for the app's location button (LB1).
    case locationButton
    /// P13 for the app's widgets (WG1).
    case widgets
    /// P9 raised by a service session with its purpose key (SS9).
    case sessionFullAccuracy(session: Int)
  }

  let device: DeviceID
  let app: AppID
  let number: Int
  let template: AlertTemplate
  /// The title as shown, in the device's language (Z0).
  let title: String
  /// The button labels as shown, in display order, in the device's language (Z0).
  let buttons: [String]
  let message: String?
  var precise: Bool?
  var map: AlertMap?
  let purpose: Purpose
  /// The label shown on the button that was tapped.
  var tapped: String?
  /// D1: taken away unanswered because the app's authorization changed by another route or the app ended.
  var withdrawn = false

  /// D1: every alert raised for an app (P1–P9, P12–P14) can be withdrawn; P10 and P11 cannot.
  var isWithdrawable: Bool { template.isWithdrawable }

  /// Whether the app's own call raised the alert, so that it goes away with the app; R19 and R21 do not.
  var isRaisedByTheApp: Bool {
    switch purpose {
    case .request, .locationServicesOff, .temporaryFullAccuracy, .locationButton, .sessionFullAccuracy: true
    case .systemPrompt, .widgets: false
    }
  }

  /// The alert as it appeared, for the transcript: its switch is labelled in the device's language (Z0).
  func shown(by app: String, in texts: SystemTexts, on version: OSVersion) -> ShownAlert {
    ShownAlert(
      number: number, id: template.id, kind: template.kind, title: title, message: message, buttons: buttons,
      preciseSwitch: precise.map { preciseSwitch($0, in: texts, on: version) }, map: map, app: app,
      version: version, language: texts.language)
  }

  /// The alert's Precise switch (A3) in the device's language.
  func preciseSwitch(_ isOn: Bool, in texts: SystemTexts, on version: OSVersion) -> ShownAlert.Switch {
    ShownAlert.Switch(label: texts.switchLabel("Precise", on: version), isOn: isOn)
  }
}
