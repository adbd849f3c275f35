/// What one event of an ``AuthorizationMachine`` changed in what its app can observe: state and accuracy.
public struct AuthorizationTransition: Hashable, Sendable {
  /// The state before the event.
  public let fromState: AuthorizationState
  /// The accuracy before the event (`nil` before iOS 14).
  public let fromAccuracy: AccuracyAuthorization?
  /// The state after it.
  public let toState: AuthorizationState
  /// The accuracy after it.
  public let toAccuracy: AccuracyAuthorization?

  /// The transcript line: `notDetermined → authorizedWhenInUse, fullAccuracy (R6)`, or only the accuracy
  /// when the state stayed (`reducedAccuracy → fullAccuracy (T1)`).
  public func line(because rule: RuleID?) -> String {
    var line: String
    if fromState == toState, let from = fromAccuracy, let to = toAccuracy {
      line = "\(from) → \(to)"
    } else {
      line = "\(fromState) → \(toState)"
      if let toAccuracy { line += ", \(toAccuracy)" }
    }
    if let rule { line += " (\(rule))" }
    return line
  }
}
