import Foundation
import PermissionModel

/// The authorization state machine of one iOS version, as a graph built from the model's rule layers.
///
/// Nodes are the authorization states, one node per alert a request or the system raises, and the
/// Settings screen. Edges are the requests (origin → alert, or straight to the new state when there is
/// no alert), each alert's buttons (→ the state they lead to, with the callback a delegate receives),
/// the system's own prompts (R19, R21), the expiries (E1, E3) and the Settings choices (S1, E6, E8).
///
/// What is left out: requests that show nothing and change nothing (R1 after iOS 7, R14–R17), and
/// states no edge reaches for the keys given. A request that is a K2 no-op (or an App Clip's Always
/// request, A2) is drawn as a self-loop naming the missing key, from each state where the same
/// request would do something for an app with every key. Location Services (E4, E5) are left out:
/// they change what the app reads, not the state the model keeps.
public struct StateMachineDiagram: Sendable, Hashable {
  /// One box of the diagram.
  public struct Node: Sendable, Hashable {
    /// What the box stands for, which decides its shape.
    public enum Role: Sendable, Hashable {
      /// An authorization state.
      case state
      /// An alert shown to the user.
      case alert
      /// The Settings screen, from which the user can pick a state at any time.
      case settings
    }

    /// The identifier both renderers use: letters, digits and underscores.
    public let id: String
    /// The text in the box.
    public let label: String
    /// What the box stands for.
    public let role: Role
  }

  /// One arrow of the diagram.
  public struct Edge: Sendable, Hashable {
    /// The node the arrow leaves.
    public let from: String
    /// The node the arrow enters (the same node for a self-loop).
    public let to: String
    /// The text on the arrow.
    public let label: String
  }

  /// The version the diagram was drawn for.
  public let version: OSVersion
  /// The boxes, states first, then alerts, then Settings.
  public let nodes: [Node]
  /// The arrows: requests, alert buttons, system prompts, expiries, Settings.
  public let edges: [Edge]
  /// What an upgrade into the version from an older one changes (UP1–UP4), drawn as a comment; nil for iOS 7.
  public let upgradeNote: String?
  /// The transitions the arrows draw, in the order of the arrows: a request answered by an alert is one
  /// transition per button (its arrow into the alert and the button's arrow out of it). Coverage counts them.
  public let transitions: [StateTransition]

  /// Draws the state machine of `version` for an app with these usage descriptions, with the alert
  /// titles, buttons and Settings labels of a device in `texts`' language (Z0; English by default).
  /// Titles name the app `appName` where the system puts the app's name, or show `%@` without one.
  public init(
    version: OSVersion, keys: Set<UsageDescriptionKey>, kind: AppKind = .app, texts: SystemTexts = .english,
    appName: String? = nil
  ) {
    // A3: an App Clip's own rows
    var builder = Builder(
      rules: RuleSet.forVersion(version, kind: kind), keys: keys, kind: kind, texts: texts, version: version,
      appName: appName)
    builder.addRequests()
    builder.addSystemPrompts()
    builder.addLocationButton()
    builder.addExpiries()
    builder.addSettings()
    let reachable = builder.reachable()
    self.version = version
    upgradeNote = builder.rules.upgradeNote
    nodes = builder.nodes.filter { reachable.contains($0.id) }
    edges = builder.edges.filter { reachable.contains($0.from) && reachable.contains($0.to) }
    // Two origins (WIU with the Always request used or not) may draw the same transition: it counts once.
    var seen: Set<StateTransition> = []
    transitions = builder.transitions.filter {
      reachable.contains($0.from.map(Self.nodeID) ?? Self.settingsID) && reachable.contains(Self.nodeID($0.to)) && seen.insert($0).inserted
    }
  }

  // MARK: - Names

  /// The node identifier of a state: BEHAVIOR.md's short name.
  public static func nodeID(_ state: AuthorizationState) -> String {
    state.shortName
  }

  /// The node identifier of the alert that `call` raises from `origin`.
  public static func alertID(_ call: AuthorizationCall, from origin: RequestOrigin) -> String {
    let state = nodeID(origin.state) + (origin.alwaysRequested ? "_alwaysUsed" : "")
    return "\(state)_\(callName(call))"
  }

  /// The node identifier of the Settings screen.
  public static let settingsID = "Settings"

  /// How request arrows name a call: the method, and whether the one Always request is still unused.
  public static func requestLabel(_ call: AuthorizationCall, from origin: RequestOrigin) -> String {
    origin == .whenInUseAlwaysUnused ? "\(call) (Always unused)" : "\(call)"
  }

  private static func callName(_ call: AuthorizationCall) -> String {
    switch call {
    case .firstUseOfLocation: "firstUse"
    case .requestWhenInUseAuthorization: "whenInUse"
    case .requestAlwaysAuthorization: "always"
    }
  }
}

// MARK: - Building

extension StateMachineDiagram {
  /// Collects nodes and edges from one rule set, then keeps what the initial state and Settings reach.
  private struct Builder {
    let rules: RuleSet
    let keys: Set<UsageDescriptionKey>
    let kind: AppKind
    /// Z0: the language of the texts, and the version they are shown on.
    let texts: SystemTexts
    let version: OSVersion
    /// The app's name in titles (Z1), or nil to show `%@`.
    let appName: String?
    var nodes: [Node] = []
    var edges: [Edge] = []
    /// What the edges draw, as transitions (a request's arrow into its alert adds none: its buttons do).
    var transitions: [StateTransition] = []

    init(
      rules: RuleSet, keys: Set<UsageDescriptionKey>, kind: AppKind, texts: SystemTexts, version: OSVersion,
      appName: String?
    ) {
      self.appName = appName
      self.rules = rules
      self.keys = keys
      self.kind = kind
      self.texts = texts
      self.version = version
      nodes = AuthorizationState.allCases.filter(rules.states.contains).map {
        Node(id: nodeID($0), label: "\($0.shortName) · \($0)", role: .state)
      }
    }

    /// A title format with the app's name in place of `%@`, when the name is known.
    func title(_ format: String) -> String {
      appName.map { format.replacingOccurrences(of: "%@", with: $0) } ?? format
    }

    mutating func addRequests() {
      let everyKey = Set(UsageDescriptionKey.allCases)
      for origin in rules.origins {
        for call in rules.calls {
          guard let edge = rules.edge(for: call, from: origin, keys: keys, kind: kind) else { continue }
          let from = nodeID(origin.state)
          let request = requestLabel(call, from: origin)
          switch edge.rule {
          case .K2, .A2:
            // K2, A2: drawn where an app with every key would see something happen.
            guard let full = rules.edge(for: call, from: origin, keys: everyKey), !full.isSilentNoOp else { continue }
            edges.append(Edge(from: from, to: from, label: "\(request) · \(noOpReason(edge, call: call))"))
            transitions.append(
              StateTransition(
                from: origin.state, trigger: .request(call, alert: nil, button: nil), to: origin.state, callback: nil,
                rule: edge.rule))
          default:
            guard !edge.isSilentNoOp else { continue }
            addRequest(edge, from: from, label: request)
          }
        }
      }
    }

    private mutating func addRequest(_ edge: RequestEdge, from: String, label: String) {
      guard let alert = edge.alert else {
        for result in edge.results {
          edges.append(Edge(
            from: from, to: nodeID(result.state), label: "\(label) · no alert · \(callbackText(result.callback)) (\(edge.rule))"))
          transitions.append(
            StateTransition(
              from: edge.origin.state, trigger: .request(edge.call, alert: nil, button: nil), to: result.state,
              callback: result.callback, rule: edge.rule))
        }
        return
      }
      let id = alertID(edge.call, from: edge.origin)
      nodes.append(Node(id: id, label: "\(alert.id) · \(title(alert.titleFormat(in: texts, on: version)))", role: .alert))
      edges.append(Edge(from: from, to: id, label: "\(label) · \(edge.rule)"))
      for result in edge.results {
        let button = result.button.map { texts.button($0, on: version) } ?? "→"
        edges.append(Edge(from: id, to: nodeID(result.state), label: "\(button) · \(callbackText(result.callback))"))
        transitions.append(
          StateTransition(
            from: edge.origin.state, trigger: .request(edge.call, alert: alert.id, button: result.button),
            to: result.state, callback: result.callback, rule: edge.rule))
      }
    }

    /// The self-loop's text: the missing keys (K2) or the scenario error (A2).
    private func noOpReason(_ edge: RequestEdge, call: AuthorizationCall) -> String {
      if let error = edge.scenarioError { return "error: \(error) (\(edge.rule))" }
      let missing = rules.keyRequirement(for: call)?.keys.filter { !keys.contains($0) } ?? []
      return "no alert: missing " + missing.map(\.rawValue).joined(separator: " and ") + " (\(edge.rule))"
    }

    // R19, R21
    mutating func addSystemPrompts() {
      for prompt in rules.systemPrompts where rules.states.contains(prompt.from) {
        let id = "\(nodeID(prompt.from))_\(prompt.id)"
        let trigger =
          switch prompt.trigger {
          case .alwaysOnlyEventWhileNotInUse: "Always-only event while not in use (E12)"
          case .backgroundLocationsOnSeparateDays(let days): "background locations on \(days) days, next unlock"
          }
        nodes.append(
          Node(id: id, label: "\(prompt.alert.id) · \(title(prompt.alert.titleFormat(in: texts, on: version)))", role: .alert))
        edges.append(Edge(from: nodeID(prompt.from), to: id, label: "\(trigger) · \(prompt.id)"))
        for choice in prompt.choices {
          // C3: a callback only when the reported status changes.
          let callback = choice.result.status == prompt.from.status ? nil : rules.authorizationCallbackMethod
          let button = texts.button(choice.button, on: version)
          edges.append(Edge(from: id, to: nodeID(choice.result), label: "\(button) · \(callbackText(callback))"))
          transitions.append(
            StateTransition(
              from: prompt.from, trigger: .systemPrompt(alert: prompt.alert.id, button: choice.button), to: choice.result,
              callback: callback, rule: prompt.id))
        }
      }
    }

    // LB1, LB2, LB5: the location button's taps from 15, read from its machine.
    mutating func addLocationButton() {
      guard rules.sessionFeatures.locationButton else { return }
      for state in [AuthorizationState.notDetermined, .denied] where rules.states.contains(state) {
        var approval = LocationButtonApproval()
        guard case .showApproval = approval.tap(authorization: state, locationServicesEnabled: true) else { continue }
        let id = "\(nodeID(state))_P12"
        let alert = AlertTemplate.p12
        nodes.append(Node(id: id, label: "P12 · \(title(alert.titleFormat(in: texts, on: version)))", role: .alert))
        edges.append(Edge(from: nodeID(state), to: id, label: "tap the location button · LB1"))
        for (index, label) in alert.buttons.enumerated() {
          var answered = approval
          let allow = index == alert.buttons.count - 1
          let button = texts.button(label, on: version)
          if case .grantOnce = answered.answered(allow: allow) {
            edges.append(Edge(from: id, to: nodeID(.temporaryWhenInUse), label: "\(button) · \(callbackText(rules.authorizationCallbackMethod))"))
            transitions.append(
              StateTransition(
                from: state, trigger: .locationButton(button: label), to: .temporaryWhenInUse,
                callback: rules.authorizationCallbackMethod, rule: .LB1))
          } else {
            edges.append(Edge(from: id, to: nodeID(state), label: "\(button) · no callback"))
            transitions.append(
              StateTransition(from: state, trigger: .locationButton(button: label), to: state, callback: nil, rule: .LB1))
          }
        }
        edges.append(Edge(
          from: nodeID(state), to: nodeID(.temporaryWhenInUse),
          label: "tap, once approved · no alert · \(callbackText(rules.authorizationCallbackMethod)) (LB2)"))
        transitions.append(
          StateTransition(
            from: state, trigger: .locationButton(button: nil), to: .temporaryWhenInUse,
            callback: rules.authorizationCallbackMethod, rule: .LB2))
      }
      if rules.states.contains(.denied) {
        edges.append(Edge(from: nodeID(.temporaryWhenInUse), to: nodeID(.denied), label: "a denied app's button grant ends (E1, LB5)"))
        transitions.append(expiry(to: .denied, rule: .E1))
      }
    }

    mutating func addExpiries() {
      if rules.states.contains(.temporaryWhenInUse) {
        edges.append(Edge(
          from: nodeID(.temporaryWhenInUse), to: nodeID(.notDetermined), label: "no longer in use (E1)"))
        transitions.append(expiry(to: .notDetermined, rule: .E1))
      }
      if kind == .appClip, rules.appClips {
        edges.append(Edge(from: nodeID(.whenInUse), to: nodeID(.notDetermined), label: "04:00 the next day (E3, A1)"))
        transitions.append(expiry(from: .whenInUse, to: .notDetermined, rule: .E3))
      }
    }

    /// E1, E3: the system ends a grant; the callback follows C3.
    private func expiry(from: AuthorizationState = .temporaryWhenInUse, to: AuthorizationState, rule: RuleID) -> StateTransition {
      StateTransition(from: from, trigger: .expiry, to: to, rule: rule, rules: rules)
    }

    // S1, E6, E8
    mutating func addSettings() {
      nodes.append(Node(id: settingsID, label: "Settings (E6)", role: .settings))
      for option in rules.settingsOptions(keys: keys) {
        let label = texts.settingsLabel(rules.label(for: option), on: version)
        edges.append(Edge(from: settingsID, to: nodeID(option.result), label: label))
        transitions.append(StateTransition(from: nil, trigger: .settings(option), to: option.result, callback: nil, rule: .E6))
      }
      if rules.states.contains(.restricted) {
        edges.append(Edge(from: settingsID, to: nodeID(.restricted), label: "restricted (E8)"))
        transitions.append(StateTransition(from: nil, trigger: .restriction, to: .restricted, callback: nil, rule: .E8))
      }
    }

    /// The nodes reachable from the initial state (ND) and from Settings.
    func reachable() -> Set<String> {
      var seen: Set<String> = [nodeID(.notDetermined), settingsID]
      var queue = Array(seen)
      while let node = queue.popLast() {
        for edge in edges where edge.from == node && !seen.contains(edge.to) {
          seen.insert(edge.to)
          queue.append(edge.to)
        }
      }
      return seen
    }

    private func callbackText(_ callback: DelegateMethod?) -> String {
      callback.map(\.rawValue) ?? "no callback"
    }
  }
}
