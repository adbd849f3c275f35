import Testing
@testable import PermissionModel

/// One entry of a table: `section.key.since`, the form a table's `assumed` list uses.
private struct EntryPath: Hashable, CustomStringConvertible {
  let section: String
  let key: String
  let since: OSVersion

  var description: String {
    "\(section).\(key).\(since.patch == 0 && since.minor == 0 ? "\(since.major)" : since.description)"
  }
}

/// Every entry of a table, as paths.
private func entries(of table: SystemStringTable) -> Set<EntryPath> {
  let sections: [(String, [String: [SystemStringTable.Band]])] = [
    ("titles", table.titles), ("messages", table.messages), ("buttons", table.buttons),
    ("settings", table.settings), ("switches", table.switches),
  ]
  var paths = Set<EntryPath>()
  for (name, section) in sections {
    for (key, bands) in section {
      for band in bands { paths.insert(EntryPath(section: name, key: key, since: band.since)) }
    }
  }
  return paths
}

/// The band of an entry that applies on `version`.
private func band(_ bands: [SystemStringTable.Band]?, on version: OSVersion) -> SystemStringTable.Band? {
  guard let bands, let first = bands.first else { return nil }
  return bands.last { $0.since <= version } ?? first
}

private func zhHans() throws -> SystemStringTable {
  try #require(SystemStringTable.all.first { $0.language == "zh-Hans" })
}

private func chineseScene(ios: String, plist: InfoPlist = Plists.full) throws -> Scene {
  try Scene(ios: ios, plist: plist, device: DeviceOptions(locale: "zh-Hans"))
}

@Suite("The system's own texts in the device's language (Z0, Z1)")
struct SystemTextsTests {
  // MARK: - The data files

  @Test("every table in SystemStrings/ decodes and is named after its language")
  func tablesDecode() throws {
    #expect(SystemStringTable.all.count == SystemStringTable.files.count)
    for (file, table) in zip(SystemStringTable.files, SystemStringTable.all) {
      #expect(file == table.language + ".json")
      #expect(!table.note.isEmpty, "\(file) says nothing about its sources")
      let paths = Set(entries(of: table).map(\.description))
      for assumed in table.assumed { #expect(paths.contains(assumed), "\(file): assumed \(assumed) is not an entry") }
    }
    #expect(SystemTexts.languages.contains("en") && SystemTexts.languages.contains("zh-Hans"))
  }

  @Test("English and zh-Hans are complete: the same entries, every alert and Settings label of SYSTEM_STRINGS.md")
  func completeTables() throws {
    let english = try #require(SystemStringTable.all.first { $0.language == "en" })
    let chinese = try zhHans()
    #expect(english.verified && chinese.verified)
    #expect(Set(english.titles.keys) == Set((1...14).map { "P\($0)" }))
    #expect(Set(chinese.titles.keys) == Set(english.titles.keys))
    #expect(Set(chinese.messages.keys) == Set(english.messages.keys))
    #expect(Set(chinese.buttons.keys) == Set(english.buttons.keys))
    #expect(Set(chinese.settings.keys) == Set(english.settings.keys))
    #expect(Set(chinese.switches.keys) == Set(english.switches.keys))
    // Buttons and options are keyed by the English label the model names them with.
    for (key, bands) in english.buttons { #expect(bands.map(\.text) == [key]) }
    for (key, bands) in english.settings { #expect(bands.map(\.text) == [key]) }
    for template in AlertTemplate.all {
      for button in template.buttons { #expect(english.buttons[button] != nil, "\(template.id): \(button)") }
    }
    for layer in RuleLayer.all {
      for rule in layer.requests {
        for choice in rule.choices { #expect(english.buttons[choice.button] != nil, "\(rule): \(choice.button)") }
      }
    }
  }

  // MARK: - Table-driven: the zh-Hans file against the alerts the model raises

  /// Entries of the zh-Hans table for what the model does not raise yet: the location button's P12 and
  /// the widgets' P13 and S4 (BEHAVIOR.md §13, §14). The App Clip prompt P14 (A3) is raised and checked below.
  static let awaitingTheModel: Set<String> = [
    "titles.P12.15", "titles.P12.16", "messages.P12.15", "messages.P12.16", "titles.P13.14", "titles.P13.16",
    "settings.While Using the App or Widgets.14",
  ]

  @Test("every zh-Hans text appears where the model shows it: titles, buttons, Settings labels, switches")
  func everyChineseStringIsShown() throws {
    let table = try zhHans()
    var shown = Set<EntryPath>()

    // P1–P11 (AlertTests.cases say how to raise each), on the case's version and on every later band start.
    for row in AlertTests.cases {
      let caseVersion = try OSVersion(parsing: row.ios)
      let later = (table.titles[row.id.rawValue] ?? []).map(\.since).filter { $0 > caseVersion }
      for version in [caseVersion] + later {
        let scene = try chineseScene(ios: "\(version)", plist: row.plist)
        try row.raise(scene)
        let alert = try #require(scene.prompt, "\(row.id) on \(version)")
        #expect(alert.rule == row.id)
        let title = try #require(band(table.titles[row.id.rawValue], on: version), "no zh-Hans title for \(row.id)")
        // P11 from 17 (raised by raiseReminder): 3 background uses over 3 days, in either placeholder form.
        let counted = ["%1$d", "%2$d", "%d", "%d"].reduce(title.text) { $0.replacingFirst($1, with: "3") }
        #expect(alert.title == counted.replacingFirst("%@", with: "Maps"), "\(row.id) on iOS \(version)")
        shown.insert(EntryPath(section: "titles", key: row.id.rawValue, since: title.since))
        // P7 has two templates: the 13.x order before 14.0, Allow Once first from 14.0.
        let template = try #require(
          row.id == .P7 ? (version < OSVersion(14) ? AlertTemplate.p7iOS13 : .p7) : AlertTemplate.all.first { $0.id == row.id })
        var expected: [String] = []
        for button in template.buttons {
          let label = try #require(band(table.buttons[button], on: version), "no zh-Hans label for \(button)")
          expected.append(label.text)
          shown.insert(EntryPath(section: "buttons", key: button, since: label.since))
        }
        #expect(alert.buttons == expected, "\(row.id) on iOS \(version)")
        #expect(Set(alert.buttons).count == alert.buttons.count, "two buttons read the same")
        #expect(alert.message == row.message)  // K5: the model's plists carry no zh-Hans strings
        if alert.precise != nil {
          let precise = try #require(band(table.switches["Precise"], on: version))
          #expect(scene.phone.transcript.last?.hasSuffix(", \(precise.text) on, map precise") == true)
          shown.insert(EntryPath(section: "switches", key: "Precise", since: precise.since))
        }
      }
    }

    // P14 (A3): an App Clip's first prompt, on 14.0 and on every later band start of its title.
    let p14Versions = [OSVersion(14)] + (table.titles["P14"] ?? []).map(\.since).filter { $0 > OSVersion(14) }
    for version in p14Versions {
      let scene = try Scene(
        ios: "\(version)", options: AppOptions(kind: .appClip), device: DeviceOptions(locale: "zh-Hans"))
      try scene.manager.requestWhenInUseAuthorization()
      let alert = try #require(scene.prompt, "P14 on \(version)")
      #expect(alert.rule == .P14)
      let title = try #require(band(table.titles["P14"], on: version), "no zh-Hans title for P14")
      #expect(alert.title == title.text.replacingFirst("%@", with: "Maps"), "P14 on iOS \(version)")
      shown.insert(EntryPath(section: "titles", key: "P14", since: title.since))
      var expected: [String] = []
      for button in AlertTemplate.p14.buttons {
        let label = try #require(band(table.buttons[button], on: version), "no zh-Hans label for \(button)")
        expected.append(label.text)
        shown.insert(EntryPath(section: "buttons", key: button, since: label.since))
      }
      #expect(alert.buttons == expected, "P14 on iOS \(version)")
    }

    // S1, S2 and the Precise Location switch: every Settings band start, and a version in each layer.
    let layerVersions = try Versions.layers.map { try OSVersion(parsing: $0) }
    let settingsVersions = Set(table.settings.values.flatMap { $0.map(\.since) } + layerVersions)
    for version in settingsVersions.sorted() where version >= OSVersion.oldestSupported {
      let scene = try chineseScene(ios: "\(version)")
      let rules = scene.phone.rules
      let options = rules.settingsOptions(keys: Set(UsageDescriptionKey.allCases))
      var expected: [String] = []
      for option in options {
        let label = try #require(band(table.settings[rules.label(for: option)], on: version))
        expected.append(label.text)
        shown.insert(EntryPath(section: "settings", key: rules.label(for: option), since: label.since))
      }
      #expect(scene.settings.options(for: scene.app) == expected, "Settings on iOS \(version)")
      if rules.reportsAccuracy {
        try scene.settings.setPrecise(false, for: scene.app)
        let precise = try #require(band(table.switches["Precise Location"], on: version))
        #expect(scene.phone.transcript.contains { $0.hasSuffix("Settings: “Maps” \(precise.text) off") })
        shown.insert(EntryPath(section: "switches", key: "Precise Location", since: precise.since))
      }
    }

    let missing = Set(entries(of: table).map(\.description))
      .subtracting(shown.map(\.description)).subtracting(Self.awaitingTheModel)
    #expect(missing.isEmpty, "zh-Hans entries no alert or Settings screen showed: \(missing.sorted())")
    let nowShown = Self.awaitingTheModel.intersection(shown.map(\.description))
    #expect(nowShown.isEmpty, "the model shows these now: drop them from awaitingTheModel: \(nowShown.sorted())")
  }

  // MARK: - Z1: 您 before 16.0, 你 from 16.0

  @Test("Z1: zh-Hans P7 says 您 up to 15.x and 你 from 16.0", arguments: [("15.7", "您"), ("16.0", "你"), ("16.0.1", "你")])
  func sixteenBoundary(ios: String, pronoun: String) throws {
    let scene = try chineseScene(ios: ios)
    try scene.manager.requestWhenInUseAuthorization()
    #expect(scene.prompt?.title == "允许“Maps”使用\(pronoun)的位置？")
    #expect(scene.prompt?.buttons == ["允许一次", "使用App时允许", "不允许"])
    try scene.prompt?.setPrecise(false)
    try scene.tap("Allow While Using App")
    _ = try scene.manager.requestTemporaryFullAccuracyAuthorization(purposeKey: "WantsToGetWiFiSSID")
    #expect(scene.prompt?.title == "允许“Maps”使用\(pronoun)的精确位置一次？")
  }

  @Test("Z1: the Settings labels do not change at 16.0; 使用应用期间 becomes 使用App期间 at 13.0")
  func settingsAcrossVersions() throws {
    let twelve = try chineseScene(ios: "12.4")
    #expect(twelve.settings.options(for: twelve.app) == ["永不", "使用应用期间", "始终"])
    let fifteen = try chineseScene(ios: "15.7")
    let sixteen = try chineseScene(ios: "16.0")
    #expect(fifteen.settings.options(for: fifteen.app) == ["永不", "下次询问或在我共享时", "使用App期间", "始终"])
    #expect(sixteen.settings.options(for: sixteen.app) == fifteen.settings.options(for: fifteen.app))
  }

  // MARK: - Tapping and selecting by the English label (SCENARIO_API §5, §9)

  @Test("a zh-Hans alert takes the label shown, the English label and a documented alternative")
  func englishLabelTaps() throws {
    let scene = try chineseScene(ios: "14.0")
    try scene.manager.requestWhenInUseAuthorization()
    try scene.tap("Allow While Using App")
    #expect(scene.state == .whenInUse)
    #expect(scene.phone.transcript.contains { $0.hasSuffix("alert#1 tap “使用App时允许”") })
    #expect(scene.prompt == nil)
    try scene.manager.requestAlwaysAuthorization()
    #expect(scene.prompt?.rule == .P8)
    try scene.tap("保持仅使用期间允许")  // Q13: the other transcription of Keep Only While Using
    #expect(scene.state == .whenInUse)

    let other = try chineseScene(ios: "17.0")
    try other.manager.requestWhenInUseAuthorization()
    try other.tap("Don't Allow")
    #expect(other.state == .denied)
    #expect(other.prompt == nil)
  }

  @Test("P14 on a zh-Hans phone: 13.x's and 14's P7 orders in zh-Hans, the App Clip button by its English label")
  func appClipAndP7Orders() throws {
    let thirteen = try chineseScene(ios: "13.7")
    try thirteen.manager.requestWhenInUseAuthorization()
    #expect(thirteen.prompt?.buttons == ["使用App时允许", "允许一次", "不允许"])  // P7: the 13.x order
    let fourteen = try chineseScene(ios: "14.0")
    try fourteen.manager.requestWhenInUseAuthorization()
    #expect(fourteen.prompt?.buttons == ["允许一次", "使用App时允许", "不允许"])

    let clip = try Scene(ios: "16.0", options: AppOptions(kind: .appClip), device: DeviceOptions(locale: "zh-Hans"))
    try clip.manager.requestWhenInUseAuthorization()
    #expect(clip.prompt?.rule == .P14)
    #expect(clip.prompt?.title == "允许“Maps”使用你的位置？")
    #expect(clip.prompt?.buttons == ["在明天之前使用时允许", "不允许"])
    try clip.tap(Assumptions.appClipWhileUsingButton)
    #expect(clip.state == .whenInUse)
    #expect(clip.phone.transcript.contains { $0.hasSuffix("alert#1 tap “在明天之前使用时允许”") })
  }

  @Test("the App Clip button's wording is an assumption in every verified table (Assumptions names it)")
  func appClipButtonIsAssumed() throws {
    let key = Assumptions.appClipWhileUsingButton
    #expect(AlertTemplate.p14.buttons.first == key)
    #expect(SystemTexts.english.button(key, on: OSVersion(14)) == key)
    for table in SystemStringTable.all where table.verified {
      #expect(table.buttons[key] != nil, "\(table.language) has no text for \(key)")
      #expect(table.assumed.contains("buttons.\(key).14"), "\(table.language) does not list \(key) as assumed")
    }
  }

  @Test("a label on no button is a misuse that lists the labels as shown")
  func unknownChineseLabel() throws {
    let scene = try chineseScene(ios: "16.0")
    try scene.manager.requestWhenInUseAuthorization()
    #expect {
      try scene.tap("Allow")
    } throws: { error in
      (error as? MisuseError)?.message
        == "“Allow” is not a button of alert#1 (“允许“Maps”使用你的位置？”); its buttons are: “允许一次”, “使用App时允许”, “不允许”"
    }
  }

  @Test("Settings on a zh-Hans phone: get shows the label, set takes it or the English label, errors list what is shown")
  func chineseSettings() throws {
    let scene = try chineseScene(ios: "14.0")
    #expect(scene.settings.selection(for: scene.app) == "下次询问")
    try scene.settings.select("Always", for: scene.app)
    #expect(scene.state == .always)
    #expect(scene.settings.selection(for: scene.app) == "始终")
    try scene.settings.select("永不", for: scene.app)
    #expect(scene.state == .denied)
    #expect(scene.phone.transcript.contains { $0.hasSuffix("Settings: “Maps” → 永不") })
    #expect {
      try scene.settings.select("Sometimes", for: scene.app)
    } throws: { error in
      (error as? MisuseError)?.message
        == "“Sometimes” is not an option for “Maps” in Settings; the options are: “永不”, “下次询问”, “使用App期间”, “始终”"
    }
  }

  // MARK: - Z0: finding a table; English when there is none

  @Test(
    "Z0: a locale finds its table as InfoPlist.strings are found, else English",
    arguments: [
      ("zh-Hans", "zh-Hans"), ("zh-Hans-CN", "zh-Hans"), ("zh_Hans_SG", "zh-Hans"), ("ZH-HANS", "zh-Hans"),
      ("en", "en"), ("en-GB", "en"), ("fr", "en"), ("zh-Hant", "en"), ("zh", "en"), ("", "en"),
    ])
  func fallback(locale: String, language: String) throws {
    #expect(SystemTexts(locale: locale).language == language)
    let scene = try Scene(ios: "14.0", device: DeviceOptions(locale: locale))
    try scene.manager.requestWhenInUseAuthorization()
    let expected = language == "en" ? "Allow “Maps” to use your location?" : "允许“Maps”使用您的位置？"
    #expect(scene.prompt?.title == expected)
  }

  @Test("a partial table (the unverified ja sample) falls back to English entry by entry")
  func partialTable() throws {
    let japanese = try #require(SystemStringTable.all.first { $0.language == "ja" })
    #expect(!japanese.verified)
    #expect(japanese.note.hasPrefix("UNVERIFIED"))
    let scene = try Scene(ios: "17.0", device: DeviceOptions(locale: "ja-JP"))
    try scene.manager.requestWhenInUseAuthorization()
    #expect(scene.prompt?.title == "“Maps”に位置情報の使用を許可しますか?")
    try scene.tap("Allow While Using App")
    #expect(scene.settings.options(for: scene.app) == ["しない", "Ask Next Time Or When I Share", "このAppの使用中のみ許可", "常に"])
    try scene.manager.requestAlwaysAuthorization()
    #expect(scene.prompt?.title == "Allow “Maps” to also use your location even when you are not using the app?")
  }

  @Test("a band starts at its version: the newest band not after the device's, the oldest before the first")
  func bands() throws {
    let bands = [
      SystemStringTable.Band(since: OSVersion(13), text: "a"), SystemStringTable.Band(since: OSVersion(16), text: "b"),
    ]
    #expect(SystemStringTable.text(in: bands, on: OSVersion(12)) == "a")
    #expect(SystemStringTable.text(in: bands, on: OSVersion(15, 7, 9)) == "a")
    #expect(SystemStringTable.text(in: bands, on: OSVersion(16)) == "b")
    #expect(SystemStringTable.text(in: nil, on: OSVersion(16)) == nil)
    #expect(SystemStringTable.version("13.4") == OSVersion(13, 4))
    #expect(SystemStringTable.version("26") == OSVersion(26))
    #expect(SystemStringTable.version("13.") == nil)
    #expect(SystemStringTable.version("x") == nil)
  }

  @Test("a file that does not decode is an error naming the file")
  func badFile() {
    #expect {
      _ = try SystemStringTable(file: "xx.json", bytes: Array(#"{ "language": "xx", "verified": true, "titles": { "P7": { "soon": "?" } } }"#.utf8))
    } throws: { error in
      "\(error)" == "SystemStrings/xx.json: titles.P7: “soon” is not a version such as 13 or 13.4"
    }
    #expect(throws: SystemStringTable.FormatError.self) {
      _ = try SystemStringTable(file: "yy.json", bytes: Array("[]".utf8))
    }
  }
}
