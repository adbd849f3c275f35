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

    public var description: String {
      let callbackText = callback.map { ", \($0)" } ?? ", no callback"
      return "\(button.map { "\($0) → " } ?? "→ ")\(state.shortName)\(callbackText)"
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

  /// A request that shows nothing and changes nothing: what `lint` reports (K2, R14–R17, R1 after iOS 7).
  public var isSilentNoOp: Bool {
    alert == nil && scenarioError == nil && results.allSatisfy { $0.state == origin.state }
  }

  public var description: String {
    var text = "\(origin) + \(call): "
    if let scenarioError { return text + "error “\(scenarioError)” (\(rule))" }
    if let consoleLine { text += "console “\(consoleLine)”, " }
    if let alert { text += "\(alert.id) “\(alert.titleFormat)”: " }
    text += results.isEmpty ? "nothing" : results.map(\.description).joined(separator: " · ")
    return text + " (\(rule))"
  }
}
