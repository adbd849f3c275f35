import PermissionModel

/// Every localized Info.plist strings table of an app, and the lookup that picks one table for a device locale.
///
/// Like CFBundle, the lookup picks **one table** — the first language of the fallback chain that has any —
/// and looks keys up only in it; a key missing from that table falls back to the Info.plist value (K5),
/// not to another language. Tables of the same language from several origins merge key by key, inline
/// strings first, then `.lproj` files, then the String Catalog.
public struct LocalizedStrings: Sendable, Hashable {
  /// The tables as given, sorted by origin and locale.
  public private(set) var tables: [StringsTable]
  private var merged: [String: Merged]

  /// One language's entries after merging every origin.
  private struct Merged: Sendable, Hashable {
    var locale: String
    var entries: [String: String]
  }

  /// Creates the lookup over `tables`.
  public init(_ tables: [StringsTable] = []) {
    self.tables = tables.sorted { ($0.origin, $0.locale) < ($1.origin, $1.locale) }
    merged = [:]
    for table in self.tables.reversed() {
      let key = Self.normalized(table.locale)
      if merged[key] == nil {
        merged[key] = Merged(locale: table.locale, entries: table.entries)
      } else {
        merged[key]?.locale = table.locale
        merged[key]?.entries.merge(table.entries) { _, later in later }
      }
    }
  }

  /// Creates the lookup over the inline `strings` of `phone:install`: language → key → text.
  public init(inline strings: [String: [String: String]]) {
    self = LocalizedStrings().replacingInline(with: strings)
  }

  /// These tables with the inline `strings` of `phone:install` in place of any inline ones before; they win over files.
  public func replacingInline(with strings: [String: [String: String]]) -> LocalizedStrings {
    LocalizedStrings(
      tables.filter { $0.origin != .inline }
        + strings.map { StringsTable(locale: $0.key, origin: .inline, entries: $0.value) })
  }

  /// The languages that have a table, as spelled by the winning origin, sorted.
  public var locales: [String] { merged.values.map(\.locale).sorted() }

  // MARK: - Lookup

  /// The table the device shows for `locale`: the first of ``fallbackChain(for:developmentRegion:)`` that exists.
  ///
  /// - Returns: The language chosen and its merged entries, or nil when no language of the chain has a table.
  public func table(
    for locale: String, developmentRegion: String? = nil
  ) -> (locale: String, entries: [String: String])? {
    guard !merged.isEmpty else { return nil }
    var found: Merged?
    let languages = developmentRegion.map { [locale, $0, "Base"] } ?? [locale, "Base"]
    for language in languages where found == nil {
      Self.forEachPrefix(of: Self.normalized(language)) { candidate in
        found = merged[String(candidate)]
        return found == nil
      }
    }
    return found.map { ($0.locale, $0.entries) }
  }

  /// The languages tried for a device locale, in order: ``LanguageMatch/fallbackChain(for:developmentRegion:)``,
  /// the one matcher the app's strings (K5) and the system's own texts (Z0) share.
  public static func fallbackChain(for locale: String, developmentRegion: String? = nil) -> [String] {
    LanguageMatch.fallbackChain(for: locale, developmentRegion: developmentRegion)
  }

  // MARK: - Locale names

  private static func forEachPrefix(of language: String, _ body: (Substring) -> Bool) {
    LanguageMatch.forEachPrefix(of: language, body)
  }

  private static func normalized(_ locale: String) -> String { LanguageMatch.normalized(locale) }
}
