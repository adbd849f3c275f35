/// An app crashed: the outcome a QA author asserts with `expect_crash`, distinct from a misuse of the model.
public struct AppCrash: Error, Equatable, Sendable, CustomStringConvertible {
  /// The name of the uncaught exception, e.g. `NSInternalInconsistencyException`.
  public let exception: String
  /// The exception's reason, exactly as iOS logs it.
  public let reason: String
  /// When the app crashed.
  public let at: VirtualInstant

  /// Creates a crash record.
  public init(exception: String, reason: String, at: VirtualInstant) {
    self.exception = exception
    self.reason = reason
    self.at = at
  }

  public var description: String {
    "Terminating app due to uncaught exception '\(exception)', reason: '\(reason)'"
  }
}
