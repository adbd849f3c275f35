import Diagrams
import PermissionModel

/// The coverage of one iOS version: each thing counted, whether the version's diagram has it, and the cases that took it.
public struct VersionCoverage: Hashable, Sendable, Codable {
  /// How many of a kind the cases took, of how many the diagram has.
  public struct Count: Hashable, Sendable, Codable {
    public let covered: Int
    public let total: Int

    /// The share covered, in percent (100 when there is nothing to cover).
    public var percent: Double { total == 0 ? 100 : Double(covered) * 100 / Double(total) }

    init<Key>(_ items: [CoverageItem<Key>]) {
      let counted = items.filter(\.inGraph)
      covered = counted.filter(\.isCovered).count
      total = counted.count
    }
  }

  /// The version, as `OSVersion` writes it.
  public let ios: String
  /// The cases that ran a device of this version, sorted.
  public var cases: [String]
  /// The diagram's transitions, then those taken outside it.
  public var transitions: [CoverageItem<StateTransition>]
  /// The alerts the diagram shows, then others shown.
  public var alerts: [CoverageItem<AlertKey>]
  /// The buttons of those alerts, then others tapped.
  public var buttons: [CoverageItem<TakenPaths.AlertButton>]
  /// The rules that hold on the version (their statements say so), then others cited.
  public var rules: [CoverageItem<RuleKey>]
  /// Each Settings option that changes something, from each state of the diagram Settings can change.
  public var settingsChoices: [CoverageItem<TakenPaths.SettingsChoice>]

  /// The counts, by the names `--coverage-min` takes.
  public var counts: [(kind: CoverageKind, count: Count)] {
    [
      (.transitions, Count(transitions)), (.alerts, Count(alerts)), (.buttons, Count(buttons)), (.rules, Count(rules)),
      (.settings, Count(settingsChoices)),
    ]
  }

  /// The count of one kind.
  public func count(_ kind: CoverageKind) -> Count {
    switch kind {
    case .transitions: Count(transitions)
    case .alerts: Count(alerts)
    case .buttons: Count(buttons)
    case .rules: Count(rules)
    case .settings: Count(settingsChoices)
    }
  }

  /// The system events (E rules) that happened: the rules of section §6 the cases cite.
  public var systemEvents: [RuleID] {
    rules.filter { $0.isCovered && $0.key.rule.rawValue.hasPrefix("E") }.map(\.key.rule)
  }

  /// What an empty suite covers of `diagram` (the denominator, nothing covered).
  init(diagram: StateMachineDiagram) {
    ios = diagram.version.description
    cases = []
    transitions = diagram.transitions.map { CoverageItem(key: $0, inGraph: true) }
    var alerts: [AlertKey] = []
    var buttons: [TakenPaths.AlertButton] = []
    for transition in diagram.transitions {
      if let alert = transition.trigger.alert, !alerts.contains(AlertKey(alert: alert)) { alerts.append(AlertKey(alert: alert)) }
      if let button = transition.trigger.button, !buttons.contains(button) { buttons.append(button) }
    }
    self.alerts = alerts.map { CoverageItem(key: $0, inGraph: true) }
    self.buttons = buttons.map { CoverageItem(key: $0, inGraph: true) }
    rules = RuleStatement.all.filter { $0.holds(on: diagram.version) }.map {
      CoverageItem(key: RuleKey(rule: $0.rule), inGraph: true)
    }
    // Settings can change every state it can reach but a restriction (E8); the option already selected is D2's no-op.
    let options = diagram.transitions.compactMap { transition -> SettingsOption? in
      if case .settings(let option) = transition.trigger { return option }
      return nil
    }
    var states: [AuthorizationState] = []
    for transition in diagram.transitions {
      for state in [transition.from, transition.to].compactMap({ $0 }) where state != .restricted && !states.contains(state) {
        states.append(state)
      }
    }
    settingsChoices = AuthorizationState.allCases.filter(states.contains).flatMap { state in
      options.filter { SettingsOption.selected(for: state) != $0 }.map {
        CoverageItem(key: TakenPaths.SettingsChoice(from: state, option: $0), inGraph: true)
      }
    }
  }

  /// Adds what one case took on this version.
  mutating func add(_ paths: TakenPaths, case name: String) {
    Self.insert(name, into: &cases)
    for transition in paths.transitions { Self.mark(transition, by: name, in: &transitions) }
    for alert in paths.alerts { Self.mark(AlertKey(alert: alert), by: name, in: &alerts) }
    for button in paths.buttons { Self.mark(button, by: name, in: &buttons) }
    for rule in paths.rules { Self.mark(RuleKey(rule: rule), by: name, in: &rules) }
    for choice in paths.settingsChoices { Self.mark(choice, by: name, in: &settingsChoices) }
  }

  /// Adds what another file measured of the same version (a shard's part).
  mutating func merge(_ other: VersionCoverage) {
    for name in other.cases { Self.insert(name, into: &cases) }
    Self.merge(other.transitions, into: &transitions)
    Self.merge(other.alerts, into: &alerts)
    Self.merge(other.buttons, into: &buttons)
    Self.merge(other.rules, into: &rules)
    Self.merge(other.settingsChoices, into: &settingsChoices)
  }

  private static func insert(_ name: String, into names: inout [String]) {
    let index = names.partitionPoint { $0 >= name }
    if index == names.count || names[index] != name { names.insert(name, at: index) }
  }

  /// Marks `key` as taken by `name`: in the diagram's item, or in an item outside it, appended in the order of the reports.
  private static func mark<Key>(_ key: Key, by name: String, in items: inout [CoverageItem<Key>]) {
    if let index = items.firstIndex(where: { $0.key == key }) {
      insert(name, into: &items[index].cases)
    } else {
      items.append(CoverageItem(key: key, inGraph: false, cases: [name]))
      sortOutside(&items)
    }
  }

  private static func merge<Key>(_ others: [CoverageItem<Key>], into items: inout [CoverageItem<Key>]) {
    for other in others {
      if let index = items.firstIndex(where: { $0.key == other.key }) {
        for name in other.cases { insert(name, into: &items[index].cases) }
      } else {
        items.append(other)
        sortOutside(&items)
      }
    }
  }

  /// Items outside the diagram come after it, ordered by their text, so that any order of cases or shards gives the same file.
  private static func sortOutside<Key>(_ items: inout [CoverageItem<Key>]) {
    let first = items.firstIndex { !$0.inGraph } ?? items.count
    items[first...].sort { $0.key.description < $1.key.description }
  }
}

extension Array {
  /// The first index whose element satisfies `predicate`, in an array where every element satisfying it comes after every one that does not.
  fileprivate func partitionPoint(_ predicate: (Element) -> Bool) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if predicate(self[middle]) { high = middle } else { low = middle + 1 }
    }
    return low
  }
}
