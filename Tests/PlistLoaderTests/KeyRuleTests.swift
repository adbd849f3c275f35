import PermissionModel
import PlistLoader
import Testing

@Suite("Wrongly typed keys (K1, K3, K4, K6)")
struct KeyRuleTests {
  // MARK: - K3

  @Test("K3: only a Boolean true reduces accuracy", arguments: [
    (PlistValue.bool(true), true, false),
    (.bool(false), false, false),
    (.string("YES"), false, true),
    (.string("true"), false, true),
    (.integer(1), false, true),
    (.real(1), false, true),
  ])
  func defaultAccuracyReduced(value: PlistValue, reduced: Bool, diagnosed: Bool) {
    let resolved = InfoPlistDocument(values: ["NSLocationDefaultAccuracyReduced": value]).resolve(locale: "en")
    #expect(resolved.infoPlist.defaultAccuracyReduced == reduced)
    let expected = PlistDiagnostic(
      key: "NSLocationDefaultAccuracyReduced", problem: .wrongType(expected: .boolean, found: value.kind), rule: .K3)
    #expect(resolved.diagnostics == (diagnosed ? [expected] : []))
  }

  @Test("K3: from real XML and binary files, where Foundation bridges Integer 1 as a Bool", arguments: [
    ("true", true, nil), ("false", false, nil),
    ("integer-one", false, PlistValue.Kind.integer), ("real-one", false, .real), ("yes-string", false, .string),
  ] as [(String, Bool, PlistValue.Kind?)], ["plist", "binary.plist"])
  func defaultAccuracyReducedFromFiles(
    fixture: (name: String, reduced: Bool, found: PlistValue.Kind?), format: String
  ) throws {
    let resolved = try Fixture.document("K3/\(fixture.name).\(format)").resolve(locale: "en")
    #expect(resolved.infoPlist.defaultAccuracyReduced == fixture.reduced)
    let expected = fixture.found.map { [PlistDiagnostic.Problem.wrongType(expected: .boolean, found: $0)] } ?? []
    #expect(resolved.diagnostics.map(\.problem) == expected)
  }

  @Test("K3: the diagnostic reads as lint prints it")
  func k3Message() {
    let resolved = InfoPlistDocument(values: ["NSLocationDefaultAccuracyReduced": "YES"]).resolve(locale: "en")
    #expect(resolved.diagnostics.map(\.description)
      == ["NSLocationDefaultAccuracyReduced is a String, not a Boolean: ignored (K3)"])
  }

  // MARK: - K1

  @Test("K1: an empty or non-String usage description is treated as missing", arguments: [
    (PlistValue.string(""), PlistDiagnostic.Problem.emptyString),
    (.bool(true), .wrongType(expected: .string, found: .boolean)),
    (.integer(0), .wrongType(expected: .string, found: .integer)),
    (.array(["text"]), .wrongType(expected: .string, found: .array)),
    (.dictionary(["en": "text"]), .wrongType(expected: .string, found: .dictionary)),
  ])
  func usageDescription(value: PlistValue, problem: PlistDiagnostic.Problem) {
    for key in UsageDescriptionKey.allCases {
      let resolved = InfoPlistDocument(values: [key.rawValue: value]).resolve(locale: "en")
      #expect(resolved.infoPlist.usageDescriptions[key] == nil)
      #expect(resolved.diagnostics == [PlistDiagnostic(key: key.rawValue, problem: problem, rule: .K1)])
    }
  }

  @Test("K1: a whitespace-only description is a non-empty String and counts")
  func whitespaceDescription() {
    let resolved = InfoPlistDocument(values: ["NSLocationWhenInUseUsageDescription": " "]).resolve(locale: "en")
    #expect(resolved.infoPlist.usageDescriptions == [.whenInUse: " "])
    #expect(resolved.diagnostics.isEmpty)
  }

  @Test("every wrong type in a hand-written Info.plist is reported, in key order")
  func wrongTypesFixture() throws {
    let resolved = try Fixture.document("WrongTypes/Info.plist").resolve(locale: "en")
    #expect(resolved.diagnostics.map(\.description) == [
      "CFBundleDisplayName is an Integer, not a String: ignored",
      "NSLocationWhenInUseUsageDescription is an empty String: treated as missing (K1)",
      "NSLocationAlwaysUsageDescription is an Array, not a String: treated as missing (K1)",
      "NSLocationAlwaysAndWhenInUseUsageDescription is a Boolean, not a String: treated as missing (K1)",
      "NSLocationTemporaryUsageDescriptionDictionary.Bad is an Integer, not a String: ignored (K4)",
      "UIBackgroundModes is a String, not an Array: ignored (K6)",
      "NSLocationDefaultAccuracyReduced is a String, not a Boolean: ignored (K3)",
    ])
    #expect(resolved.infoPlist == InfoPlist(
      bundleName: "WrongTypes",
      usageDescriptions: [.location: "iOS 7 message"],
      temporaryUsageDescriptions: ["Good": "A purpose text."]
    ))
  }

  // MARK: - K4

  @Test("K4: a temporary usage dictionary that is not a Dictionary is ignored")
  func purposeDictionaryType() {
    let resolved = InfoPlistDocument(values: ["NSLocationTemporaryUsageDescriptionDictionary": ["WantsToGetWiFiSSID"]])
      .resolve(locale: "en")
    #expect(resolved.infoPlist.temporaryUsageDescriptions.isEmpty)
    #expect(resolved.diagnostics.map(\.description)
      == ["NSLocationTemporaryUsageDescriptionDictionary is an Array, not a Dictionary: ignored (K4)"])
  }

  @Test("K4: a purpose key is localized by its own name, not by the Info.plist key")
  func purposeLocalization() {
    let document = InfoPlistDocument(values: [
      "NSLocationTemporaryUsageDescriptionDictionary": ["WantsToGetWiFiSSID": "plist text", "WantsToNavigate": "route"],
    ]).withInlineStrings(["fr": [
      "WantsToGetWiFiSSID": "texte localisé",
      "NSLocationTemporaryUsageDescriptionDictionary": "ignored",
    ]])
    #expect(document.resolve(locale: "fr").infoPlist.temporaryUsageDescriptions
      == ["WantsToGetWiFiSSID": "texte localisé", "WantsToNavigate": "route"])
  }

  // MARK: - K6

  @Test("K6: background modes keep their Strings and report the rest")
  func backgroundModes() throws {
    let resolved = try Fixture.document("WrongTypes/BackgroundModes.plist").resolve(locale: "en")
    #expect(resolved.infoPlist.backgroundModes == ["fetch", "location"])
    #expect(resolved.infoPlist.hasLocationBackgroundMode)
    #expect(resolved.diagnostics == [
      PlistDiagnostic(key: "UIBackgroundModes[1]", problem: .wrongType(expected: .string, found: .integer), rule: .K6),
      PlistDiagnostic(key: "UIBackgroundModes[3]", problem: .wrongType(expected: .string, found: .boolean), rule: .K6),
    ])
  }

  @Test("K6: UIBackgroundModes as the String location is not the capability")
  func backgroundModeAsString() {
    let resolved = InfoPlistDocument(values: ["UIBackgroundModes": "location"]).resolve(locale: "en")
    #expect(!resolved.infoPlist.hasLocationBackgroundMode)
    #expect(resolved.diagnostics.map(\.rule) == [.K6])
  }
}
