import PermissionModel
import PlistLoader

extension Linter {
  /// Every check, in the order the report lists them: intentions, types, texts, translations, notes.
  func checks() -> [LintCheck] {
    var checks: [LintCheck] = []
    if kind == .appClip, spans.isEmpty { checks.append(appClipVersionsCheck()) }
    if intents.isEmpty { checks.append(hasOnlyLegacyKey ? legacyKeyCheck() : noIntentionCheck()) }
    for intent in intents {
      switch intent {
      case .whenInUse: checks.append(requestCheck(.requestWhenInUseAuthorization, for: .whenInUse))
      case .always:
        checks.append(kind == .appClip ? appClipAlwaysCheck() : requestCheck(.requestAlwaysAuthorization, for: .always))
      case .background: checks += backgroundChecks()
      case .temporaryFullAccuracy: checks.append(temporaryFullAccuracyCheck())
      case .backgroundActivity: checks.append(backgroundActivityCheck())
      }
    }
    checks += sessionPurposeKeyChecks()
    checks += explicitSessionSpellingChecks()
    checks += misspelledKeyChecks()
    checks += typeChecks()
    checks += placeholderChecks()
    checks += translationChecks()
    checks += purposeTextChecks()
    if intents.contains(.always), kind == .app { checks += alwaysUpgradeChecks() }
    checks.append(settingsCheck())
    if kind == .appClip, !spans.isEmpty { checks.append(appClipExpiryCheck()) }
    return Self.merged(checks)
  }

  /// The checks with those of the same rule, subject and locale joined into the first of them.
  static func merged(_ checks: [LintCheck]) -> [LintCheck] {
    var merged: [LintCheck] = []
    for check in checks {
      if let index = merged.firstIndex(where: { $0.name == check.name }) {
        merged[index].findings += check.findings
      } else {
        merged.append(check)
      }
    }
    return merged
  }

  // MARK: - Requests

  // K1, K2: a request without its usage descriptions never prompts. An error when the app says it makes
  // the request (--intends), a warning when that was only inferred from its keys.
  func requestCheck(_ call: AuthorizationCall, for intent: LintIntent) -> LintCheck {
    check(.K2, "\(call)") { rules in
      guard let edge = rules.edge(for: call, from: .notDetermined, keys: keys, kind: kind), edge.rule == .K2,
        let requirement = rules.keyRequirement(for: call)
      else { return [] }
      return requirement.keys.filter { !keys.contains($0) }.map { key in
        let present = document.values[key.rawValue] != nil
        // A key that is there but unusable (empty, or misspelled) proves the intention it was inferred from,
        // and proves it broken; so does location in UIBackgroundModes, or a purpose key, when no usage
        // description could grant them.
        let source = inferredFrom[intent]
        let proven =
          present
          ? source == key.rawValue
          : keyMistakes.contains { $0.key == source && $0.meant == key.rawValue } || source.map(Self.provesGrantNeeded) ?? false
        var finding = draft(
          proven ? .error : severity(for: intent), .K2, key: key.rawValue,
          "\(call) is a silent no-op without \(present ? "a usable " : "")\(key.rawValue): no alert, no callback"
            + (proven ? "" : inference(intent)),
          fix: present ? "make \(key.rawValue) a non-empty String" : "add \(key.rawValue)")
        // A missing key has no line: point at the key the request was inferred from.
        finding.line = finding.line ?? source.flatMap(line(of:))
        return finding
      }
    }
  }

  /// Whether a key the app carries shows it needs a location grant whatever it requests: `location` in
  /// `UIBackgroundModes` (K6), or a purpose key of temporary full accuracy (K4).
  static func provesGrantNeeded(_ key: String) -> Bool {
    [InfoPlistKey.backgroundModes, .temporaryUsageDescriptionDictionary].map(\.rawValue).contains(key)
  }

  /// Whether the only location usage description is `NSLocationUsageDescription`, the iOS 6–7 key (R1b).
  var hasOnlyLegacyKey: Bool {
    let meant = Set(keyMistakes.map(\.meant))
    func has(_ key: UsageDescriptionKey) -> Bool { document.values[key.rawValue] != nil || meant.contains(key.rawValue) }
    return has(.location) && ![.whenInUse, .always, .alwaysAndWhenInUse].contains(where: has)
  }

  // R1b, K2: an app with only the iOS 6–7 key prompts on 8+ only when linked against an SDK before 8.0.
  func legacyKeyCheck() -> LintCheck {
    let key = UsageDescriptionKey.location.rawValue
    return check(.R1b, key) { rules in
      guard rules.calls.contains(.requestWhenInUseAuthorization) else { return [] }
      if rules.variants.contains(.linkedBefore(OSVersion(8))) {
        return [
          draft(
            .note, .R1b, key: key,
            "an app linked against an SDK before 8.0 shows the Always alert on its first use of location, with the \(key) text")
        ]
      }
      return [
        draft(
          .warning, .R1b, key: key,
          "\(key) is the iOS 6–7 key: no request can show an alert (K2) unless the app is linked against an SDK before 8.0, whose first use of location shows the Always alert",
          fix:
            "add \(UsageDescriptionKey.whenInUse.rawValue) (and \(UsageDescriptionKey.alwaysAndWhenInUse.rawValue) for requestAlwaysAuthorization), or lint with --sdk 7.1 if the app is built with that SDK")
      ]
    }
  }

  // A2
  func appClipAlwaysCheck() -> LintCheck {
    check(.A2, "\(AuthorizationCall.requestAlwaysAuthorization)") { rules in
      guard
        let edge = rules.edge(for: .requestAlwaysAuthorization, from: .notDetermined, keys: keys, kind: .appClip),
        let error = edge.scenarioError
      else { return [] }
      let alwaysKeys = [UsageDescriptionKey.always, .alwaysAndWhenInUse].filter { document.values[$0.rawValue] != nil }
      let remove = alwaysKeys.isEmpty ? "" : " and remove " + alwaysKeys.map(\.rawValue).joined(separator: " and ")
      return [
        draft(
          severity(for: .always), .A2, key: "NSAppClip",
          "requestAlwaysAuthorization in an App Clip is a mistake: \(error)" + inference(.always),
          fix: "request When-In-Use only\(remove)")
      ]
    }
  }

  // B1, B2: the background session needs `location` in UIBackgroundModes (K6).
  func backgroundChecks() -> [LintCheck] {
    let key = InfoPlistKey.backgroundModes.rawValue
    let fix = "add location to \(key)"
    let crash = check(.B2, key) { rules in
      guard !info.hasLocationBackgroundMode, rules.backgroundPropertyCrashesWithoutMode else { return [] }
      return [
        draft(
          .error, .B2, key: key,
          "setting allowsBackgroundLocationUpdates to true crashes the app (NSInternalInconsistencyException): \(key) lacks location",
          fix: fix)
      ]
    }
    let session = check(.B1, key) { rules in
      guard !info.hasLocationBackgroundMode, !rules.backgroundPropertyCrashesWithoutMode else { return [] }
      return [
        draft(.warning, .B1, key: key, "location updates stop when the app leaves the foreground: \(key) lacks location", fix: fix)
      ]
    }
    return [crash, session]
  }

  // BA1: a background activity session without `location` in UIBackgroundModes stays inactive (no crash).
  func backgroundActivityCheck() -> LintCheck {
    let key = InfoPlistKey.backgroundModes.rawValue
    return check(.BA1, key) { rules in
      guard rules.sessionFeatures.liveUpdatesAndMonitors, !info.hasLocationBackgroundMode else { return [] }
      return [
        draft(
          .warning, .BA1, key: key,
          "a CLBackgroundActivitySession stays inactive (no crash, no blue pill, no background updates): \(key) lacks location",
          fix: "add location to \(key)")
      ]
    }
  }

  // SS9: a service session's purpose key must be in NSLocationTemporaryUsageDescriptionDictionary.
  func sessionPurposeKeyChecks() -> [LintCheck] {
    let dictionary = InfoPlistKey.temporaryUsageDescriptionDictionary.rawValue
    return sessionPurposeKeys.map { purposeKey in
      check(.SS9, purposeKey) { rules in
        guard rules.sessionFeatures.serviceSessions, info.temporaryUsageDescriptions[purposeKey] == nil else { return [] }
        let declared = info.temporaryUsageDescriptions.keys.sorted()
        let hint = Spelling.closest(to: purposeKey, in: declared).map { " (did you mean \($0)?)" } ?? ""
        return [
          draft(
            .error, .SS9, key: dictionary,
            "a CLServiceSession with fullAccuracyPurposeKey “\(purposeKey)” never shows its alert and reports fullAccuracyDenied: \(dictionary) has no \(purposeKey)\(hint)",
            fix: "add \(purposeKey) to \(dictionary) with the text the alert shows")
        ]
      }
    }
  }

  // XS1: the header's spelling of the explicit-session key is not what iOS reads.
  func explicitSessionSpellingChecks() -> [LintCheck] {
    let headerSpelling = "CLRequireExplicitServiceSession"
    guard document.values[headerSpelling] != nil else { return [] }
    let key = InfoPlistKey.requireExplicitServiceSession.rawValue
    return [
      check(.XS1, headerSpelling) { rules in
        guard rules.sessionFeatures.serviceSessions else { return [] }
        return [
          draft(
            .warning, .XS1, key: headerSpelling,
            "\(headerSpelling) (the spelling in the CoreLocation header) is not read: implicit sessions stay on",
            fix: "rename it to \(key) (a Boolean true)")
        ]
      }
    ]
  }

  // T4: without a purpose key every temporary full accuracy request is declined.
  func temporaryFullAccuracyCheck() -> LintCheck {
    let key = InfoPlistKey.temporaryUsageDescriptionDictionary.rawValue
    return check(.T4, key) { rules in
      guard rules.isAvailable(.requestTemporaryFullAccuracyAuthorization), info.temporaryUsageDescriptions.isEmpty else {
        return []
      }
      let why = document.values[key] == nil ? "\(key) is missing" : "\(key) has no purpose key with a String text"
      return [
        draft(
          .error, .T4, key: key, "requestTemporaryFullAccuracyAuthorization completes with promptDeclined: \(why)",
          fix: "add a purpose key to \(key) with the text the alert shows")
      ]
    }
  }

  /// The only check of an Info.plist that names no location usage description and was given no intention.
  func noIntentionCheck() -> LintCheck {
    check(.K1, "usage descriptions") { _ in
      [
        draft(
          .note, .K1, key: nil, "the Info.plist has no location usage description, so no request can prompt",
          fix: "say what the app means to do with --intends")
      ]
    }
  }

  // MARK: - Types

  // K1, K3, K4, K6 (and K5 for the names): values iOS ignores because of their type.
  func typeChecks() -> [LintCheck] {
    let diagnostics = document.diagnostics
    return document.inventory().keyTypes.compactMap { entry -> LintCheck? in
      guard entry.kind != nil, let typed = typeRule(for: entry.key) else { return nil }
      let rule = typed.rule
      let own = diagnostics.filter {
        $0.key == entry.key || $0.key.hasPrefix(entry.key + ".") || $0.key.hasPrefix(entry.key + "[")
      }
      return check(rule, entry.key) { rules in
        guard typed.applies(rules) else { return [] }
        return own.map { diagnostic in
          let (message, fix) = Self.describe(diagnostic, rule: rule)
          return draft(.warning, rule, key: diagnostic.key, message, fix: fix)
        }
      }
    }
  }

  /// The rule a key's type falls under and the versions where the key matters, or nil for keys lint leaves alone.
  private func typeRule(for key: String) -> (rule: RuleID, applies: (RuleSet) -> Bool)? {
    if let usage = UsageDescriptionKey(rawValue: key) { return (.K1, { Self.usedKeys($0).contains(usage) }) }
    switch InfoPlistKey(rawValue: key) {
    case .defaultAccuracyReduced: return (.K3, { $0.reportsAccuracy })
    case .temporaryUsageDescriptionDictionary: return (.K4, { $0.isAvailable(.requestTemporaryFullAccuracyAuthorization) })
    case .backgroundModes: return (.K6, { _ in true })
    case .requireExplicitServiceSession:
      return (.XS1, { rules in rules.layers.contains { SessionFeatures(for: $0.since).serviceSessions } })
    case .bundleDisplayName, .bundleName, .developmentRegion: return (.K5, { _ in true })
    case .bundleIdentifier, nil: return nil
    }
  }

  /// A diagnostic's message and fix: what iOS does with the value, and the type it needs.
  private static func describe(_ diagnostic: PlistDiagnostic, rule: RuleID) -> (message: String, fix: String) {
    let what: String
    let needed: PlistValue.Kind
    switch diagnostic.problem {
    case .wrongType(let expected, let found):
      what = "\(diagnostic.key) is \(withArticle(found)), not \(withArticle(expected))"
      needed = expected
    case .emptyString:
      what = "\(diagnostic.key) is an empty String"
      needed = .string
    }
    let consequence =
      switch rule {
      case .K1: "treated as missing"
      case .K3: "ignored, so the app gets full accuracy by default"
      default: "ignored"
      }
    let fix =
      switch (rule, needed) {
      case (.K3, _): "write <true/>"
      case (.K1, _): "write the usage description as a non-empty String"
      case (_, .array): "make it an Array of Strings"
      case (_, .dictionary): "make it a Dictionary of purpose key → String"
      default: "make it \(withArticle(needed))"
      }
    return ("\(what): \(consequence)", fix)
  }

  private static func withArticle(_ kind: PlistValue.Kind) -> String {
    switch kind {
    case .array, .integer: "an \(kind)"
    case .string, .boolean, .real, .date, .data, .dictionary: "a \(kind)"
    }
  }

  /// The usage descriptions a version reads: the keys its requests need (K1) and its alerts show (P1's message).
  static func usedKeys(_ rules: RuleSet) -> Set<UsageDescriptionKey> {
    var used = Set<UsageDescriptionKey>()
    for call in rules.calls { used.formUnion(rules.keyRequirement(for: call)?.keys ?? []) }
    let alerts =
      rules.requestEdges(keys: Set(UsageDescriptionKey.allCases)).compactMap(\.alert) + rules.systemPrompts.map(\.alert)
    for alert in alerts {
      if case .usageDescription(let key) = alert.message { used.insert(key) }
    }
    return used
  }

  // MARK: - Notes

  // R4, R5, R11, R12: what a When-In-Use app's first Always request does, by version.
  func alwaysUpgradeChecks() -> [LintCheck] {
    let findings = walk { rules in
      guard let edge = rules.edge(for: .requestAlwaysAuthorization, from: .whenInUseAlwaysUnused, keys: keys, kind: kind),
        edge.rule != .K2
      else { return [] }
      let results = edge.results.map { result in
        "\(result.button.map { "\($0) " } ?? "")→ \(result.state.shortName), \(result.callback == nil ? "no callback" : "callback")"
      }
      let alert = edge.alert.map { "\($0.id) “\(titled($0.titleFormat(on: rules.since)))”" } ?? "no alert"
      return [
        draft(
          .note, edge.rule, key: nil,
          "a When-In-Use app's first requestAlwaysAuthorization shows \(alert): \(results.joined(separator: " · "))")
      ]
    }
    var checks: [LintCheck] = []
    for finding in findings {
      if let index = checks.firstIndex(where: { $0.rule == finding.rule }) {
        checks[index].findings.append(finding)
      } else {
        checks.append(LintCheck(rule: finding.rule, subject: "\(AuthorizationCall.requestAlwaysAuthorization)", findings: [finding]))
      }
    }
    return checks
  }

  // S1
  func settingsCheck() -> LintCheck {
    check(.S1, "Settings") { rules in
      [draft(.note, .S1, key: nil, "Settings lists " + rules.settingsLabels(keys: keys).joined(separator: " · "))]
    }
  }

  // A1, E3
  func appClipExpiryCheck() -> LintCheck {
    check(.A1, "NSAppClip") { _ in
      [draft(.note, .A1, key: "NSAppClip", "an App Clip's When-In-Use grant ends at 04:00 the next day")]
    }
  }

  /// An App Clip checked only on versions without App Clips.
  func appClipVersionsCheck() -> LintCheck {
    let since = RuleLayer.all.first { $0.appClips == true }?.since
    let message = "App Clips exist from iOS \(since.map(\.description) ?? "14.0"); the versions checked have none"
    return LintCheck(
      rule: .A1, subject: "NSAppClip",
      findings: [
        LintFinding(
          severity: .warning, rule: .A1, key: "NSAppClip", versions: versionsLabel, file: file, message: message,
          fix: "check a range that includes it, e.g. --ios 14.0...26.0")
      ])
  }
}
