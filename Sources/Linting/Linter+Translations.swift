import PermissionModel
import PlistLoader

extension Linter {
  // MARK: - Translations

  // K4, K5: each localization should translate every text an alert shows; one that `--locale` requires must.
  // A key misspelled in a strings file is reported as the typo, not as a missing translation; a key only
  // a strings file has translates nothing, as iOS reads usage descriptions from the Info.plist.
  func translationChecks() -> [LintCheck] {
    var checks = stringsKeyChecks()
    let texts = alertTexts().filter { !$0.key.hasPrefix("CFBundle") }
    guard !texts.isEmpty else { return checks }
    let languages = localizations()
    let required = requiredLocalizations(among: languages)
    checks += required.missing.map(missingLocalizationCheck)
    for language in languages {
      let severity: LintFinding.Severity = required.found.contains(Self.normalized(language.locale)) ? .error : .warning
      let misspelled = Set(Self.misspelledKeys(in: language.entries.mapValues(PlistValue.string)).map(\.meant))
      for text in texts where !misspelled.contains(text.key) {
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
            guard let setting = BuildSetting.first(in: translation) else { return [] }
            return [
              Draft(
                severity: .warning, rule: text.rule, key: text.key, locale: language.locale, file: language.file,
                message: "the \(locale) text of \(text.key) contains the build setting \(setting), which strings files never expand",
                fix: "write the text out", line: language.lines[text.key])
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

  /// One language's strings, merged across origins (strings file before catalog).
  struct Localization {
    var locale: String
    var file: String
    var isCatalog: Bool
    var entries: [String: String]
    /// The line of each key in the strings file, for the entries it gives.
    var lines: [String: Int]
  }

  /// Every language's strings; the development language's only when `includingDevelopment`, as its
  /// texts are the Info.plist's own for the translation checks.
  func localizations(includingDevelopment: Bool = false) -> [Localization] {
    var byLocale: [String: Localization] = [:]
    var order: [String] = []
    for table in document.strings.tables where includingDevelopment || !isDevelopmentLanguage(table.locale) {
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
        entries: table.entries, lines: table.keyLines)
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

  // K1, K5: keys of a strings file that translate nothing: typos of a location key, and usage descriptions
  // the Info.plist lacks. Every language's file, the development language's included.
  func stringsKeyChecks() -> [LintCheck] {
    let mistaken = Set(keyMistakes.map(\.meant))
    var checks: [LintCheck] = []
    for language in localizations(includingDevelopment: true) {
      let locale = language.locale
      for typo in Self.misspelledKeys(in: language.entries.mapValues(PlistValue.string)) {
        checks.append(
          check(.K1, typo.key, locale: locale) { _ in
            [
              Draft(
                severity: .warning, rule: .K1, key: typo.key, locale: locale, file: language.file,
                message:
                  "\(typo.key) is not a key iOS reads (did you mean \(typo.meant)?): \(locale) devices show the Info.plist text of \(typo.meant)",
                fix: "rename \"\(typo.key)\" to \"\(typo.meant)\"", line: language.lines[typo.key])
            ]
          })
      }
      let orphans = UsageDescriptionKey.allCases.map(\.rawValue).filter {
        language.entries[$0] != nil && document.values[$0] == nil && !mistaken.contains($0)
      }
      for key in orphans {
        checks.append(
          check(.K5, key, locale: locale) { _ in
            [
              Draft(
                severity: .warning, rule: .K5, key: key, locale: locale, file: language.file,
                message:
                  "\(key) is translated into \(locale) but the Info.plist has no \(key): iOS reads a usage description from the Info.plist, so the translation has nothing to translate",
                fix: "add \(key) to the Info.plist, or delete it from \(language.isCatalog ? "the catalog" : "this file")",
                line: language.lines[key])
            ]
          })
      }
    }
    return checks
  }

  /// The Info.plist's folder relative to the root, with a trailing slash (empty at the root).
  var parentFolder: String {
    guard let path = document.path, let slash = path.lastIndex(of: "/") else { return "" }
    return String(path[...slash])
  }

  private static func normalized(_ locale: String) -> String {
    String(locale.lowercased().map { $0 == "_" ? "-" : $0 })
  }
}
