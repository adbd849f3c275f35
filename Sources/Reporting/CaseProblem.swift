/// Why a case failed or errored, as the author should read it.
public struct CaseProblem: Sendable, Hashable, Codable {
  /// What kind of problem this is; JUnit writes it as the `type` attribute.
  public var kind: Kind
  /// A one-sentence summary; reports keep it on one line.
  public var headline: String
  /// Where in the scenario files the problem happened, when known.
  public var location: ScriptLocation?
  /// Everything else that helps: expected and actual values, the Lua traceback.
  public var details: String

  public init(kind: Kind, headline: String, location: ScriptLocation? = nil, details: String = "") {
    self.kind = kind
    self.headline = headline
    self.location = location
    self.details = details
  }
}
