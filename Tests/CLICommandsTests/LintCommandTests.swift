import Foundation
import Reporting
import PermsimTestSupport
import Testing

@testable import CLICommands
@testable import Linting

@Suite("lint: the command line")
struct LintCommandTests {
  static let instant = RunEvent.Instant(nanosecondsSinceEpoch: 1_700_000_000_000_000_000)

  /// Runs `permsim lint` in-process and returns its status, standard output and standard error.
  static func lint(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
    let command = try LintCommand.parse(arguments)
    var output = ""
    var errors = ""
    let status = command.perform(output: { output += $0 }, errors: { errors += $0 }, at: instant)
    return (status, output, errors)
  }

  @Test("one line per finding, errors first, then the summary on the same stream; exit 1 on errors")
  func linesAndStatus() throws {
    let arguments = [LintFixtures.path("MissingKeys"), "--ios", "8...26", "--intends", "whenInUse", "--intends", "always"]
    let result = try Self.lint(arguments)
    #expect(result.status == 1)
    var lines = result.output.split(separator: "\n").map(String.init)
    let summary = lines.popLast()
    let report = try Linter.run(path: LintFixtures.path("MissingKeys"), options: try LintCommand.parse(arguments).options())
    #expect(lines == report.findings.map(\.description))
    #expect(lines.first?.contains(": error: iOS 11.0–26.x: requestAlwaysAuthorization is a silent no-op") == true)
    #expect(lines.dropFirst().allSatisfy { $0.contains(": note: ") })
    #expect(summary == "permsim lint: 1 error, 0 warnings, 5 notes in 9 checks on iOS 8.0–26.x (intentions: whenInUse, always)")
    #expect(result.errors == "")
  }

  @Test("exit 0 without errors, warnings or not", arguments: ["Complete", "Localized"])
  func cleanApps(name: String) throws {
    #expect(try Self.lint([LintFixtures.path(name)]).status == 0)
  }

  @Test("options: --ios, repeated --intends, --app-clip")
  func options() throws {
    let background = try Self.lint([
      LintFixtures.path("Background"), "--ios", "9...18", "--intends", "whenInUse", "--intends", "background",
    ])
    #expect(background.status == 1)
    #expect(background.output.contains(": error: iOS 9.0–18.x: setting allowsBackgroundLocationUpdates to true crashes the app"))
    #expect(!background.output.contains("(B1)"))
    let clip = try Self.lint([LintFixtures.path("Complete"), "--app-clip", "--ios", "14", "--intends", "always"])
    #expect(clip.status == 1)
    #expect(clip.output.contains(": error: iOS 14.0: requestAlwaysAuthorization in an App Clip is a mistake"))
  }

  @Test("a malformed Info.plist is one error line with its path and line, and exit 1")
  func malformed() throws {
    let result = try Self.lint([LintFixtures.path("Malformed")])
    #expect(result.status == 1)
    #expect(result.output == "\(LintFixtures.path("Malformed"))/Info.plist:7: error: Close tag does not match open tag string\n")
  }

  @Test("unreadable input exits 2: a missing path, or a folder with no Info.plist in or below it")
  func unreadable() throws {
    let missing = try Self.lint([LintFixtures.path("Nowhere")])
    #expect(missing.status == 2)
    #expect(missing.errors == "permsim: \(LintFixtures.path("Nowhere")): no such file or directory\n")
    let empty = try Self.lint([LintFixtures.path("Localized") + "/de.lproj"])
    #expect(empty.status == 2)
    #expect(empty.errors == "permsim: \(LintFixtures.path("Localized"))/de.lproj: no Info.plist (or *-Info.plist) below it\n")
  }

  @Test("usage errors exit 2 through the command line's entry point", arguments: [
    ["lint", "Info.plist", "--ios", "13...12"], ["lint", "Info.plist", "--ios", "6"], ["lint", "Info.plist", "--intends", "everything"],
    ["lint"], ["lint", "Info.plist", "--ios", "14-18"], ["lint", "Info.plist", "--ios", "14..18"],
  ])
  func usageErrors(arguments: [String]) {
    #expect(PermsimCommand.exitStatus(running: arguments) == 2)
  }

  @Test("the typo plist: exit 1, and the line says which key was meant (issue 18)")
  func typo() throws {
    let path = LintFixtures.temporaryPath("Info.plist")
    try """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>NSLocationWhenInUsageDescription</key><string>Finds you.</string></dict></plist>
      """.write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = try Self.lint([path])
    #expect(result.status == 1)
    #expect(result.output.contains(
      ":2: error: iOS 15.0–26.x: NSLocationWhenInUsageDescription is not a key iOS reads (did you mean NSLocationWhenInUseUsageDescription?)"))
    #expect(result.output.hasSuffix("(intentions: whenInUse, inferred from the keys)\n"), "the summary comes last")
  }

  @Test("--ios written with a dash says how to write the range")
  func rangeHint() throws {
    #expect(throws: (any Error).self) { try LintCommand.parse(["Info.plist", "--ios", "14-18"]) }
    do {
      _ = try LintCommand.parse(["Info.plist", "--ios", "14-18"])
    } catch {
      #expect(LintCommand.message(for: error).contains("write 14...18"))
    }
  }
}
