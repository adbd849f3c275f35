/// What an app can observe about its authorization: the status, and the accuracy from iOS 14.
public struct AuthorizationSnapshot: Hashable, Sendable, CustomStringConvertible {
  /// `authorizationStatus`.
  public let status: AuthorizationStatus
  /// `accuracyAuthorization`, `nil` before iOS 14.
  public let accuracy: AccuracyAuthorization?

  /// Creates a snapshot.
  public init(status: AuthorizationStatus, accuracy: AccuracyAuthorization?) {
    self.status = status
    self.accuracy = accuracy
  }

  public var description: String {
    accuracy.map { "\(status), \($0)" } ?? status.rawValue
  }
}
