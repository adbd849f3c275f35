import PlistLoader
import Testing

@Suite("Locale fallback and precedence of localized strings")
struct LocalizedStringsTests {
  @Test("the fallback chain", arguments: [
    ("zh-Hans-CN", nil, ["zh-Hans-CN", "zh-Hans", "zh", "Base"]),
    ("zh-Hant-TW", nil, ["zh-Hant-TW", "zh-Hant", "zh", "Base"]),
    ("pt_BR", "en", ["pt-BR", "pt", "en", "Base"]),
    ("en-GB", "en", ["en-GB", "en", "Base"]),
    ("fr", "en-US", ["fr", "en-US", "en", "Base"]),
    ("Base", nil, ["Base"]),
  ] as [(String, String?, [String])])
  func chain(locale: String, developmentRegion: String?, expected: [String]) {
    #expect(LocalizedStrings.fallbackChain(for: locale, developmentRegion: developmentRegion) == expected)
  }

  static let strings = LocalizedStrings([
    file("zh-Hans", ["A": "简"]),
    file("zh", ["A": "中", "B": "乙"]),
    file("en", ["A": "en"]),
    file("Base", ["A": "base"]),
    file("pt_BR", ["A": "pt"]),
  ])

  static func file(_ locale: String, _ entries: [String: String]) -> StringsTable {
    StringsTable(locale: locale, origin: .stringsFile(path: "\(locale).lproj/InfoPlist.strings"), entries: entries)
  }

  @Test("the first language of the chain with a table is chosen", arguments: [
    ("zh-Hans-CN", nil, "zh-Hans"),
    ("zh-Hant-TW", nil, "zh"),
    ("zh-hans", nil, "zh-Hans"),
    ("pt-BR", nil, "pt_BR"),
    ("fr", "en", "en"),
    ("fr", nil, "Base"),
  ] as [(String, String?, String)])
  func chosenTable(locale: String, developmentRegion: String?, expected: String) {
    #expect(Self.strings.table(for: locale, developmentRegion: developmentRegion)?.locale == expected)
  }

  @Test("K5: a key missing from the chosen table is not looked up in the next language")
  func oneTablePerLocale() throws {
    let table = try #require(Self.strings.table(for: "zh-Hans-CN"))
    #expect(table.entries["A"] == "简")
    #expect(table.entries["B"] == nil)  // zh.lproj has it, but zh-Hans.lproj was chosen
  }

  @Test("no table matches when the chain meets none")
  func noTable() {
    let strings = LocalizedStrings([StringsTable(locale: "de", origin: .inline, entries: ["A": "de"])])
    #expect(strings.table(for: "fr") == nil)
    #expect(LocalizedStrings().table(for: "en") == nil)
  }

  @Test("inline strings win over a strings file, which wins over the catalog, key by key")
  func precedence() throws {
    let files = LocalizedStrings([
      StringsTable(
        locale: "de", origin: .stringCatalog(path: "InfoPlist.xcstrings"),
        entries: ["A": "catalog", "B": "catalog", "C": "catalog"]),
      Self.file("de", ["A": "file", "B": "file"]),
    ])
    let strings = files.replacingInline(with: ["de": ["A": "inline"]])
    let table = try #require(strings.table(for: "de"))
    #expect(table.entries == ["A": "inline", "B": "file", "C": "catalog"])
    #expect(strings.locales == ["de"])
  }

  @Test("replacing the inline strings drops the earlier inline ones")
  func replacingInline() throws {
    let strings = LocalizedStrings(inline: ["fr": ["A": "un"]]).replacingInline(with: ["it": ["A": "uno"]])
    #expect(strings.locales == ["it"])
    #expect(strings.tables.map(\.origin) == [.inline])
  }
}
