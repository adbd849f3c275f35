/// Whether an installed bundle is a full app or an App Clip (A1, A2).
public enum AppKind: String, CaseIterable, Sendable, CustomStringConvertible {
  /// A full app.
  case app
  /// An App Clip (iOS 14+).
  case appClip

  public var description: String { rawValue }
}
