/// How a device locale finds a localized table: iOS's matching of a regional variant to its language.
///
/// One matcher for both kinds of tables: the app's InfoPlist.strings (K5, `PlistLoader.LocalizedStrings`)
/// and the system's own texts (Z0, ``SystemTexts``).
public enum LanguageMatch {
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

  /// Calls `body` with `language` and each shorter `-`-separated prefix of it until `body` returns false.
  public static func forEachPrefix(of language: String, _ body: (Substring) -> Bool) {
    var candidate = Substring(language)
    while !candidate.isEmpty, body(candidate) {
      guard let dash = candidate.lastIndex(of: "-") else { return }
      candidate = candidate[..<dash]
    }
  }

  /// The key a language is matched by: ASCII-lowercased, with `_` as `-`.
  public static func normalized(_ locale: String) -> String {
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
