/// A scenario used the model in a way that makes no sense, reported with a message a QA author can act on.
///
/// The runtime turns a misuse into a scenario *error*; an app crash is a different outcome (`AppCrash`).
public struct MisuseError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What kind of misuse this is.
  public enum Kind: String, Equatable, Sendable {
    /// A version string that is not `major[.minor[.patch]]`.
    case malformedVersion
    /// A well-formed version outside iOS 7.0 – 18.x and 26.x (19–25 say that iOS went from 18 to 26).
    case unsupportedVersion
    /// A duration, date or wall-clock time that cannot be read.
    case malformedTime
    /// An argument outside its domain (a latitude of 100, a negative duration, an unknown name).
    case invalidArgument
    /// A member or feature that the device's iOS version does not have yet.
    case unavailable
    /// A lifecycle call that makes no sense in the app's state (launching a running app).
    case lifecycle
    /// A label that is not a button of the alert, or an alert that is no longer showing.
    case alert
    /// A Settings choice that the Settings screen does not offer, or a locked setting.
    case settings
    /// A manager whose app has been terminated since it was created.
    case staleManager
    /// `requestAlwaysAuthorization` in an App Clip (A2).
    case appClipAlways
  }

  /// What kind of misuse this is.
  public let kind: Kind
  /// The message shown to the scenario author.
  public let message: String

  /// Creates a misuse error.
  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  public var description: String { message }
}
