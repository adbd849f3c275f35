import ArgumentParser
import Foundation
import PermissionModel
import Linting
import PlistLoader
import Reporting

/// `permsim lint`: checks an Info.plist across iOS versions and prints one line per finding.
struct LintCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lint",
    abstract: "Check an Info.plist across iOS versions: silent requests, ignored values, missing translations.",
    discussion: """
      Each line reads `path: severity: iOS range: message (rule)`, with the id of the rule it follows \
      from (docs/rules.md). error: something the app means to do can never work on those versions (a request that is a \
      silent no-op, K2; a misspelled location key, K1; a crash, B2; an App Clip asking for Always, A2; no \
      purpose key, T4). warning: a \
      value iOS ignores (K1, K3, K4, K6), a text left untranslated (K4, K5) or holding a build setting. \
      note: how those versions behave for the app (Settings, S1; the Always upgrade, R4–R12). What the \
      app means to do is inferred from its keys unless --intends says it. Exit status: 0 without errors, \
      1 with errors (or an Info.plist that does not parse), 2 when the input cannot be read. The summary \
      follows the findings on standard output.
      """
  )

  @Argument(help: "An Info.plist, or a folder holding one; the .lproj folders and InfoPlist.xcstrings beside it are read too.")
  var path: String

  @Option(
    help: ArgumentHelp(
      "The iOS versions to check: a range A...B or one version.",
      discussion: "Without it, from the app's MinimumOSVersion (or LSMinimumSystemVersion) when the Info.plist declares one, else from 8.0, to 26.x."))
  var ios: String?

  @Option(
    help: ArgumentHelp(
      "What the app means to do (repeatable).",
      discussion: "Without it, lint infers the intentions from the usage descriptions, UIBackgroundModes and purpose keys present."))
  var intends: [LintIntent] = []

  @Flag(help: "Check the app as an App Clip (an NSAppClip key in the Info.plist says so too).")
  var appClip = false

  @Option(
    help: ArgumentHelp(
      "A language the app must be translated into (repeatable), e.g. zh-Hans.",
      discussion: "Its InfoPlist.strings (or the catalog) must translate every text an alert shows, and must exist: what is missing is an error, not a warning. zh-Hans-CN finds zh-Hans, as on a device."))
  var locale: [String] = []

  @Option(
    help: ArgumentHelp(
      "A fullAccuracyPurposeKey the app's CLServiceSession names (repeatable).",
      discussion: "It must be a key of NSLocationTemporaryUsageDescriptionDictionary, or the session never shows its alert and reports fullAccuracyDenied (SS9, iOS 18+)."))
  var sessionPurposeKey: [String] = []

  @Option(help: "Write a JUnit XML report to this path: one test case per check.")
  var junit: String?

  func validate() throws {
    do {
      _ = try options()
    } catch {
      throw ValidationError(error.message)
    }
  }

  func run() throws {
    let now = RunEvent.Instant(secondsSinceEpoch: Date().timeIntervalSince1970)
    let status = perform(output: { print($0, terminator: "") }, errors: writeToStandardError, at: now)
    if status != 0 { throw ExitCode(status) }
  }

  /// The options the command line gives.
  func options() throws(MisuseError) -> LintOptions {
    LintOptions(
      versions: try ios.map { text throws(MisuseError) in try LintOptions.versions(parsing: text) }, intents: Set(intends), appClip: appClip, locales: locale,
      sessionPurposeKeys: sessionPurposeKey)
  }

  /// Lints, writes the findings and then the summary to `output`, and returns the exit status.
  ///
  /// 0: no error found; 1: an error found, or a file that does not parse; 2: the input or the report
  /// cannot be read or written. `instant` stamps the JUnit report.
  func perform(output: (String) -> Void, errors: (String) -> Void, at instant: RunEvent.Instant) -> Int32 {
    let options: LintOptions
    let input: PlistInput
    do {
      options = try self.options()
      input = try PlistInput(path: path)
    } catch {
      errors("permsim: \(error)\n")
      return 2
    }
    let report: LintReport
    do {
      report = Linter.lint(try input.load(), options: options, displayPath: input.shown)
    } catch let error as PlistLoadError {
      output("\(input.location(of: error)): error: \(error.reason)\n")
      return writeJUnit(parseFailure(error, in: input, options: options, at: instant), errors: errors) ?? 1
    } catch {
      errors("permsim: \(error)\n")
      return 2
    }
    for finding in report.findings { output("\(finding)\n") }
    output(report.summary + "\n")
    let events = report.runEvents(version: PermsimVersion.number, at: instant)
    return writeJUnit(events, errors: errors) ?? (report.hasErrors ? 1 : 0)
  }

  // MARK: - JUnit

  /// Writes the report when `--junit` asks for one; returns 2 when it cannot be written, else nil.
  private func writeJUnit(_ events: [RunEvent], errors: (String) -> Void) -> Int32? {
    guard let junit else { return nil }
    do throws(JUnitFileError) {
      try LintReport.writeJUnit(events, to: junit)
      return nil
    } catch {
      errors("permsim: \(error)\n")
      return 2
    }
  }

  /// The JUnit events for an input that does not parse: one failed case.
  private func parseFailure(
    _ error: PlistLoadError, in input: PlistInput, options: LintOptions, at instant: RunEvent.Instant
  ) -> [RunEvent] {
    let plist = input.shown(input.name == "." ? "Info.plist" : input.name)
    let problem = CaseProblem(
      kind: .plistError, headline: error.reason,
      location: ScriptLocation(path: input.shown(error.path), line: error.line))
    let result = CaseResult(info: CaseInfo(suitePath: plist, name: "parse \(input.shown(error.path))"), outcome: .failed(problem))
    let versions = VersionSpan.label(VersionSpan.covering(options.versions ?? LintOptions.defaultVersions)[...])
    return LintReport.runEvents([result], suite: plist, versions: versions, version: PermsimVersion.number, at: instant)
  }
}

extension LintIntent: ExpressibleByArgument {}
