import PermissionModel
import PlistLoader
import Reporting

/// The engine of `permsim preview`: every alert an app can show, on each run of versions, in each language.
///
/// It walks the same spans as `lint` (``VersionSpan``) and asks each span's rule set what the app's
/// requests show (``RuleSet/requestEdges(keys:kind:)``, the edges `explain` draws), which system prompts
/// it may get (R19, R21), the temporary full accuracy alert for each purpose key (P9) and the Location
/// Services alert (P10). The texts come from the same tables and Info.plist resolution the model uses
/// (Z0, K4, K5). Spans where an alert reads the same in every language merge into one group.
public struct AlertPreview {
  /// The Info.plist and its localizations.
  let document: InfoPlistDocument
  /// The languages drawn: `--locale`, or the ones the app ships (development region first).
  public let languages: [String]
  /// The spans walked, oldest first.
  let spans: [VersionSpan]
  /// A full app or an App Clip.
  let kind: AppKind
  /// Lint's findings on the same Info.plist and versions, put beside the alerts they affect.
  let findings: [LintFinding]
  /// The Info.plist as messages show it.
  let file: String

  /// Prepares the preview of `document`: `options.versions` (else the app's minimum to the newest) and
  /// `options.locales` (else every language the app ships).
  public init(_ document: InfoPlistDocument, options: LintOptions = LintOptions(), displayPath: @escaping (String) -> String = { $0 }) {
    self.document = document
    kind = options.appClip ? .appClip : document.appKind
    languages = options.locales.isEmpty ? Self.shippedLanguages(of: document) : options.locales
    // Z1: a text that changes within a layer (您 → 你 at 16.0) starts a span of its own.
    let textChanges = languages.compactMap { SystemTexts(locale: $0).table }.flatMap { table in
      [table.titles, table.messages, table.buttons, table.switches].flatMap { $0.values.flatMap { $0.map(\.since) } }
    }
    let all = VersionSpan.covering(
      Linter.versions(for: document, options: options).0, linkedSDK: options.sdk, boundaries: textChanges)
    spans = kind == .appClip ? all.filter(\.rules.appClips) : all  // A1
    var lintOptions = options
    lintOptions.locales = languages
    findings = Linter.lint(document, options: lintOptions, displayPath: displayPath).findings
    file = displayPath(document.path ?? "Info.plist")
  }

  /// The development region first, then the other languages with strings, else English.
  static func shippedLanguages(of document: InfoPlistDocument) -> [String] {
    var languages = document.strings.locales.filter { $0 != "Base" }
    if let region = document.developmentRegion, !region.hasPrefix("$") {
      languages.removeAll { $0 == region }
      languages.insert(region, at: 0)
    }
    return languages.isEmpty ? ["en"] : languages
  }

  /// The page: every group, in the order the situations first appear, oldest versions first.
  public func page(ruleTexts: [String: String] = [:]) -> PreviewPage {
    let resolved = languages.map { document.resolve(locale: $0).infoPlist }
    let name = resolved.first.flatMap { $0.bundleDisplayName ?? $0.bundleName } ?? "App"
    // Each span's alerts, keyed by situation; runs of spans that draw alike merge.
    var order: [String] = []
    var runs: [String: [(spans: [VersionSpan], shown: Shown, last: Int)]] = [:]
    for (index, span) in spans.enumerated() {
      for shown in alerts(on: span, resolved: resolved) {
        var list = runs[shown.situation] ?? []
        if list.isEmpty { order.append(shown.situation) }
        // A run goes on while the previous span showed the same alert.
        if let last = list.last, last.last == index - 1, last.shown.readsLike(shown) {
          list[list.count - 1].spans.append(span)
          list[list.count - 1].last = index
        } else {
          list.append(([span], shown, index))
        }
        runs[shown.situation] = list
      }
    }
    let groups = order.flatMap { situation in
      (runs[situation] ?? []).map { run in
        PreviewGroup(
          situation: situation, versions: VersionSpan.label(run.spans[...]), rule: run.shown.rule,
          alerts: run.shown.alerts)
      }
    }
    return PreviewPage(
      app: name, path: file, languages: languages, versions: VersionSpan.label(spans[...]), groups: groups,
      ruleTexts: ruleTexts)
  }

  // MARK: - One span

  /// One situation's alert on one span, in every language.
  struct Shown {
    let situation: String
    let rule: String
    let alerts: [PreviewAlert]

    /// Whether the alert reads and looks the same (the look changes at iOS 13), whatever the version.
    func readsLike(_ other: Shown) -> Bool {
      rule == other.rule && alerts.count == other.alerts.count
        && zip(alerts, other.alerts).allSatisfy { mine, theirs in
          var a = mine
          var b = theirs
          a.screen.iosVersion = ""
          b.screen.iosVersion = ""
          return a == b && (mine.screen.majorVersion >= 13) == (theirs.screen.majorVersion >= 13)
        }
    }
  }

  /// The alerts of `span`: the requests' first (R-rules, P14 for an App Clip), the system prompts, P9 and P10.
  func alerts(on span: VersionSpan, resolved: [InfoPlist]) -> [Shown] {
    // A3: an App Clip's rules are a variant of the span's (its first prompt is P14).
    let rules = kind == .appClip ? RuleSet.forVersion(span.first, kind: .appClip) : span.rules
    let keys = Set(resolved.first?.usageDescriptions.keys.map { $0 } ?? [])
    var shown: [Shown] = []
    // Only the states the app's own requests reach from ND: an app without the Always key never gets R19's prompt.
    var reached: [RequestOrigin] = [.notDetermined]
    var edges: [RequestEdge] = []
    var visited = 0
    while visited < reached.count {
      let origin = reached[visited]
      visited += 1
      for call in AuthorizationCall.allCases {
        guard let edge = rules.edge(for: call, from: origin, keys: keys, kind: kind) else { continue }
        edges.append(edge)
        for result in edge.results {
          let next = RequestOrigin(state: result.state, alwaysRequested: result.alwaysRequested)
          if !reached.contains(next) { reached.append(next) }
        }
      }
    }
    for edge in edges {
      guard let alert = edge.alert else { continue }
      shown.append(draw(alert, situation: Self.situation(edge), rule: edge.rule, span: span, resolved: resolved))
    }
    for prompt in rules.systemPrompts where reached.contains(where: { $0.state == prompt.from }) {
      let situation = "\(Self.kindPhrase(prompt.alert.kind)) from \(prompt.from.shortName)"
      shown.append(draw(prompt.alert, situation: situation, rule: prompt.id, span: span, resolved: resolved))
    }
    if rules.reportsAccuracy {
      for purposeKey in (resolved.first?.temporaryUsageDescriptions.keys.sorted() ?? []) {
        shown.append(
          draw(
            .p9, situation: "temporary full accuracy for “\(purposeKey)”", rule: .T1, span: span, resolved: resolved,
            purposeKey: purposeKey))
      }
    }
    shown.append(draw(.p10, situation: "a request while Location Services are off", rule: .P10, span: span, resolved: resolved))
    return shown
  }

  private func draw(
    _ template: AlertTemplate, situation: String, rule: RuleID, span: VersionSpan, resolved: [InfoPlist],
    purposeKey: String? = nil
  ) -> Shown {
    let version = span.first
    let rules = span.rules
    let alerts = zip(languages, resolved).map { language, info in
      let texts = SystemTexts(locale: language)
      let (precise, map) = template.accuracyControls(
        reportsAccuracy: rules.reportsAccuracy, defaultAccuracyReduced: info.defaultAccuracyReduced)
      let name = info.bundleDisplayName ?? info.bundleName ?? "App"
      let screen = AlertScreen(
        id: template.id.rawValue, number: 1, app: name, title: template.title(appName: name, in: texts, on: version),
        message: template.messageText(for: info, in: texts, on: version, purposeText: purposeKey.flatMap { info.temporaryUsageDescriptions[$0] }),
        buttons: template.buttonLabels(in: texts, on: version),
        preciseSwitch: precise.map { ScreenSwitch(label: texts.switchLabel("Precise", on: version), isOn: $0) },
        map: map?.rawValue, iosVersion: version.description, language: language)
      return PreviewAlert(screen: screen, notes: notes(template, language: language, purposeKey: purposeKey, texts: texts))
    }
    return Shown(situation: situation, rule: rule.rawValue, alerts: alerts)
  }

  /// What to tell the reviewer beside an alert: its message's key missing, or not translated into
  /// `language` (K5: the fallback text shows), and lint's findings on that key in that language.
  private func notes(_ template: AlertTemplate, language: String, purposeKey: String?, texts: SystemTexts) -> [PreviewAlert.Note] {
    let keys: [String]
    switch template.message {
    case .none: keys = []
    case .usageDescription(let key): keys = [key.rawValue]
    case .firstUsageDescription(let all): keys = all.map(\.rawValue)
    case .purposeText: keys = purposeKey.map { [$0] } ?? []
    }
    var notes: [PreviewAlert.Note] = []
    if let key = keys.first(where: { document.values[$0] != nil || purposeKey == $0 }) {
      let table = document.strings.table(for: language, developmentRegion: document.developmentRegion)
      let translated = table.map { Self.matches(language, $0.locale) && $0.entries[key] != nil } ?? false
      let isDevelopmentLanguage = document.developmentRegion.map { Self.matches(language, $0) } ?? false
      if !translated, !isDevelopmentLanguage {
        let shown = table.flatMap { $0.entries[key] != nil ? "the \($0.locale) text" : nil } ?? "the Info.plist’s text"
        notes.append(PreviewAlert.Note(severity: "warning", text: "no \(language) text for \(key): the alert shows \(shown) (K5)"))
      }
    } else if !keys.isEmpty {
      notes.append(
        PreviewAlert.Note(severity: "error", text: "the Info.plist has no \(keys.joined(separator: " or ")): the alert has no message (K1)"))
    }
    if !Self.matches(language, texts.language) {
      notes.append(PreviewAlert.Note(severity: "info", text: "the system texts have no \(language) table: they show in \(texts.language) (Z0)"))
    }
    for finding in findings where keys.contains(finding.key ?? "") && (finding.locale == nil || finding.locale == language) {
      notes.append(PreviewAlert.Note(severity: finding.severity.rawValue, text: "\(finding.message) (\(finding.rule), iOS \(finding.versions))"))
    }
    return notes
  }

  /// Whether a table in `table`'s language serves a device in `language` (`zh-Hans` serves `zh-Hans-CN`).
  static func matches(_ language: String, _ table: String) -> Bool {
    let device = LanguageMatch.normalized(language)
    let candidate = LanguageMatch.normalized(table)
    return device == candidate || device.hasPrefix(candidate + "-")
  }

  // MARK: - Words

  /// When a request's alert appears: `first request for When-In-Use`, `upgrade to Always from WIU`.
  static func situation(_ edge: RequestEdge) -> String {
    let wanted: String =
      switch edge.call {
      case .firstUseOfLocation: "first use of location"
      case .requestWhenInUseAuthorization: "request for When-In-Use"
      case .requestAlwaysAuthorization: "request for Always"
      }
    switch edge.origin {
    case .notDetermined: return edge.call == .firstUseOfLocation ? wanted : "first " + wanted
    case .whenInUseAlwaysUnused where edge.call == .requestAlwaysAuthorization: return "upgrade to Always from When-In-Use"
    default: return "\(wanted) from \(edge.origin)"
    }
  }

  private static func kindPhrase(_ kind: AlertKind) -> String {
    switch kind {
    case .alwaysUpgrade: "later prompt to upgrade to Always"
    case .backgroundReminder: "reminder of background use"
    default: kind.rawValue
    }
  }
}
