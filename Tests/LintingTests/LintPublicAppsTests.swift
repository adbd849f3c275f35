import Foundation
import PermsimTestSupport
import Testing

@testable import Linting

/// `lint` on the Info.plists of ten public open-source iOS apps that use location (Tests/Fixtures/Lint/apps,
/// each with a SOURCE.md naming its repository, commit and licence): what it said before issue 38 was
/// mostly false; now no errors, no App Review warnings on their sensible texts.
@Suite("lint: ten public apps")
struct LintPublicAppsTests {
  static let apps = [
    "duckduckgo", "element", "every-door", "gomap", "home-assistant", "inaturalist", "nextcloud-talk", "osmand",
    "owntracks", "traccar-client/TraccarClient/TraccarClient-Info.plist",
  ]

  @Test("every app has its source noted", arguments: apps)
  func sources(app: String) throws {
    let folder = app.split(separator: "/").first.map(String.init) ?? app
    let source = try String(contentsOfFile: LintFixtures.path("apps/\(folder)/SOURCE.md"), encoding: .utf8)
    #expect(source.contains("- Repository: https://github.com/"))
    #expect(source.contains("- Commit: `"))
    #expect(source.contains("- Licence: "))
  }

  @Test("no errors, no purpose text flagged, no Apple key taken for a typo", arguments: apps)
  func noFalseAlarms(app: String) throws {
    let report = try Linter.run(path: LintFixtures.path("apps/\(app)"))
    #expect(!report.hasErrors, "\(report.findings.filter { $0.severity == .error })")
    #expect(!report.findings.contains { $0.message.contains("App Review") })
    #expect(!report.findings.contains { $0.message.contains("did you mean") })
  }

  @Test("what they do show: OwnTracks' leftover iOS 8 Always key (a warning, inferred), ${PRODUCT_NAME} where English shows it, Traccar's deployment target")
  func realFindings() throws {
    let owntracks = try Linter.run(path: LintFixtures.path("apps/owntracks"))
    #expect(owntracks.findings.filter { $0.severity == .warning }.map { "\($0.rule) \($0.key ?? "-")" } == [
      "K2 NSLocationAlwaysAndWhenInUseUsageDescription", "K2 NSLocationWhenInUseUsageDescription", "K5 CFBundleDisplayName",
    ])
    let osmand = try Linter.run(path: LintFixtures.path("apps/osmand"))
    #expect(osmand.findings.contains { $0.message.contains("${PRODUCT_NAME}") })
    // Traccar's Info.plist sits in its Xcode project, which says where the app starts (issue 38, item 4).
    let traccar = try Linter.run(path: LintFixtures.path("apps/traccar-client/TraccarClient/TraccarClient-Info.plist"))
    #expect(traccar.versions == "13.0–26.x", "the app target says 13.0; its tests say 12.0")
    #expect(traccar.summary.contains("from IPHONEOS_DEPLOYMENT_TARGET in "))
  }
}
