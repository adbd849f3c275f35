import PermissionModel
import PlistLoader

extension Linter {
  /// A text an alert shows from the Info.plist, with the rule that shows it and the versions where it matters.
  struct AlertText {
    var rule: RuleID
    var key: String
    var text: String
    var applies: (RuleSet) -> Bool
  }

  /// The texts alerts show from the Info.plist: the usage descriptions, the purpose texts and the app's name.
  func alertTexts() -> [AlertText] {
    var texts: [AlertText] = []
    for key in UsageDescriptionKey.allCases {
      if let text = document.values[key.rawValue]?.stringValue {
        texts.append(AlertText(rule: .K5, key: key.rawValue, text: text, applies: { Self.usedKeys($0).contains(key) }))
      }
    }
    for (purpose, text) in info.temporaryUsageDescriptions.sorted(by: { $0.key < $1.key }) {
      texts.append(
        AlertText(rule: .K4, key: purpose, text: text, applies: { $0.isAvailable(.requestTemporaryFullAccuracyAuthorization) }))
    }
    let names = [InfoPlistKey.bundleDisplayName, .bundleName].map(\.rawValue)
    if let name = names.first(where: { document.values[$0]?.stringValue != nil }),
      let text = document.values[name]?.stringValue
    {
      texts.append(AlertText(rule: .K5, key: name, text: text, applies: { _ in true }))
    }
    return texts
  }

  // K5: build settings such as $(PRODUCT_NAME) or ${PRODUCT_NAME} are expanded by an Xcode build, never by
  // permsim; a language whose strings replace the text shows the translation instead.
  func placeholderChecks() -> [LintCheck] {
    alertTexts().map { text in
      check(text.rule, text.key) { rules in
        guard text.applies(rules), let setting = BuildSetting.first(in: text.text) else { return [] }
        let shown = languagesShowingInfoPlistText(of: text.key)
        guard !shown.isEmpty else { return [] }
        let fix =
          text.key == InfoPlistKey.bundleName.rawValue
          ? "set CFBundleDisplayName to the name users see" : "write the text out"
        return [
          draft(
            .warning, text.rule, key: text.key,
            "\(text.key) contains the build setting \(setting), which only an Xcode build expands: scenarios show it as written in \(shown.joined(separator: ", "))",
            fix: fix)
        ]
      }
    }
  }

  /// The languages the app ships that show `key`'s Info.plist text rather than a translation (K5): each
  /// localization without the key, and the development language (or `Base`) when none of its tables has it,
  /// as every language without a localization falls back to it.
  func languagesShowingInfoPlistText(of key: String) -> [String] {
    var byLanguage: [String: (name: String, translates: Bool)] = [:]
    for table in document.strings.tables where table.origin != .inline {
      let language = LanguageMatch.normalized(table.locale)
      let translates = (byLanguage[language]?.translates ?? false) || table.entries[key] != nil
      byLanguage[language] = (byLanguage[language]?.name ?? table.locale, translates)
    }
    var shown = byLanguage.values.filter { !$0.translates }.map(\.name)
    let region = document.developmentRegion ?? "the development language"
    let fallback = [document.developmentRegion.map(LanguageMatch.normalized), "base"].compactMap { $0 }
    if !fallback.contains(where: { byLanguage[$0] != nil }) { shown.append(region) }
    return Array(Set(shown)).sorted()
  }
}
