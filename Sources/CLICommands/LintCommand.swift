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
      Each line reads `path:line: severity: iOS range: message (rule)`, with the line of the key and the id \
      of the rule it follows from (docs/rules.md). error: what the keys prove broken (a misspelled location \
      key or Xcode's display name for it, K1; an empty usage description; no purpose key, T4), or what \
      --intends declares and can never work (a silent request, K2; a crash, B2; an App Clip asking for \
      Always, A2). warning: the same problems for a request only inferred from the keys, naming the key; a \
      value iOS ignores (K1, K3, K4, K6); a text left untranslated, holding a build setting a shipped \
      language shows, or that App Review may reject (K4, K5). note: how those versions behave for the app \
      (Settings, S1; the Always upgrade, R4–R12). The versions start at MinimumOSVersion, else the Xcode \
      project's IPHONEOS_DEPLOYMENT_TARGET, else 15.0, assumed (the summary says which). A folder without \
      an Info.plist is searched for every Info.plist and *-Info.plist below it, build output and pods \
      skipped. Exit status: 0 without errors, 1 with errors (or a file that does not parse), 2 when the \
      input cannot be read. The summary follows the findings on standard output.
      """
  )

  @Argument(
    help:
      "An Info.plist, a folder holding one (its .lproj folders and InfoPlist.xcstrings are read too), or a folder to search for Info.plists.")
  var path: String

  @Option(
    help: ArgumentHelp(
      "The iOS versions to check: a range A...B or one version.",
      discussion:
        "Without it, from the app's MinimumOSVersion (or LSMinimumSystemVersion) when the Info.plist declares one, else from the IPHONEOS_DEPLOYMENT_TARGET of the Xcode project above it whose target builds this Info.plist, else from \(LintOptions.assumedDeploymentTarget) (the oldest deployment target of the current Xcode; the summary says it was assumed); to 26.x."))
  var ios: String?

  @Option(
    help: ArgumentHelp(
      "What the app means to do (repeatable).",
      discussion:
        "Without it, lint infers the intentions from the usage descriptions, UIBackgroundModes and purpose keys present; a problem with an inferred intention is a warning that names the key it was inferred from, unless the keys prove it broken (an empty or misspelled usage description; location in UIBackgroundModes with none)."))
  var intends: [LintIntent] = []

  @Option(
    help: ArgumentHelp(
      "The SDK the app is linked against, e.g. 10.3.",
      discussion:
        "Without it, each version's own, as for an app built with a current Xcode. An app linked before 11 keeps the iOS 8–10 Always key rule on 11+ (K1b); one linked before 8 prompts for Always on first use of location (R1b)."))
  var sdk: String?

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

  @Option(help: "How to write the findings on standard output: text, json, or sarif (SARIF 2.1.0, for GitHub code scanning).")
  var format: LintFormat = .text

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
      sessionPurposeKeys: sessionPurposeKey, sdk: try sdk.map { text throws(MisuseError) in try OSVersion(parsing: text) })
  }

  /// Lints, writes the findings and then the summary to `output`, and returns the exit status.
  ///
  /// 0: no error found; 1: an error found, or a file that does not parse; 2: the input or the report
  /// cannot be read or written. `instant` stamps the JUnit report.
  func perform(output: (String) -> Void, errors: (String) -> Void, at instant: RunEvent.Instant) -> Int32 {
    let options: LintOptions
    do {
      options = try self.options()
    } catch {
      errors("permsim: \(error)\n")
      return 2
    }
    let search = InfoPlistDiscovery.isSearchRoot(path)
    let plists = search ? InfoPlistDiscovery.infoPlists(under: path) : [path]
    if plists.isEmpty {
      errors("permsim: \(path): no Info.plist (or *-Info.plist) below it\n")
      return 2
    }
    var outcomes: [LintOutcome] = []
    for plist in plists {
      do {
        let input = try PlistInput(path: plist)
        do {
          let document = try input.load()
          // A search keeps the plists that describe a bundle: test data and settings named *-Info.plist do not.
          if search, !document.values.keys.contains(where: { $0.hasPrefix("CFBundle") }) { continue }
          var plistOptions = options
          plistOptions.deploymentTarget = input.deploymentTarget()
          outcomes.append(.report(Linter.lint(document, options: plistOptions, displayPath: input.shown)))
        } catch let error as PlistLoadError {
          let shown = input.shown(input.name == "." ? "Info.plist" : input.name)
          outcomes.append(.unparsable(plist: shown, file: input.shown(error.path), line: error.line, reason: error.reason))
        }
      } catch {
        errors("permsim: \(error)\n")
        return 2
      }
    }
    let run = LintRun(outcomes: outcomes, version: PermsimVersion.number)
    switch format {
    case .text: output(run.text)
    case .json: output(run.json)
    case .sarif: output(run.sarif)
    }
    let events = LintReport.runEvents(outcomes, versions: Self.versionsLabel(options), version: run.version, at: instant)
    return writeJUnit(events, errors: errors) ?? (run.failed ? 1 : 0)
  }

  /// The versions a report names for Info.plists that did not parse.
  private static func versionsLabel(_ options: LintOptions) -> String {
    VersionSpan.label(VersionSpan.covering(options.versions ?? LintOptions.defaultVersions)[...])
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
}

extension LintIntent: ExpressibleByArgument {}

extension LintFormat: ExpressibleByArgument {}
