/// An app's Location screen in Settings, as it showed after a Settings step.
public struct SettingsScreen: Sendable, Hashable, Codable {
  /// The app whose screen it is.
  public var app: String
  /// The options listed, in order, in the device's language.
  public var options: [String]
  /// The option selected after the step, or nil when none is.
  public var selected: String?
  /// The Precise Location switch after the step (iOS 14+).
  public var preciseSwitch: ScreenSwitch?
  /// The device's iOS version.
  public var iosVersion: String
  /// The language of the system's texts.
  public var language: String

  public init(
    app: String, options: [String], selected: String?, preciseSwitch: ScreenSwitch? = nil, iosVersion: String,
    language: String
  ) {
    self.app = app
    self.options = options
    self.selected = selected
    self.preciseSwitch = preciseSwitch
    self.iosVersion = iosVersion
    self.language = language
  }
}
