import Foundation
import PermissionModel
import PermsimTestSupport
import Testing

@testable import Linting

/// What `lint` says about the keys the iOS 17+ objects read (issues 14 and 15).
@Suite("lint: background activity sessions, service sessions' purpose keys, the explicit-session key")
struct LintSessionTests {
  static let base = [
    ("CFBundleDisplayName", "Wayfinder"), ("MinimumOSVersion", "15.0"),
    ("NSLocationWhenInUseUsageDescription", "Directions."),
  ]

  @Test("BA1: a background activity session without location in UIBackgroundModes is a warning from 17")
  func backgroundActivity() throws {
    var options = LintOptions()
    options.intents = [.whenInUse, .backgroundActivity]
    let report = try LintMistakesTests.lint(Self.base, options: options)
    let finding = try #require(report.findings.first { $0.rule == .BA1 })
    #expect(finding.severity == .warning)
    #expect(finding.versions == "17.0–26.x")
    #expect(finding.key == "UIBackgroundModes")
  }

  @Test("SS9: a purpose key a service session names must be declared; the closest declared one is suggested")
  func purposeKey() throws {
    var options = LintOptions()
    options.sessionPurposeKeys = ["WantsPreciseDirection"]
    let report = try LintMistakesTests.lint(Self.base, options: options)
    let finding = try #require(report.findings.first { $0.rule == .SS9 })
    #expect(finding.severity == .error && report.hasErrors)
    #expect(finding.versions == "18.0–26.x")
    #expect(finding.message.contains("WantsPreciseDirection"))
  }

  @Test("XS1: the header's spelling CLRequireExplicitServiceSession is a warning; a String value of the real key is ignored")
  func explicitKey() throws {
    let report = try LintMistakesTests.lint(
      Self.base + [("CLRequireExplicitServiceSession", "YES"), ("NSLocationRequireExplicitServiceSession", "YES")])
    let spelling = try #require(report.findings.first { $0.key == "CLRequireExplicitServiceSession" })
    #expect(spelling.rule == .XS1 && spelling.severity == .warning && spelling.versions == "18.0–26.x")
    #expect(spelling.fix?.contains("NSLocationRequireExplicitServiceSession") == true)
    let type = try #require(report.findings.first { $0.key == "NSLocationRequireExplicitServiceSession" })
    #expect(type.rule == .XS1 && type.message.contains("not a Boolean"))
  }
}
