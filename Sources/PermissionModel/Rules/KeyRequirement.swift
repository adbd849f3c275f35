/// The usage descriptions a request needs (K1) and the console line iOS logs without them (K2).
public struct KeyRequirement: Hashable, Sendable {
  /// The call.
  public let call: AuthorizationCall
  /// Every key the call needs.
  public let keys: [UsageDescriptionKey]
  /// The line logged when one is missing.
  public let consoleLine: String

  /// Creates a requirement.
  public init(_ call: AuthorizationCall, needs keys: [UsageDescriptionKey], consoleLine: String) {
    self.call = call
    self.keys = keys
    self.consoleLine = consoleLine
  }

  /// Whether an app with these keys meets the requirement.
  public func isMet(by present: Set<UsageDescriptionKey>) -> Bool {
    keys.allSatisfy(present.contains)
  }
}
