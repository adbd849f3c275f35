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

  /// The languages tried for a device locale, in order.
  ///
  /// The locale itself, then each shorter prefix of it (`zh-Hans-CN` → `zh-Hans` → `zh`), as iOS matches a
  /// regional variant to its language; the chain never crosses scripts (`zh-Hant` never reaches `zh-Hans`).
  /// Then the app's development region (`CFBundleDevelopmentRegion`), the localization iOS uses when the
  /// app has none of the device's languages, and its prefixes; then `Base`. After the chain comes the
  /// Info.plist value itself (K5). Matching ignores case and treats `_` as `-` (`pt_BR.lproj`).
  public static func fallbackChain(for locale: String, developmentRegion: String? = nil) -> [String] {
    var chain: [String] = []
    for language in [locale, developmentRegion, "Base"].compactMap({ $0 }) {
      forEachPrefix(of: String(language.map { $0 == "_" ? "-" : $0 })) { candidate in
        let spelling = String(candidate)
        if !chain.contains(where: { normalized($0) == normalized(spelling) }) { chain.append(spelling) }
        return true
      }
    }
    return chain
  }

  // MARK: - Locale names

  /// Calls `body` with `language` and each shorter `-`-separated prefix of it until `body` returns false.
  private static func forEachPrefix(of language: String, _ body: (Substring) -> Bool) {
    var candidate = Substring(language)
    while !candidate.isEmpty, body(candidate) {
      guard let dash = candidate.lastIndex(of: "-") else { return }
      candidate = candidate[..<dash]
    }
  }

  /// The key a language is matched by: ASCII-lowercased, with `_` as `-`.
  private static func normalized(_ locale: String) -> String {
    String(unsafeUninitializedCapacity: locale.utf8.count) { buffer in
      for (index, byte) in locale.utf8.enumerated() {
        buffer[index] =
          switch byte {
          case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte + 0x20
          case UInt8(ascii: "_"): UInt8(ascii: "-")
          default: byte
          }
      }
      return locale.utf8.count
    }
  }
}
