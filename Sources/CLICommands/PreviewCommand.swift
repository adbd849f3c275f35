import ArgumentParser
import Foundation
import Linting
import PermissionModel
import PlistLoader
import Reporting

/// `permsim preview`: one HTML page with every alert an app can show, per run of iOS versions, in each language it ships.
struct PreviewCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "preview",
    abstract: "Draw every location alert an app can show, per iOS version range and language, as one HTML page.",
    discussion: """
      For an Info.plist (or a folder holding one, with its .lproj folders and InfoPlist.xcstrings), the \
      page groups the alerts by when they appear (the first request for When-In-Use, the upgrade to \
      Always, temporary full accuracy, …) and by the iOS versions on which they read and look alike, \
      drawn as iOS draws them in each language, with lint's findings beside the alert they affect (a \
      missing translation shows the fallback text and says so). Exit status: 0 when the page was \
      written, 1 when the Info.plist does not parse, 2 when the input or the page cannot be read or written.
      """
  )

  @Argument(help: "An Info.plist, or a folder holding one.")
  var path: String

  @Option(
    help: ArgumentHelp(
      "The iOS versions to draw: a range A...B or one version.",
      discussion: "Without it, from the app's MinimumOSVersion (or LSMinimumSystemVersion) when the Info.plist declares one, else from 8.0, to 26.x."))
  var ios: String?

  @Option(
    help: ArgumentHelp(
      "A language to draw the alerts in (repeatable), e.g. zh-Hans.",
      discussion: "Without it, every language the app ships (its .lproj folders and catalog languages), the development region first."))
  var locale: [String] = []

  @Flag(help: "Draw the app as an App Clip (an NSAppClip key in the Info.plist says so too).")
  var appClip = false

  @Option(help: "The HTML file to write (default: standard output).")
  var output: String?

  func validate() throws {
    do {
      _ = try ios.map { text throws(MisuseError) in try LintOptions.versions(parsing: text) }
    } catch {
      throw ValidationError("--ios \(ios ?? ""): \(error.message)")
    }
  }

  func run() throws {
    let status = perform(output: { FileHandle.standardOutput.write(Data($0.utf8)) }, errors: writeToStandardError)
    if status != 0 { throw ExitCode(status) }
  }

  /// Writes the page (to `--output`, else through `output`) and returns the exit status.
  func perform(output: (String) -> Void, errors: (String) -> Void) -> Int32 {
    let input: PlistInput
    let document: InfoPlistDocument
    do {
      let versions = try ios.map { text throws(MisuseError) in try LintOptions.versions(parsing: text) }
      input = try PlistInput(path: path)
      do {
        document = try input.load()
      } catch let error as PlistLoadError {
        errors("\(input.location(of: error)): error: \(error.reason)\n")
        return 1
      }
      let options = LintOptions(versions: versions, appClip: appClip, locales: locale)
      let page = AlertPreview(document, options: options, displayPath: input.shown).page(ruleTexts: HTMLReportOutput.ruleTexts)
      guard let file = self.output else {
        output(page.html)
        return 0
      }
      try Data(page.html.utf8).write(to: URL(fileURLWithPath: file))
      errors("permsim: wrote \(page.groups.count) alert\(page.groups.count == 1 ? "" : "s") in \(page.languages.joined(separator: ", ")) to \(file)\n")
      return 0
    } catch {
      errors("permsim: \(error)\n")
      return 2
    }
  }
}
