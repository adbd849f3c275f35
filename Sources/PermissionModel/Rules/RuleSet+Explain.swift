// MARK: - Queries for explain and lint

extension RuleSet {
  /// What `call` does from `origin` for an app with these usage descriptions, in the foreground with
  /// Location Services on and no other alert showing (the circumstances of R18, §2 and P10 aside).
  ///
  /// - Returns: `nil` when the origin or the call does not exist on this version.
  public func edge(
    for call: AuthorizationCall, from origin: RequestOrigin, keys: Set<UsageDescriptionKey>, kind: AppKind = .app
  ) -> RequestEdge? {
    guard states.contains(origin.state), isAvailable(call.member), let rule = rule(for: call, from: origin) else {
      return nil
    }
    if call == .requestAlwaysAuthorization, kind == .appClip {
      return RequestEdge(
        origin: origin, call: call, rule: .A2, consoleLine: nil,
        scenarioError: "App Clips cannot request Always authorization", alert: nil, results: [], version: since)
    }
    if let requirement = keyRequirement(for: call), !requirement.isMet(by: keys) {
      return RequestEdge(
        origin: origin, call: call, rule: .K2, consoleLine: requirement.consoleLine, scenarioError: nil,
        alert: nil, results: [], version: since)
    }
    let alwaysRequested = origin.alwaysRequested || rule.usesAlwaysRequest
    func result(_ button: String?, _ state: AuthorizationState) -> RequestEdge.Result {
      RequestEdge.Result(
        button: button, state: state, alwaysRequested: alwaysRequested,
        callback: state.status == origin.state.status ? nil : authorizationCallbackMethod)
    }
    let results: [RequestEdge.Result]
    switch rule.outcome {
    case .prompt(_, let choices): results = choices.map { result($0.button, $0.result) }
    case .becomes(let state): results = [result(nil, state)]
    case .unchanged: results = []
    }
    return RequestEdge(
      origin: origin, call: call, rule: rule.id, consoleLine: nil, scenarioError: nil, alert: rule.alert,
      results: results, version: since)
  }

  /// Every edge of the request graph on this version: each origin that exists × each call that exists.
  public func requestEdges(keys: Set<UsageDescriptionKey>, kind: AppKind = .app) -> [RequestEdge] {
    origins.flatMap { origin in calls.compactMap { edge(for: $0, from: origin, keys: keys, kind: kind) } }
  }

  /// The requests that are silent no-ops for an app with these keys (K1/K2 and R14–R17): what `lint` lists.
  public func silentRequests(keys: Set<UsageDescriptionKey>, kind: AppKind = .app) -> [RequestEdge] {
    requestEdges(keys: keys, kind: kind).filter { $0.call != .firstUseOfLocation && $0.isSilentNoOp }
  }

  /// The Settings labels for an app with these keys (S1), as a device in this language shows them on
  /// `version` (Z0; English and the rules' first version unless given).
  public func settingsLabels(
    keys: Set<UsageDescriptionKey>, in texts: SystemTexts = .english, on version: OSVersion? = nil
  ) -> [String] {
    settingsOptions(keys: keys).map { texts.settingsLabel(label(for: $0), on: version ?? since) }
  }

  /// The method a delegate implementing every method receives for a status change (C4).
  public var authorizationCallbackMethod: DelegateMethod {
    switch authorizationCallback {
    case .didChangeAuthorization: .didChangeAuthorization
    case .preferLocationManagerDidChangeAuthorization: .locationManagerDidChangeAuthorization
    }
  }

  /// A text rendering of the state machine: states, request edges, system prompts, Settings options.
  ///
  /// Alert titles, buttons and Settings labels read as a device in `texts`' language shows them on
  /// `version` (Z0, Z1; by default English on the rules' first version).
  public func explanation(
    keys: Set<UsageDescriptionKey>, kind: AppKind = .app, in texts: SystemTexts = .english, on version: OSVersion? = nil
  ) -> String {
    let version = version ?? since
    var header = "Rules since iOS \(since) (layers: \(layers.map { $0.since.description }.joined(separator: ", "))"
    // K1b, R1b, A3: the variants folded in for this kind of app.
    if !variants.isEmpty { header += "; for " + variants.map(\.description).joined(separator: ", ") }
    var lines = [header + ")"]
    if texts.language != SystemTexts.english.language { lines.append("Texts: \(texts.language), iOS \(version) (Z0)") }
    lines.append("States: " + states.map(\.shortName).joined(separator: ", "))
    lines.append("Requests:")
    lines += requestEdges(keys: keys, kind: kind).map { "  " + $0.description(in: texts, on: version) }
    if !systemPrompts.isEmpty {
      lines.append("System prompts:")
      lines += systemPrompts.map { "  " + $0.description(in: texts, on: version) }
    }
    lines.append("Settings: " + settingsLabels(keys: keys, in: texts, on: version).joined(separator: " · "))
    lines += sessionExplanation(keys: keys, kind: kind, in: texts, on: version)
    if let upgradeNote { lines.append(upgradeNote) }
    return lines.joined(separator: "\n")
  }

  /// What `phone:upgrade` into these rules from a version before them changes (UP1–UP4), or `nil` for
  /// the oldest layer, which nothing upgrades into: the restart, what is kept, what the layers crossed do.
  public var upgradeNote: String? {
    guard layers.count > 1, let layer = layers.last else { return nil }
    var changes = [
      "the phone restarts: running apps are terminated, the alert showing is withdrawn (UP1)",
      "grants, Settings choices, the used Always request and the Precise switch are kept; temporary When-In-Use grants and temporary full accuracy end (UP2)",
    ]
    changes += layer.upgradeEffects.map(\.description)
    changes.append("from then on the \(layer.since) rules apply, each app keeping its linked SDK (UP4): \(layer.summary)")
    return "Upgrade into iOS \(layer.since) from an older version: " + changes.joined(separator: "; ")
  }
}
