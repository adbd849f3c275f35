/// One row of BEHAVIOR.md's request table: from an origin, a call leads to an outcome.
public struct RequestRule: Hashable, Sendable, CustomStringConvertible {
  /// The rule's id (R1 … R17).
  public let id: RuleID
  /// The state the request starts from.
  public let origin: RequestOrigin
  /// The call.
  public let call: AuthorizationCall
  /// What happens.
  public let outcome: RequestOutcome
  /// Whether the request uses up the app's one Always request.
  public let usesAlwaysRequest: Bool

  /// Creates a row.
  public init(
    _ id: RuleID, from origin: RequestOrigin, _ call: AuthorizationCall, _ outcome: RequestOutcome,
    usesAlwaysRequest: Bool = false
  ) {
    self.id = id
    self.origin = origin
    self.call = call
    self.outcome = outcome
    self.usesAlwaysRequest = usesAlwaysRequest
  }

  /// The alert the request shows, if any.
  public var alert: AlertTemplate? {
    switch outcome {
    case .prompt(let template, _): template
    case .becomes, .unchanged: nil
    }
  }

  /// The alert's choices, or none.
  public var choices: [PromptChoice] {
    switch outcome {
    case .prompt(_, let choices): choices
    case .becomes, .unchanged: []
    }
  }

  public var description: String {
    let result: String
    switch outcome {
    case .prompt(let template, let choices):
      result = "\(template.id): " + choices.map(\.description).joined(separator: " · ")
    case .becomes(let state): result = "→ \(state.shortName)"
    case .unchanged: result = "unchanged"
    }
    return "\(id) \(origin) + \(call) → \(result)\(usesAlwaysRequest ? " (uses the Always request)" : "")"
  }
}
