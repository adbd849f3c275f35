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
    "owntracks", "traccar-client",
  ]

  @Test("every app has its source noted", arguments: apps)
  func sources(app: String) throws {
    let source = try String(contentsOfFile: LintFixtures.path("apps/\(app)/SOURCE.md"), encoding: .utf8)
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

  @Test("what they do show: OwnTracks' leftover iOS 8 Always key (a warning, inferred), ${PRODUCT_NAME} where English shows it")
  func realFindings() throws {
    let owntracks = try Linter.run(path: LintFixtures.path("apps/owntracks"))
    #expect(owntracks.findings.filter { $0.severity == .warning }.map { "\($0.rule) \($0.key ?? "-")" } == [
      "K2 NSLocationAlwaysAndWhenInUseUsageDescription", "K2 NSLocationWhenInUseUsageDescription", "K5 CFBundleDisplayName",
    ])
    let osmand = try Linter.run(path: LintFixtures.path("apps/osmand"))
    #expect(osmand.findings.contains { $0.message.contains("${PRODUCT_NAME}") })
  }
}
