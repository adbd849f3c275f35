// MARK: - The paths a case took (coverage, exploration)

extension World {
  /// What the world's cases took of the state machine, one record per iOS version its devices run,
  /// in the order the devices were made; each record's rules are the ids its devices' transcript lines
  /// cite, with C1 for a callback delivered and C5 for one held or released.
  public var pathsTaken: [TakenPaths] { pathsRecord.paths }

  /// What ``pathsTaken`` is made from, kept as it is: a case's run keeps it, and the rules its transcript
  /// cites are read only when coverage asks for them, never on a case's way.
  public var pathsRecord: PathsTakenRecord {
    PathsTakenRecord(taken: taken, entries: entries, deviceVersions: deviceRecords.map(\.version.description))
  }

  /// The rule ids a transcript line cites, in order: `(R6)`, `(R19, D1)`, `(held, C5)`, `R11: no alert`.
  static func citedRules(in text: String) -> [RuleID] {
    text.utf8.split(whereSeparator: { !(65...90).contains($0) && !(97...122).contains($0) && !(48...57).contains($0) })
      .compactMap { word in
        // A rule id is 2 to 4 characters and starts with a capital letter.
        guard (2...4).contains(word.count), let first = word.first, (65...90).contains(first) else { return nil }
        return RuleID(rawValue: String(decoding: word, as: UTF8.self))
      }
  }

  /// Starts the record of a device's version, so that a version a case used is listed even when nothing was taken on it.
  func startPaths(on device: DeviceID) {
    let version = self[device].version.description
    if !taken.contains(where: { $0.version == version }) { taken.append(TakenPaths(version: version)) }
  }

  /// Changes the record of `device`'s version.
  private func updatePaths(on device: DeviceID, _ update: (inout TakenPaths) -> Void) {
    let version = self[device].version.description
    guard let index = taken.firstIndex(where: { $0.version == version }) else { return }
    update(&taken[index])
  }

  /// Records a transition `app` took, with the callback C3 and C4 send for it.
  func took(_ trigger: StateTransition.Trigger, from: AuthorizationState?, to: AuthorizationState, rule: RuleID, app: AppID) {
    let transition = StateTransition(from: from, trigger: trigger, to: to, rule: rule, rules: self[app].machine.rules)
    updatePaths(on: self[app].device) { $0.add(transition) }
  }

  /// Records an alert shown on `device`: its id is also the rule that describes it (§4).
  func shown(_ alert: RuleID, on device: DeviceID) {
    updatePaths(on: device) {
      $0.add(alert)
      $0.add(rule: alert)
    }
  }

  /// Records a button tapped on an alert of `device`.
  func tapped(_ button: String, of alert: RuleID, on device: DeviceID) {
    updatePaths(on: device) { $0.add(TakenPaths.AlertButton(alert: alert, button: button)) }
  }

  /// Records a Settings option chosen for an app in `state`.
  func chose(_ option: SettingsOption, from state: AuthorizationState, app: AppID) {
    updatePaths(on: self[app].device) { $0.add(TakenPaths.SettingsChoice(from: state, option: option)) }
  }
}

/// What a world recorded of the paths its cases took: the records it filled as the state changed, and
/// the transcript whose cited rules ``paths`` adds to them when read.
public struct PathsTakenRecord: Sendable {
  let taken: [TakenPaths]
  let entries: [TranscriptEntry]
  /// The version each device runs, by device number (1 for the first).
  let deviceVersions: [String]

  /// The records with the rules each device's transcript lines cite added to its version's record.
  public var paths: [TakenPaths] {
    var records = taken
    for entry in entries {
      guard let number = entry.device else { continue }
      let cited: [RuleID]
      switch entry.event {
      case .note(let text): cited = World.citedRules(in: text)
      case .delivered: cited = [.C1]
      case .held, .released: cited = [.C5]
      case .settingsChanged(let change): cited = World.citedRules(in: change.line)
      case .moved, .clockAdvanced, .deviceMade, .alertShown, .alertAnswered: continue
      }
      let version = deviceVersions[number - 1]
      guard let index = records.firstIndex(where: { $0.version == version }) else { continue }
      for rule in cited { records[index].add(rule: rule) }
    }
    return records
  }
}
