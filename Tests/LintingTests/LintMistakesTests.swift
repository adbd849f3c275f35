import Foundation
import PermissionModel
import PermsimTestSupport
import Testing

@testable import Linting

/// The mistakes a new user makes in an Info.plist, and what `lint` says about them (issue 18, point 1).
@Suite("lint: common Info.plist mistakes")
struct LintMistakesTests {
  /// Writes an Info.plist holding `entries` (`<key>…</key><string>…</string>` pairs) and lints it.
  static func lint(_ entries: [(String, String)], options: LintOptions = LintOptions()) throws -> LintReport {
    let body = entries.map { "<key>\($0.0)</key><string>\($0.1)</string>" }.joined(separator: "\n")
    let path = LintFixtures.temporaryPath("Info.plist")
    try """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0"><dict>
      \(body)
      </dict></plist>
      """.write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try Linter.run(path: path, options: options)
  }

  @Test("a misspelled usage description is an error that names the key meant (K1), and counts as that key for the intentions")
  func misspelledKey() throws {
    let report = try Self.lint([
      ("CFBundleDisplayName", "Finder"), ("NSLocationWhenInUsageDescription", "Finds you."),
    ])
    #expect(report.hasErrors)
    let typo = try #require(report.findings.first { $0.key == "NSLocationWhenInUsageDescription" })
    #expect(typo.severity == .error)
    #expect(typo.rule == .K1)
    #expect(typo.versions == "15.0–26.x")
    #expect(typo.message.contains("(did you mean NSLocationWhenInUseUsageDescription?)"))
    #expect(typo.fix == "rename NSLocationWhenInUsageDescription to NSLocationWhenInUseUsageDescription")
    #expect(report.intents == [.whenInUse])
    #expect(report.findings.contains { $0.rule == .K2 && $0.key == "NSLocationWhenInUseUsageDescription" })
  }

  @Test(
    "near misses are typos; other keys are not",
    arguments: [
      ("NSLocationAlwaysUsageDescriptions", "NSLocationAlwaysUsageDescription"),
      ("NSLocationAlwaysAndWhenInUsageDescription", "NSLocationAlwaysAndWhenInUseUsageDescription"),
      ("nslocationwheninuseusagedescription", "NSLocationWhenInUseUsageDescription"),
      ("UIBackgroundMode", "UIBackgroundModes"),
      ("NSCameraUsageDescription", nil),
      ("NSLocationRequireExplicitServiceSession", nil),
      ("CFBundleShortVersionString", nil),
    ] as [(String, String?)])
  func nearMisses(key: String, meant: String?) {
    let found = Linter.misspelledKeys(in: [key: .string("x")])
    #expect(found.map(\.meant) == (meant.map { [$0] } ?? []))
  }

  @Test("without --ios the range starts at the app's MinimumOSVersion: a correct iOS 14+ app passes")
  func minimumVersion() throws {
    let keys = [
      ("CFBundleDisplayName", "Finder"), ("NSLocationWhenInUseUsageDescription", "Finds you."),
      ("NSLocationAlwaysAndWhenInUseUsageDescription", "Finds you always."),
    ]
    let old = try Self.lint(keys + [("MinimumOSVersion", "9.0")], options: LintOptions(intents: [.whenInUse, .always]))
    #expect(old.hasErrors, "iOS 8–10 need NSLocationAlwaysUsageDescription (K2)")
    #expect(old.versions == "9.0–26.x")
    let modern = try Self.lint(keys + [("MinimumOSVersion", "14.0")])
    #expect(!modern.hasErrors)
    #expect(modern.versions == "14.0–26.x")
    #expect(modern.summary.contains("on iOS 14.0–26.x, from MinimumOSVersion"))
    let mac = try Self.lint(keys + [("LSMinimumSystemVersion", "15.0")])
    #expect(mac.versions == "15.0–26.x")
    let given = try Self.lint(
      keys + [("MinimumOSVersion", "14.0")], options: LintOptions(versions: OSVersion(8)...OSVersion(26), intents: [.always]))
    #expect(given.hasErrors, "--ios wins over MinimumOSVersion")
  }

  @Test("a range written with a dash or two dots says how to write it", arguments: ["14-18", "14..18", "14–18", "14.0 - 18.0"])
  func rangeSpelling(text: String) {
    #expect {
      try LintOptions.versions(parsing: text)
    } throws: { error in
      (error as? MisuseError)?.message.contains("...") == true
        && (error as? MisuseError)?.message.contains("(three dots)") == true
    }
  }

  @Test("alert titles name the app (Z1), not %@")
  func appName() throws {
    let report = try Self.lint([
      ("CFBundleDisplayName", "Finder"), ("NSLocationWhenInUseUsageDescription", "Finds you."),
      ("NSLocationAlwaysAndWhenInUseUsageDescription", "Always."), ("MinimumOSVersion", "14.0"),
    ])
    let upgrade = try #require(report.findings.first { $0.rule == .R12 })
    #expect(upgrade.message.contains("P8 “Allow “Finder” to also use your location"))
    #expect(!report.findings.contains { $0.message.contains("%@") })
  }
}
