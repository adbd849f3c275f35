import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import PermissionModel
import Reporting
import PermsimTestSupport
import Testing

@testable import CLICommands
@testable import Linting

@Suite("lint: the JUnit report")
struct LintJUnitTests {
  /// The `<testcase>` elements of a JUnit document: name and whether it holds a `<failure>`.
  final class Cases: NSObject, XMLParserDelegate {
    var cases: [(name: String, failed: Bool, output: String)] = []
    private var text = ""

    func parser(
      _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String] = [:]
    ) {
      if element == "testcase" { cases.append((attributes["name"] ?? "", false, "")) }
      if element == "failure" { cases[cases.count - 1].failed = true }
      text = ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
      if element == "system-out" { cases[cases.count - 1].output = text }
    }
  }

  /// Lints `arguments` with `--junit` and returns the exit status and the report's bytes.
  static func junit(_ arguments: [String]) throws -> (status: Int32, document: Data) {
    let path = LintFixtures.temporaryPath("junit.xml")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let command = try LintCommand.parse(arguments + ["--junit", path])
    let status = command.perform(output: { _ in }, errors: { _ in }, at: LintCommandTests.instant)
    return (status, try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  static func cases(in document: Data) throws -> [(name: String, failed: Bool, output: String)] {
    let parser = XMLParser(data: document)
    let delegate = Cases()
    parser.delegate = delegate
    #expect(parser.parse())
    return delegate.cases
  }

  @Test("one test case per check, failed exactly when the check found an error; warnings go to system-out")
  func oneCasePerCheck() throws {
    let path = LintFixtures.path("Localized")
    let (status, document) = try Self.junit([path, "--intends", "always", "--intends", "whenInUse", "--ios", "11...18"])
    #expect(status == 0)
    let report = try Linter.run(
      path: path, options: LintOptions(versions: OSVersion(11)...OSVersion(18), intents: [.always, .whenInUse]))
    let cases = try Self.cases(in: document)
    #expect(cases.map(\.name) == report.checks.map(\.name))
    #expect(cases.map(\.failed) == report.checks.map(\.failed))
    #expect(cases.contains { $0.failed } == false)
    let zh = try #require(cases.first { $0.name == "K4 WantsToNavigate (zh-Hans)" })
    #expect(zh.output.contains(": warning: iOS 14.0–18.x: WantsToNavigate has no zh-Hans translation"))
    let text = String(decoding: document, as: UTF8.self)
    #expect(text.contains("<property name=\"ios.versions\" value=\"11.0–18.x\"/>"))
  }

  @Test("a check with an error is a failure whose message names the versions")
  func failures() throws {
    let (status, document) = try Self.junit([LintFixtures.path("WrongTypes")])
    #expect(status == 1)
    let failed = try Self.cases(in: document).filter(\.failed).map(\.name)
    #expect(failed == ["K2 requestWhenInUseAuthorization", "T4 NSLocationTemporaryUsageDescriptionDictionary"])
    let text = String(decoding: document, as: UTF8.self)
    #expect(text.contains("type=\"LintError\""))
    // The message names the key's line (issue 38, item 13).
    #expect(text.contains("/Info.plist:7: iOS 15.0–26.x: requestWhenInUseAuthorization is a silent no-op"))
  }

  @Test("a malformed Info.plist still gets a report: one failed case")
  func malformed() throws {
    let (status, document) = try Self.junit([LintFixtures.path("Malformed")])
    #expect(status == 1)
    let cases = try Self.cases(in: document)
    #expect(cases.count == 1)
    #expect(cases.first?.failed == true)
    #expect(String(decoding: document, as: UTF8.self).contains("type=\"PlistError\""))
  }

  @Test("a report that cannot be written exits 2")
  func unwritable() throws {
    let command = try LintCommand.parse([LintFixtures.path("Complete"), "--junit", "/dev/null/report.xml"])  // a folder cannot be made inside a file
    var errors = ""
    #expect(command.perform(output: { _ in }, errors: { errors += $0 }, at: LintCommandTests.instant) == 2)
    #expect(errors.contains("/dev/null/report.xml"))
  }

  @Test(
    "the report validates against junit-10-file-line.xsd",
    .enabled(if: LintJUnitTests.schemaValidation != nil, "needs xmllint (Debian package libxml2-utils) and ../shared/schemas"),
    arguments: ["Complete", "WrongTypes", "Localized", "Malformed"])
  func validates(name: String) throws {
    let (_, document) = try Self.junit([LintFixtures.path(name)])
    let file = LintFixtures.temporaryPath("\(name).xml")
    try document.write(to: URL(fileURLWithPath: file))
    defer { try? FileManager.default.removeItem(atPath: file) }
    let (xmllint, schema) = try #require(Self.schemaValidation)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: xmllint)
    process.arguments = ["--noout", "--schema", schema, file]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let complaint = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(complaint)")
  }

  /// xmllint on `PATH` and the rich flavour's schema in `../shared/schemas` beside the package, when both exist.
  static let schemaValidation: (xmllint: String, schema: String)? = {
    let schema = URL(fileURLWithPath: LintFixtures.packageRoot + "/../shared/schemas/junit-10-file-line.xsd")
      .standardizedFileURL.path
    let xmllint = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
      .map { "\($0)/xmllint" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    guard let xmllint, FileManager.default.fileExists(atPath: schema) else { return nil }
    return (xmllint, schema)
  }()
}
