/// The system's own texts as a device shows them (BEHAVIOR.md §19): its language's table, with English
/// for what that table lacks.
///
/// - Z0: alert titles, system messages, buttons, the Precise switch and Settings labels appear in the
///   device's `locale`; the locale finds its table as InfoPlist.strings are found (``LanguageMatch``,
///   `zh-Hans-CN` → `zh-Hans`), and a locale without a table falls back to English.
/// - Z1: a table gives each text by version band (`zh-Hans` says 你 from 16.0, 您 before).
///
/// The model names a button or a Settings option by its English label (BEHAVIOR.md's name for it);
/// ``button(_:on:)`` and ``settingsLabel(_:on:)`` give the label shown, and ``buttonKey(for:among:on:)``
/// finds the English name again from a label as shown, in English, or in a documented alternative.
public struct SystemTexts: Sendable {
  /// The table the locale found: English when it found none (`nil` only if the package had no English table).
  public let table: SystemStringTable?

  /// The language shown: the table's (`en` when the locale found none).
  public var language: String { table?.language ?? SystemTexts.englishTable?.language ?? "en" }

  /// The texts for a device locale (Z0).
  public init(locale: String) {
    table = Self.table(for: locale)
  }

  /// English: the texts a device shows when its locale has no table.
  public static let english = SystemTexts(locale: "en")

  /// The table a device locale finds: the first language of its fallback chain that has one, else English.
  ///
  /// The chain is the locale and its shorter prefixes (``LanguageMatch/fallbackChain(for:developmentRegion:)``
  /// without a development region; its last entry, `Base`, has no table), matched as
  /// ``LanguageMatch/normalized(_:)`` spells them: a device is made for every case, so this is done
  /// without building the chain.
  public static func table(for locale: String) -> SystemStringTable? {
    var found: SystemStringTable?
    LanguageMatch.forEachPrefix(of: LanguageMatch.normalized(locale)) { candidate in
      found = tablesByLanguage[String(candidate)]
      return found == nil
    }
    return found ?? englishTable
  }

  /// The tables by their language as ``LanguageMatch/normalized(_:)`` spells it.
  private static let tablesByLanguage = Dictionary(
    SystemStringTable.all.map { (LanguageMatch.normalized($0.language), $0) }, uniquingKeysWith: { first, _ in first })

  /// The English table, the fallback for every language.
  static let englishTable = SystemStringTable.all.first { $0.language == "en" }

  /// The languages that have a table, sorted.
  public static var languages: [String] { SystemStringTable.all.map(\.language).sorted() }

  // MARK: - Lookups

  /// An alert's title with `%@` where the app's name goes (inside “ ”), on `version`.
  public func titleFormat(_ alert: RuleID, on version: OSVersion) -> String {
    lookup(.titles, alert.rawValue, on: version) ?? "\(alert.rawValue) “%@”"
  }

  /// An alert's title for an app on `version`, with `counts` in its number placeholders (P11 from 17):
  /// `%d` takes the next number, `%1$d` the first (a language may name them in another order).
  public func title(_ alert: RuleID, appName: String, counts: [Int], on version: OSVersion) -> String {
    var format = titleFormat(alert, on: version)
    guard !counts.isEmpty else { return Self.fill(format, appName: appName) }
    // The numbers go in before the name, so that a `%d` in an app's name stays as it is.
    for (index, count) in counts.enumerated() {
      format = format.replacingFirst("%\(index + 1)$d", with: String(count))
    }
    for count in counts {
      format = format.replacingFirst("%d", with: String(count))
    }
    return Self.fill(format, appName: appName)
  }

  /// An alert's title for an app on `version`.
  public func title(_ alert: RuleID, appName: String, on version: OSVersion) -> String {
    Self.fill(titleFormat(alert, on: version), appName: appName)
  }

  /// A title format with the app's name in place of `%@`.
  private static func fill(_ title: String, appName: String) -> String {
    let format = Array(title.utf8)
    // `%@` is ASCII, so the bytes around it are whole characters (a generic `firstRange(of:)` costs
    // several thousand instructions a title, paid twice by a case that answers one alert).
    guard let at = format.indices.dropLast().first(where: { format[$0] == UInt8(ascii: "%") && format[$0 + 1] == UInt8(ascii: "@") })
    else { return String(decoding: format, as: UTF8.self) }
    return String(decoding: format[..<at], as: UTF8.self) + appName + String(decoding: format[(at + 2)...], as: UTF8.self)
  }

  /// The system's own message of an alert (P12), or `nil` when the system gives none.
  public func message(_ alert: RuleID, on version: OSVersion) -> String? {
    lookup(.messages, alert.rawValue, on: version)
  }

  /// The label shown for a button the model names by its English label.
  public func button(_ english: String, on version: OSVersion) -> String {
    lookup(.buttons, english, on: version) ?? english
  }

  /// The label Settings shows for an option the model names by its English label.
  public func settingsLabel(_ english: String, on version: OSVersion) -> String {
    lookup(.settings, english, on: version) ?? english
  }

  /// The name shown for a switch: `Precise` on P7, `Precise Location` in Settings.
  public func switchLabel(_ english: String, on version: OSVersion) -> String {
    lookup(.switches, english, on: version) ?? english
  }

  /// The English name of the button `label` picks among `buttons` (English names), or `nil`.
  ///
  /// A label picks a button when it is the label shown, the English label, or a documented
  /// alternative wording (SCENARIO_API §5); straight and curly apostrophes match each other.
  public func buttonKey(for label: String, among buttons: [String], on version: OSVersion) -> String? {
    let wanted = Self.normalized(label)
    return buttons.first { key in
      Self.normalized(button(key, on: version)) == wanted || Self.normalized(key) == wanted
        || Self.normalized(Self.english.button(key, on: version)) == wanted
        || (table?.alternatives[key] ?? []).contains { Self.normalized($0) == wanted }
    }
  }

  /// The English name of the Settings option `label` picks among `options` (English names), or `nil`:
  /// the label shown or the English label.
  public func settingsKey(for label: String, among options: [String], on version: OSVersion) -> String? {
    let wanted = Self.normalized(label)
    return options.first { key in
      Self.normalized(settingsLabel(key, on: version)) == wanted || Self.normalized(key) == wanted
        || Self.normalized(Self.english.settingsLabel(key, on: version)) == wanted
    }
  }

  /// A label with straight apostrophes turned curly, so that `Don't Allow` finds `Don’t Allow`.
  public static func normalized(_ label: String) -> String {
    guard label.utf8.contains(UInt8(ascii: "'")) else { return label }  // most labels: nothing to turn
    return String(String.UnicodeScalarView(label.unicodeScalars.map { $0 == "'" ? "’" : $0 }))
  }

  /// A part of a table, read with a switch (a key path costs more than the lookup it leads to).
  private enum Section {
    case titles, messages, buttons, settings, switches

    func bands(_ key: String, in table: SystemStringTable) -> [SystemStringTable.Band]? {
      switch self {
      case .titles: table.titles[key]
      case .messages: table.messages[key]
      case .buttons: table.buttons[key]
      case .settings: table.settings[key]
      case .switches: table.switches[key]
      }
    }
  }

  private func lookup(_ section: Section, _ key: String, on version: OSVersion) -> String? {
    if let table, let text = SystemStringTable.text(in: section.bands(key, in: table), on: version) { return text }
    guard let english = Self.englishTable else { return nil }
    return SystemStringTable.text(in: section.bands(key, in: english), on: version)
  }
}

extension String {
  /// The string with its first occurrence of `target` replaced, or unchanged without one.
  func replacingFirst(_ target: String, with replacement: String) -> String {
    guard let range = firstRange(of: target) else { return self }
    var replaced = self
    replaced.replaceSubrange(range, with: replacement)
    return replaced
  }
}
