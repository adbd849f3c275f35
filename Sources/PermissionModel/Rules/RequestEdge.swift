/// One edge group of the authorization state machine, for `permsim explain` and `permsim lint`.
///
/// "On this version, for an app with these keys: from `origin`, `call` → `alert` with buttons → `results`."
public struct RequestEdge: Hashable, Sendable, CustomStringConvertible {
  /// Where one answer (or the silent outcome) leads.
  public struct Result: Hashable, Sendable, CustomStringConvertible {
    /// The button, or `nil` when there is no alert.
    public let button: String?
    /// The state afterwards.
    public let state: AuthorizationState
    /// Whether the Always request is used afterwards.
    public let alwaysRequested: Bool
    /// The authorization callback a delegate implementing every method receives, if any (C3, C4).
    public let callback: DelegateMethod?

    public var description: String { description(in: .english, on: .newestSupported) }

    /// The result with its button as a device in this language shows it on `version` (Z0).
    public func description(in texts: SystemTexts, on version: OSVersion) -> String {
      let callbackText = callback.map { ", \($0)" } ?? ", no callback"
      return "\(button.map { "\(texts.button($0, on: version)) → " } ?? "→ ")\(state.shortName)\(callbackText)"
    }
  }

  /// The state the call starts from.
  public let origin: RequestOrigin
  /// The call.
  public let call: AuthorizationCall
  /// The rule that decides: a request rule, K2 for a missing key, or A2 for an App Clip's Always request.
  public let rule: RuleID
  /// The console line (K2).
  public let consoleLine: String?
  /// The scenario error (A2).
  public let scenarioError: String?
  /// The alert shown, if any.
  public let alert: AlertTemplate?
  /// One result per button; a single result without a button for an alert-less change; none when nothing happens.
  public let results: [Result]
  /// The first version of the rule set the edge comes from.
  public let version: OSVersion

  /// A request that shows nothing and changes nothing: what `lint` reports (K2, R14–R17, R1 after iOS 7).
  public var isSilentNoOp: Bool {
    alert == nil && scenarioError == nil && results.allSatisfy { $0.state == origin.state }
  }

  /// The first version of the rules the edge comes from: its English texts.
  public var description: String { description(in: .english, on: version) }

  /// The edge with the alert's title and buttons as a device in this language shows them on `version` (Z0).
  public func description(in texts: SystemTexts, on version: OSVersion) -> String {
    var text = "\(origin) + \(call): "
    if let scenarioError { return text + "error “\(scenarioError)” (\(rule))" }
    if let consoleLine { text += "console “\(consoleLine)”, " }
    if let alert { text += "\(alert.id) “\(alert.titleFormat(in: texts, on: version))”: " }
    text += results.isEmpty ? "nothing" : results.map { $0.description(in: texts, on: version) }.joined(separator: " · ")
    return text + " (\(rule))"
  }
}
