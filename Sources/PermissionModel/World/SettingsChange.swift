/// A Settings step on an app's Location screen, with the screen as it shows after the step (S1–S3).
public struct SettingsChange: Hashable, Sendable {
  /// The step in words, as the transcript prints it (`Settings: “Maps” → Never`).
  public let line: String
  /// The app whose screen it is.
  public let app: String
  /// S1: the options the screen lists, in the device's language.
  public let options: [String]
  /// S2: the option selected after the step, or nil when none is.
  public let selected: String?
  /// S3: the Precise Location switch after the step (iOS 14+).
  public let preciseSwitch: ShownAlert.Switch?
  /// The device's iOS version.
  public let version: OSVersion
  /// The language of the device's system texts (Z0).
  public let language: String

  /// At least the bytes of ``line``, counted against the transcript's limit.
  var estimatedBytes: Int {
    line.utf8.count + options.reduce(0) { $0 + $1.utf8.count + 8 } + 64
  }
}
