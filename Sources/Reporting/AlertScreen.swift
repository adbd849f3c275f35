/// A system alert as a device showed it: its texts in the device's language on its iOS version.
public struct AlertScreen: Sendable, Hashable, Codable {
  /// The alert's rule id (`P7`).
  public var id: String
  /// The alert's number on its device (`alert#n`).
  public var number: Int
  /// The app the alert is about.
  public var app: String
  /// The title as shown, with the app's name.
  public var title: String
  /// The message as shown (the app's purpose text, or the system's own), if any.
  public var message: String?
  /// The button labels in display order.
  public var buttons: [String]
  /// The label of the button tapped, once the alert was answered.
  public var tapped: String?
  /// The Precise switch (iOS 14+), as it was when the alert was answered or last shown.
  public var preciseSwitch: ScreenSwitch?
  /// The map (iOS 14+): `precise` or `approximate`.
  public var map: String?
  /// The device's iOS version (`14.0`).
  public var iosVersion: String
  /// The language of the system's texts (`en`, `zh-Hans`).
  public var language: String

  public init(
    id: String, number: Int, app: String, title: String, message: String?, buttons: [String], tapped: String? = nil,
    preciseSwitch: ScreenSwitch? = nil, map: String? = nil, iosVersion: String, language: String
  ) {
    self.id = id
    self.number = number
    self.app = app
    self.title = title
    self.message = message
    self.buttons = buttons
    self.tapped = tapped
    self.preciseSwitch = preciseSwitch
    self.map = map
    self.iosVersion = iosVersion
    self.language = language
  }

  /// The iOS major version, which decides the alert's look (7–12 or 13+).
  public var majorVersion: Int {
    Int(iosVersion.prefix { $0 != "." }) ?? 0
  }
}
