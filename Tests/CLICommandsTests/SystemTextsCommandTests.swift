import Foundation
import PermissionModel
import PermsimTestSupport
import Testing

@testable import CLICommands
@testable import Linting

/// `explain --locale`, the REPL and `lint --locale` with the system's texts in the phone's language (Z0, Z1).
@Suite("explain, repl and lint in the phone's language (Z0)")
struct SystemTextsCommandTests {
  @Test("explain --locale zh-Hans: titles, buttons and Settings labels as a zh-Hans phone shows them, 您/你 by version")
  func explainText() throws {
    let fifteen = try ExplainCommandTests.explain(["--ios", "15.7", "--locale", "zh-Hans"])
    #expect(fifteen.status == 0)
    #expect(fifteen.output.contains("Texts: zh-Hans, iOS 15.7 (Z0)"))
    #expect(fifteen.output.contains("P7 “允许“%@”使用您的位置？”: 允许一次 → WIUt"))
    #expect(fifteen.output.contains("Settings: 永不 · 下次询问或在我共享时 · 使用App期间 · 始终"))
    let sixteen = try ExplainCommandTests.explain(["--ios", "16", "--locale", "zh-Hans-CN"])
    #expect(sixteen.output.contains("P7 “允许“%@”使用你的位置？”"))
    #expect(sixteen.output.contains("R21 AA → P11: 更改为仅使用期间 → WIU · 始终允许 → AA"))
    // A language without a table explains in English, as the phone would show it.
    let french = try ExplainCommandTests.explain(["--ios", "16", "--locale", "fr"])
    let english = try ExplainCommandTests.explain(["--ios", "16"])
    #expect(french.output == english.output)
    #expect(!english.output.contains("Texts:"))
  }

  @Test("explain --locale zh-Hans --format mermaid labels alerts, buttons and Settings in zh-Hans")
  func explainMermaid() throws {
    let result = try ExplainCommandTests.explain(["--ios", "12", "--locale", "zh-Hans", "--format", "mermaid"])
    #expect(result.output.contains(#"ND_always{{"P6 · 允许“%@”访问您的位置？"}}"#))
    #expect(result.output.contains(#"ND_always -->|"仅在使用应用期间 · didChangeAuthorization"| WIU"#))
    #expect(result.output.contains(#"Settings -->|"使用应用期间"| WIU"#))
  }

  @Test("the REPL's phone shows the texts explain --locale prints")
  func replMatchesExplain() throws {
    let directory = try ReplCommandTests.AppDirectory()
    defer { directory.remove() }
    let input = """
      manager:requestWhenInUseAuthorization()
      phone.prompt.title
      table.concat(phone.prompt.buttons, "|")
      phone.prompt:tap "Allow While Using App"
      table.concat(phone.settings:options(app), "|")

      """
    let result = try PermsimProcess.run(
      ["repl", "--plist", "Info.plist", "--ios", "17.0", "--locale", "zh-Hans"], in: directory.url, input: input)
    #expect(result.status == 0)
    let explained = try ExplainCommandTests.explain(
      ["--ios", "17.0", "--locale", "zh-Hans", "--plist", directory.url.appendingPathComponent("Info.plist").path])
    let lines = result.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.contains("允许“WiFiFinder”使用你的位置？"))
    #expect(explained.output.contains("P7 “允许“WiFiFinder”使用你的位置？”"))
    #expect(lines.contains("允许一次|使用App时允许|不允许"))
    #expect(explained.output.contains("允许一次 → WIUt, locationManagerDidChangeAuthorization · 使用App时允许 → WIU"))
    #expect(lines.contains("永不|下次询问或在我共享时|使用App期间"))
    #expect(explained.output.contains("Settings: 永不 · 下次询问或在我共享时 · 使用App期间"))
  }

  @Test("lint --locale: a required language's missing translations are errors; a missing localization is one too")
  func lintLocale() throws {
    let fromEight = OSVersion(8)...OSVersion(26)
    let plain = try Linter.run(path: LintFixtures.path("Localized"), options: LintOptions(versions: fromEight))
    #expect(!plain.hasErrors)
    let required = try Linter.run(
      path: LintFixtures.path("Localized"), options: LintOptions(versions: fromEight, locales: ["zh-Hans-CN"]))
    #expect(required.hasErrors)
    #expect(required.findings.filter { $0.severity == .error }.map(Self.brief) == [
      "error K5 NSLocationAlwaysAndWhenInUseUsageDescription zh-Hans 11.0–26.x",
      "error K4 WantsToNavigate zh-Hans 14.0–26.x",
    ])
    // Other languages keep their warnings.
    #expect(required.findings.contains { Self.brief($0) == "warning K4 WantsToNavigate ja 14.0–26.x" })

    // Complete has en and zh-Hans: ja is missing; en-GB finds the development language, which needs nothing.
    let missing = try Linter.run(
      path: LintFixtures.path("Complete"), options: LintOptions(versions: fromEight, locales: ["ja-JP", "en-GB", "zh-Hans"]))
    let error = try #require(missing.findings.first { $0.severity == .error })
    #expect(Self.brief(error) == "error K5 - ja-JP 8.0–26.x")
    #expect(error.message.hasPrefix("no ja-JP localization"))
    #expect(error.message.hasSuffix("inside alerts in ja (Z0)"))
    #expect(error.fix?.hasPrefix("add ja-JP.lproj/InfoPlist.strings translating NSLocationWhenInUseUsageDescription") == true)
    #expect(missing.findings.filter { $0.severity == .error }.count == 1)
  }

  @Test("lint --locale is repeatable on the command line")
  func lintOption() throws {
    let command = try LintCommand.parse(["x", "--locale", "zh-Hans", "--locale", "ja"])
    #expect(try command.options().locales == ["zh-Hans", "ja"])
  }

  /// A finding as severity, rule, key, locale and versions.
  static func brief(_ finding: LintFinding) -> String {
    "\(finding.severity) \(finding.rule) \(finding.key ?? "-") \(finding.locale ?? "-") \(finding.versions)"
  }
}
