import PermissionModel
import PlistLoader

/// The engine of `permsim lint`: a static diagnosis of an Info.plist across iOS versions.
///
/// Every check walks the rule layers in the range (``VersionSpan``), asks the same rule sets the model
/// runs what happens on each span, and merges what neighbouring spans say alike into one finding with a
/// version range. The checks depend on what the app means to do (``LintIntent``): given, or inferred
/// from the keys the Info.plist has.
public struct Linter {
  /// The Info.plist and its localizations.
  let document: InfoPlistDocument
  /// The Info.plist as lines show it.
  let file: String
  /// A path relative to the gate's root, as lines show it.
  let displayPath: (String) -> String
  /// The spans checked: the whole range, or for an App Clip the part that has App Clips (A1).
  let spans: [VersionSpan]
  /// The spans of the whole range, App Clip or not, for what is said about the range itself.
  let rangeSpans: [VersionSpan]
  /// Where the range's first version came from.
  let rangeSource: LintRangeSource
  /// A full app or an App Clip.
  let kind: AppKind
  /// What the app is checked for, in `LintIntent.allCases` order.
  let intents: [LintIntent]
  /// Whether `intents` came from the Info.plist's keys.
  let intentsInferred: Bool
  /// For intentions inferred from the keys, the key each was inferred from.
  let inferredFrom: [LintIntent: String]
  /// The purpose keys the app's service sessions name (SS9).
  let sessionPurposeKeys: [String]
  /// The usage descriptions the model counts as present (K1).
  let keys: Set<UsageDescriptionKey>
  /// The Info.plist as the model reads it, for the texts and typed values.
  let info: InfoPlist
  /// The languages the app must be translated into (`--locale`).
  let requiredLocales: [String]
  /// Keys iOS does not read that stand for location keys: typos, and the names Xcode's editor shows.
  let keyMistakes: [KeyMistake]
  /// The name alert titles show for the app (K5), when the Info.plist gives one.
  let appName: String?

  // MARK: - Entry points

  /// Reads the Info.plist at `path` (a file, or a folder holding one, with its `.lproj` folders) and lints
  /// it, with the deployment target of the Xcode project around it when `options` has none.
  ///
  /// - Throws: ``PlistLoadError`` when a file does not parse; another error when the path cannot be read.
  public static func run(path: String, options: LintOptions = LintOptions()) throws -> LintReport {
    let input = try PlistInput(path: path)
    var options = options
    if options.deploymentTarget == nil { options.deploymentTarget = input.deploymentTarget() }
    return lint(try input.load(), options: options, displayPath: input.shown)
  }

  /// Lints a document already loaded; `displayPath` turns its root-relative paths into the ones lines show.
  public static func lint(
    _ document: InfoPlistDocument, options: LintOptions = LintOptions(),
    displayPath: @escaping (String) -> String = { $0 }
  ) -> LintReport {
    let linter = Linter(document: document, options: options, displayPath: displayPath)
    return LintReport(
      path: linter.file, versions: linter.versionsLabel, rangeSource: linter.rangeSource, intents: linter.intents,
      intentsInferred: linter.intentsInferred, checks: linter.checks())
  }

  private init(document: InfoPlistDocument, options: LintOptions, displayPath: @escaping (String) -> String) {
    self.document = document
    self.displayPath = displayPath
    file = displayPath(document.path ?? "Info.plist")
    kind = options.appClip ? .appClip : document.appKind
    let (range, source) = Self.versions(for: document, options: options)
    rangeSource = source
    // K1b, R1b: the rules of an app linked against --sdk's SDK.
    rangeSpans = VersionSpan.covering(range, linkedSDK: options.sdk)
    // A1: an App Clip runs only where App Clips exist.
    spans = kind == .appClip ? rangeSpans.filter(\.rules.appClips) : rangeSpans
    keyMistakes = Self.keyMistakes(in: document.values)
    // A misspelled key says what the app meant to do as well as the key it was meant to be.
    var meant = document.values
    for mistake in keyMistakes where meant[mistake.meant] == nil { meant[mistake.meant] = document.values[mistake.key] }
    intentsInferred = options.intents.isEmpty
    // An intention inferred from a key meant by a typo was inferred from the typo.
    let mistakes = keyMistakes
    let inferred = (intentsInferred ? Self.inferredIntents(from: meant) : [:]).mapValues { key in
      mistakes.first { $0.meant == key && document.values[key] == nil }?.key ?? key
    }
    inferredFrom = inferred
    intents = LintIntent.allCases.filter(intentsInferred ? { inferred[$0] != nil } : options.intents.contains)
    info = document.resolve(locale: document.developmentRegion ?? "en").infoPlist
    appName = info.bundleDisplayName ?? info.bundleName
    keys = Set(info.usageDescriptions.keys)
    requiredLocales = options.locales
    sessionPurposeKeys = options.sessionPurposeKeys
  }

  /// The versions checked and where their start came from: `--ios`; else from the app's minimum
  /// (`MinimumOSVersion`, else `LSMinimumSystemVersion`) when it declares one the model covers; else from
  /// the Xcode project's deployment target; else from ``LintOptions/assumedDeploymentTarget``; to the newest.
  static func versions(
    for document: InfoPlistDocument, options: LintOptions
  ) -> (ClosedRange<OSVersion>, LintRangeSource) {
    if let given = options.versions { return (given, .given) }
    let newest = LintOptions.defaultVersions.upperBound
    func from(_ first: OSVersion) -> ClosedRange<OSVersion> {
      min(max(first, OSVersion(8)), newest)...newest
    }
    if let key = minimumVersionKey(in: document), let text = document.values[key]?.stringValue,
      let minimum = try? OSVersion(parsing: text)
    {
      return (from(minimum), .infoPlistKey(key))
    }
    if let target = options.deploymentTarget { return (from(target.version), .xcodeProject(target.project)) }
    return (LintOptions.defaultVersions, .assumed)
  }

  /// The key that declares the app's minimum version, when the Info.plist has one as a String.
  static func minimumVersionKey(in document: InfoPlistDocument) -> String? {
    ["MinimumOSVersion", "LSMinimumSystemVersion"].first { document.values[$0]?.stringValue != nil }
  }

  /// A title format with the app's name for `%@`, when the Info.plist names the app (K5).
  func titled(_ format: String) -> String {
    appName.map { format.replacingOccurrences(of: "%@", with: $0) } ?? format
  }

  /// The intentions the keys suggest, each with the key it was inferred from: a usage description means
  /// the request it serves, and so on. `NSLocationUsageDescription`, the iOS 6–7 key, suggests none (R1b).
  static func inferredIntents(from values: [String: PlistValue]) -> [LintIntent: String] {
    func has(_ key: UsageDescriptionKey) -> Bool { values[key.rawValue] != nil }
    var intents: [LintIntent: String] = [:]
    if has(.whenInUse) { intents[.whenInUse] = UsageDescriptionKey.whenInUse.rawValue }
    if let always = [UsageDescriptionKey.alwaysAndWhenInUse, .always].first(where: has) { intents[.always] = always.rawValue }
    let modes = values[InfoPlistKey.backgroundModes.rawValue]?.arrayValue ?? []
    if modes.contains(.string("location")) { intents[.background] = InfoPlistKey.backgroundModes.rawValue }
    let purposes = InfoPlistKey.temporaryUsageDescriptionDictionary.rawValue
    if values[purposes] != nil { intents[.temporaryFullAccuracy] = purposes }
    // Locations in the background, or precise ones for a while, need a grant first: at least When-In-Use.
    if intents[.always] == nil, intents[.whenInUse] == nil,
      let reason = intents[.background] ?? intents[.temporaryFullAccuracy]
    {
      intents[.whenInUse] = reason
    }
    return intents
  }

  /// How sure a finding about what the app does can be: an error when `--intends` says the app does it,
  /// a warning when the intention was only inferred from a key the app may carry without using it.
  func severity(for intent: LintIntent) -> LintFinding.Severity {
    inferredFrom[intent] == nil ? .error : .warning
  }

  /// What a warning about an inferred intention adds: which key suggested it, and how to make it sure.
  func inference(_ intent: LintIntent) -> String {
    guard let key = inferredFrom[intent] else { return "" }
    return " (inferred from \(key): if the app does this, say --intends \(intent))"
  }

  /// The versions checked, as the summary shows them.
  var versionsLabel: String {
    spans.isEmpty ? VersionSpan.label(rangeSpans[...]) : VersionSpan.label(spans[...])
  }

  // MARK: - Walking the layers

  /// What one check says on one span, before the versions it holds on are known.
  struct Draft: Hashable {
    var severity: LintFinding.Severity
    var rule: RuleID
    var key: String?
    var locale: String?
    var file: String
    var message: String
    var fix: String?
    var line: Int?
  }

  /// Asks `evaluate` about every span and merges what adjacent spans say alike into findings with version ranges.
  func walk(_ evaluate: (RuleSet) -> [Draft]) -> [LintFinding] {
    var runs: [(draft: Draft, start: Int, end: Int)] = []
    var latest: [Draft: Int] = [:]
    for (index, span) in spans.enumerated() {
      for draft in evaluate(span.rules) {
        if let run = latest[draft], runs[run].end == index - 1 {
          runs[run].end = index
        } else {
          latest[draft] = runs.count
          runs.append((draft, index, index))
        }
      }
    }
    return runs.map { run in
      LintFinding(
        severity: run.draft.severity, rule: run.draft.rule, key: run.draft.key, locale: run.draft.locale,
        versions: VersionSpan.label(spans[run.start...run.end]), file: run.draft.file, line: run.draft.line,
        message: run.draft.message, fix: run.draft.fix)
    }
  }

  /// A check of `rule` on `subject`, with what `evaluate` finds across the spans.
  func check(
    _ rule: RuleID, _ subject: String, locale: String? = nil, _ evaluate: (RuleSet) -> [Draft]
  ) -> LintCheck {
    LintCheck(rule: rule, subject: subject, locale: locale, findings: walk(evaluate))
  }

  /// A draft about the Info.plist itself, at the line of `key` when the file holds it.
  func draft(
    _ severity: LintFinding.Severity, _ rule: RuleID, key: String?, _ message: String, fix: String? = nil
  ) -> Draft {
    Draft(
      severity: severity, rule: rule, key: key, locale: nil, file: file, message: message, fix: fix,
      line: key.flatMap(line(of:)))
  }

  /// The line of the Info.plist that holds `key`, or the key an element or entry belongs to
  /// (`UIBackgroundModes[1]`, `NSLocationTemporaryUsageDescriptionDictionary.WantsToNavigate`).
  func line(of key: String) -> Int? {
    document.keyLines[key] ?? key.firstIndex(where: { $0 == "[" || $0 == "." }).flatMap { document.keyLines[String(key[..<$0])] }
  }
}
