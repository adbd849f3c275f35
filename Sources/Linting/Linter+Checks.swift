import PermissionModel
import PlistLoader

extension Linter {
  /// Every check, in the order the report lists them: intentions, types, texts, translations, notes.
  func checks() -> [LintCheck] {
    var checks: [LintCheck] = []
    if kind == .appClip, spans.isEmpty { checks.append(appClipVersionsCheck()) }
    if intents.isEmpty { checks.append(noIntentionCheck()) }
    for intent in intents {
      switch intent {
      case .whenInUse: checks.append(requestCheck(.requestWhenInUseAuthorization))
      case .always: checks.append(kind == .appClip ? appClipAlwaysCheck() : requestCheck(.requestAlwaysAuthorization))
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

  // K1, K2: a request without its usage descriptions never prompts.
  func requestCheck(_ call: AuthorizationCall) -> LintCheck {
    check(.K2, "\(call)") { rules in
      guard let edge = rules.edge(for: call, from: .notDetermined, keys: keys, kind: kind), edge.rule == .K2,
        let requirement = rules.keyRequirement(for: call)
      else { return [] }
      return requirement.keys.filter { !keys.contains($0) }.map { key in
        let present = document.values[key.rawValue] != nil
        return draft(
          .error, .K2, key: key.rawValue,
          "\(call) is a silent no-op without \(present ? "a usable " : "")\(key.rawValue): no alert, no callback",
          fix: present ? "make \(key.rawValue) a non-empty String" : "add \(key.rawValue)")
      }
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
          .error, .A2, key: "NSAppClip", "requestAlwaysAuthorization in an App Clip is a mistake: \(error)",
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

  // MARK: - Texts

  /// The texts alerts show from the Info.plist: the usage descriptions, the purpose texts and the app's name.
  func alertTexts() -> [(rule: RuleID, key: String, text: String, applies: (RuleSet) -> Bool)] {
    var texts: [(rule: RuleID, key: String, text: String, applies: (RuleSet) -> Bool)] = []
    for key in UsageDescriptionKey.allCases {
      if let text = document.values[key.rawValue]?.stringValue {
        texts.append((.K5, key.rawValue, text, { Self.usedKeys($0).contains(key) }))
      }
    }
    for (purpose, text) in info.temporaryUsageDescriptions.sorted(by: { $0.key < $1.key }) {
      texts.append((.K4, purpose, text, { $0.isAvailable(.requestTemporaryFullAccuracyAuthorization) }))
    }
    let names = [InfoPlistKey.bundleDisplayName, .bundleName].map(\.rawValue)
    if let name = names.first(where: { document.values[$0]?.stringValue != nil }),
      let text = document.values[name]?.stringValue
    {
      texts.append((.K5, name, text, { _ in true }))
    }
    return texts
  }

  // K5: build settings such as $(PRODUCT_NAME) are expanded by an Xcode build, never by permsim.
  func placeholderChecks() -> [LintCheck] {
    alertTexts().map { text in
      check(text.rule, text.key) { rules in
        guard text.applies(rules), let setting = Self.buildSetting(in: text.text) else { return [] }
        let fix =
          text.key == InfoPlistKey.bundleName.rawValue
          ? "set CFBundleDisplayName to the name users see" : "write the text out"
        return [
          draft(
            .warning, text.rule, key: text.key,
            "\(text.key) contains the build setting \(setting): alerts in scenarios show it as written, as only an Xcode build expands it",
            fix: fix)
        ]
      }
    }
  }

  /// The first `$(NAME)` in a text, if any.
  static func buildSetting(in text: String) -> String? {
    guard let start = text.range(of: "$(") else { return nil }
    guard let end = text[start.upperBound...].firstIndex(of: ")") else { return String(text[start.lowerBound...]) }
    return String(text[start.lowerBound...end])
  }

  // MARK: - Translations

  // K4, K5: each localization should translate every text an alert shows; one that `--locale` requires must.
  func translationChecks() -> [LintCheck] {
    let texts = alertTexts().filter { !$0.key.hasPrefix("CFBundle") }
    guard !texts.isEmpty else { return [] }
    var checks: [LintCheck] = []
    let languages = localizations()
    let required = requiredLocalizations(among: languages)
    checks += required.missing.map(missingLocalizationCheck)
    for language in languages {
      let severity: LintFinding.Severity = required.found.contains(Self.normalized(language.locale)) ? .error : .warning
      for text in texts {
        checks.append(
          check(text.rule, text.key, locale: language.locale) { rules in
            guard text.applies(rules) else { return [] }
            let locale = language.locale
            guard let translation = language.entries[text.key] else {
              return [
                Draft(
                  severity: severity, rule: text.rule, key: text.key, locale: language.locale, file: language.file,
                  message: "\(text.key) has no \(locale) translation: \(locale) devices show the Info.plist text",
                  fix: language.isCatalog
                    ? "translate it into \(locale) in the catalog" : "add \"\(text.key)\" = \"…\";")
              ]
            }
            guard let setting = Self.buildSetting(in: translation) else { return [] }
            return [
              Draft(
                severity: .warning, rule: text.rule, key: text.key, locale: language.locale, file: language.file,
                message: "the \(locale) text of \(text.key) contains the build setting \(setting), which strings files never expand",
                fix: "write the text out")
            ]
          })
      }
    }
    let covered = Set(languages.map { Self.normalized($0.locale) })
    for folder in document.localizationFolders
    where !covered.contains(Self.normalized(folder)) && !isDevelopmentLanguage(folder) {
      let file = displayPath(parentFolder + folder + ".lproj")
      checks.append(
        check(.K5, "InfoPlist.strings", locale: folder) { _ in
          [
            Draft(
              severity: .warning, rule: .K5, key: nil, locale: folder, file: file,
              message: "\(folder).lproj has no InfoPlist.strings: \(folder) devices show every location alert untranslated",
              fix: "add \(folder).lproj/InfoPlist.strings with the usage descriptions")
          ]
        })
    }
    return checks
  }

  /// The localizations `--locale` asks for: those found (normalized), and the locales that find none.
  ///
  /// A locale finds a localization as a device does (``LanguageMatch``: `zh-Hans-CN` → `zh-Hans`); the
  /// development language needs none, as the Info.plist holds its texts.
  func requiredLocalizations(among languages: [Localization]) -> (found: Set<String>, missing: [String]) {
    var found = Set<String>()
    var missing: [String] = []
    for locale in requiredLocales where !isDevelopmentLanguage(locale) {
      let chain = LanguageMatch.fallbackChain(for: locale).filter { $0 != "Base" }.map(Self.normalized)
      if let language = chain.lazy.compactMap({ candidate in languages.first { Self.normalized($0.locale) == candidate } }).first {
        found.insert(Self.normalized(language.locale))
      } else if !missing.contains(locale) {
        missing.append(locale)
      }
    }
    return (found, missing)
  }

  /// K5: a language `--locale` requires has no localization at all.
  func missingLocalizationCheck(_ locale: String) -> LintCheck {
    let keys = alertTexts().filter { !$0.key.hasPrefix("CFBundle") }.map(\.key)
    let system = SystemTexts(locale: locale).language
    return check(.K5, "InfoPlist.strings", locale: locale) { _ in
      [
        Draft(
          severity: .error, rule: .K5, key: nil, locale: locale, file: displayPath(parentFolder + locale + ".lproj"),
          message:
            "no \(locale) localization: \(locale) devices show every usage description as the Info.plist has it, inside alerts in \(system) (Z0)",
          fix: "add \(locale).lproj/InfoPlist.strings translating " + keys.joined(separator: ", "))
      ]
    }
  }

  /// One language's strings, merged across origins (strings file before catalog), except the development language's.
  struct Localization {
    var locale: String
    var file: String
    var isCatalog: Bool
    var entries: [String: String]
  }

  func localizations() -> [Localization] {
    var byLocale: [String: Localization] = [:]
    var order: [String] = []
    for table in document.strings.tables where !isDevelopmentLanguage(table.locale) {
      let key = Self.normalized(table.locale)
      if var merged = byLocale[key] {
        merged.entries.merge(table.entries) { earlier, _ in earlier }
        byLocale[key] = merged
        continue
      }
      let (path, isCatalog): (String, Bool) =
        switch table.origin {
        case .stringsFile(let path): (path, false)
        case .stringCatalog(let path): (path, true)
        case .inline: ("", false)
        }
      order.append(key)
      byLocale[key] = Localization(
        locale: table.locale, file: path.isEmpty ? file : displayPath(path), isCatalog: isCatalog,
        entries: table.entries)
    }
    return order.compactMap { byLocale[$0] }.sorted { $0.locale < $1.locale }
  }

  /// Whether a locale is `Base` or the development region's language, whose texts the Info.plist already holds.
  func isDevelopmentLanguage(_ locale: String) -> Bool {
    let language = Self.normalized(locale)
    if language == "base" { return true }
    guard let region = document.developmentRegion.map(Self.normalized) else { return false }
    return language == region || language.hasPrefix(region + "-")
  }

  /// The Info.plist's folder relative to the root, with a trailing slash (empty at the root).
  private var parentFolder: String {
    guard let path = document.path, let slash = path.lastIndex(of: "/") else { return "" }
    return String(path[...slash])
  }

  private static func normalized(_ locale: String) -> String {
    String(locale.lowercased().map { $0 == "_" ? "-" : $0 })
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
