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
  /// A full app or an App Clip.
  let kind: AppKind
  /// What the app is checked for, in `LintIntent.allCases` order.
  let intents: [LintIntent]
  /// Whether `intents` came from the Info.plist's keys.
  /// The purpose keys the app's service sessions name (SS9).
  let sessionPurposeKeys: [String]
  let intentsInferred: Bool
  /// The usage descriptions the model counts as present (K1).
  let keys: Set<UsageDescriptionKey>
  /// The Info.plist as the model reads it, for the texts and typed values.
  let info: InfoPlist
  /// The languages the app must be translated into (`--locale`).
  let requiredLocales: [String]
  /// Keys iOS does not read that are typos of location keys, with the key meant.
  let misspellings: [(key: String, meant: String)]
  /// The name alert titles show for the app (K5), when the Info.plist gives one.
  let appName: String?

  // MARK: - Entry points

  /// Reads the Info.plist at `path` (a file, or a folder holding one, with its `.lproj` folders) and lints it.
  ///
  /// - Throws: ``PlistLoadError`` when a file does not parse; another error when the path cannot be read.
  public static func run(path: String, options: LintOptions = LintOptions()) throws -> LintReport {
    let input = try PlistInput(path: path)
    return lint(try input.load(), options: options, displayPath: input.shown)
  }

  /// Lints a document already loaded; `displayPath` turns its root-relative paths into the ones lines show.
  public static func lint(
    _ document: InfoPlistDocument, options: LintOptions = LintOptions(),
    displayPath: @escaping (String) -> String = { $0 }
  ) -> LintReport {
    let linter = Linter(document: document, options: options, displayPath: displayPath)
    return LintReport(
      path: linter.file, versions: linter.versionsLabel, versionsFrom: options.versions == nil ? minimumVersionKey(in: document) : nil,
      intents: linter.intents,
      intentsInferred: linter.intentsInferred, checks: linter.checks())
  }

  private init(document: InfoPlistDocument, options: LintOptions, displayPath: @escaping (String) -> String) {
    self.document = document
    self.displayPath = displayPath
    file = displayPath(document.path ?? "Info.plist")
    kind = options.appClip ? .appClip : document.appKind
    rangeSpans = VersionSpan.covering(options.versions ?? Self.defaultVersions(for: document))
    // A1: an App Clip runs only where App Clips exist.
    spans = kind == .appClip ? rangeSpans.filter(\.rules.appClips) : rangeSpans
    misspellings = Self.misspelledKeys(in: document.values)
    // A misspelled key says what the app meant to do as well as the key it was meant to be.
    var meant = document.values
    for typo in misspellings where meant[typo.meant] == nil { meant[typo.meant] = document.values[typo.key] }
    intentsInferred = options.intents.isEmpty
    intents = LintIntent.allCases.filter(
      intentsInferred ? Self.inferredIntents(from: meant).contains : options.intents.contains)
    info = document.resolve(locale: document.developmentRegion ?? "en").infoPlist
    appName = info.bundleDisplayName ?? info.bundleName
    keys = Set(info.usageDescriptions.keys)
    requiredLocales = options.locales
    sessionPurposeKeys = options.sessionPurposeKeys
  }

  /// The versions checked when `--ios` is not given: from the app's minimum (`MinimumOSVersion`, else
  /// `LSMinimumSystemVersion`) when it declares one the model covers, else from iOS 8.0; to the newest.
  static func defaultVersions(for document: InfoPlistDocument) -> ClosedRange<OSVersion> {
    let range = LintOptions.defaultVersions
    guard let key = minimumVersionKey(in: document), let text = document.values[key]?.stringValue,
      let minimum = try? OSVersion(parsing: text)
    else { return range }
    return min(max(minimum, range.lowerBound), range.upperBound)...range.upperBound
  }

  /// The key that declares the app's minimum version, when the Info.plist has one as a String.
  static func minimumVersionKey(in document: InfoPlistDocument) -> String? {
    ["MinimumOSVersion", "LSMinimumSystemVersion"].first { document.values[$0]?.stringValue != nil }
  }

  /// A title format with the app's name for `%@`, when the Info.plist names the app (K5).
  func titled(_ format: String) -> String {
    appName.map { format.replacingOccurrences(of: "%@", with: $0) } ?? format
  }

  /// The intentions the keys suggest: a usage description means the request it serves, and so on.
  static func inferredIntents(from values: [String: PlistValue]) -> Set<LintIntent> {
    func has(_ key: UsageDescriptionKey) -> Bool { values[key.rawValue] != nil }
    var intents = Set<LintIntent>()
    if has(.whenInUse) || has(.location) { intents.insert(.whenInUse) }
    if has(.always) || has(.alwaysAndWhenInUse) { intents.insert(.always) }
    let modes = values[InfoPlistKey.backgroundModes.rawValue]?.arrayValue ?? []
    if modes.contains(.string("location")) { intents.insert(.background) }
    if values[InfoPlistKey.temporaryUsageDescriptionDictionary.rawValue] != nil { intents.insert(.temporaryFullAccuracy) }
    // Locations in the background, or precise ones for a while, need a grant first: at least When-In-Use.
    if !intents.isDisjoint(with: [.background, .temporaryFullAccuracy]), !intents.contains(.always) {
      intents.insert(.whenInUse)
    }
    return intents
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
        versions: VersionSpan.label(spans[run.start...run.end]), file: run.draft.file, message: run.draft.message,
        fix: run.draft.fix)
    }
  }

  /// A check of `rule` on `subject`, with what `evaluate` finds across the spans.
  func check(
    _ rule: RuleID, _ subject: String, locale: String? = nil, _ evaluate: (RuleSet) -> [Draft]
  ) -> LintCheck {
    LintCheck(rule: rule, subject: subject, locale: locale, findings: walk(evaluate))
  }

  /// A draft about the Info.plist itself.
  func draft(
    _ severity: LintFinding.Severity, _ rule: RuleID, key: String?, _ message: String, fix: String? = nil
  ) -> Draft {
    Draft(severity: severity, rule: rule, key: key, locale: nil, file: file, message: message, fix: fix)
  }
}
