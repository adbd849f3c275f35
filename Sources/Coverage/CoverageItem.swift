import PermissionModel

/// One thing coverage counts (a transition, an alert, a button, a rule, a Settings choice) and the cases that took it.
///
/// Its JSON is the key's own fields with `text`, `inGraph` and `cases` beside them.
public struct CoverageItem<Key: Hashable & Codable & Sendable & CustomStringConvertible>: Hashable, Sendable, Codable {
  /// What is counted.
  public let key: Key
  /// Whether it is in the version's diagram (the denominator), or was taken outside it (a silent no-op, a D2 choice).
  public let inGraph: Bool
  /// The cases that took it, sorted; empty when no case did.
  public var cases: [String]

  public init(key: Key, inGraph: Bool, cases: [String] = []) {
    self.key = key
    self.inGraph = inGraph
    self.cases = cases
  }

  /// Whether some case took it.
  public var isCovered: Bool { !cases.isEmpty }

  private enum CodingKeys: String, CodingKey { case text, inGraph, cases }

  public init(from decoder: any Decoder) throws {
    key = try Key(from: decoder)
    let container = try decoder.container(keyedBy: CodingKeys.self)
    inGraph = try container.decode(Bool.self, forKey: .inGraph)
    cases = try container.decode([String].self, forKey: .cases)
  }

  public func encode(to encoder: any Encoder) throws {
    try key.encode(to: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(key.description, forKey: .text)
    try container.encode(inGraph, forKey: .inGraph)
    try container.encode(cases, forKey: .cases)
  }
}

/// An alert, by its id, as coverage counts it.
public struct AlertKey: Hashable, Sendable, Codable, CustomStringConvertible {
  public let alert: RuleID
  public var description: String { alert.rawValue }
}

/// A rule, by its id, as coverage counts it.
public struct RuleKey: Hashable, Sendable, Codable, CustomStringConvertible {
  public let rule: RuleID
  public var description: String { rule.rawValue }
}

extension StateTransition.Trigger {
  /// The alert the trigger answers, if any.
  var alert: RuleID? {
    switch self {
    case .request(_, let alert, _): alert
    case .systemPrompt(let alert, _): alert
    case .locationButton(let button): button == nil ? nil : .P12
    case .settings, .restriction, .expiry: nil
    }
  }

  /// The button tapped, if any.
  var button: TakenPaths.AlertButton? {
    switch self {
    case .request(_, let alert?, let button?): TakenPaths.AlertButton(alert: alert, button: button)
    case .systemPrompt(let alert, let button): TakenPaths.AlertButton(alert: alert, button: button)
    case .locationButton(let button?): TakenPaths.AlertButton(alert: .P12, button: button)
    case .request, .locationButton, .settings, .restriction, .expiry: nil
    }
  }
}
