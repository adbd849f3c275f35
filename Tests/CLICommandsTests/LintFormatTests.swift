import Foundation
import PermsimTestSupport
import Testing

@testable import CLICommands
@testable import Linting

/// `permsim lint FOLDER` over many Info.plists, and its JSON and SARIF outputs (issue 38, item 12).
@Suite("lint: folders, JSON and SARIF")
struct LintFormatTests {
  /// A folder holding two apps, an Info.plist in build output, a Firebase plist and a pod: only the apps count.
  static func tree() throws -> String {
    let root = LintFixtures.temporaryPath("tree")
    func write(_ path: String, _ text: String) throws {
      let full = root + "/" + path
      try FileManager.default.createDirectory(
        atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try text.write(toFile: full, atomically: true, encoding: .utf8)
    }
    func plist(_ entries: String) -> String {
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0">
      <dict>
      \t<key>CFBundleName</key>
      \t<string>Demo</string>
      \(entries)
      </dict>
      </plist>
      """
    }
    let good = "\t<key>NSLocationWhenInUseUsageDescription</key>\n\t<string>Shows the cafés around you on the map.</string>"
    try write("Cafe/Cafe-Info.plist", plist(good))
    try write("Broken/Info.plist", plist("\t<key>NSLocationWhenInUsageDescription</key>\n\t<string>Shows the cafés around you.</string>"))
    try write("Cafe/GoogleService-Info.plist", plist(""))
    try write("build/Debug-iphoneos/Cafe.app/Info.plist", plist(""))
    try write("Pods/Target Support Files/Lib/Lib-Info.plist", plist(""))
    try write("Cafe/Settings-Info.plist", "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>Title</key><string>x</string></dict></plist>")
    return root
  }

  @Test("a folder without an Info.plist of its own: every Info.plist below it, build output and pods skipped, and a total")
  func folder() throws {
    let root = try Self.tree()
    defer { try? FileManager.default.removeItem(atPath: root) }
    #expect(InfoPlistDiscovery.infoPlists(under: root) == [
      root + "/Broken/Info.plist", root + "/Cafe/Cafe-Info.plist", root + "/Cafe/Settings-Info.plist",
    ])
    let result = try LintCommandTests.lint([root])
    #expect(result.status == 1)
    let lines = result.output.split(separator: "\n").map(String.init)
    #expect(lines.contains { $0.hasPrefix(root + "/Broken/Info.plist:6: error: ") && $0.contains("did you mean") })
    #expect(lines.filter { $0.hasPrefix("permsim lint: ") && $0.contains(" in ") }.count == 2, "one summary per Info.plist")
    #expect(lines.last == "permsim lint: 2 Info.plists, 1 with errors: 2 errors, 0 warnings, 2 notes")
  }

  @Test("--junit on a folder: one suite per Info.plist, failed cases where errors are")
  func junit() throws {
    let root = try Self.tree()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let path = root + "/lint.xml"
    #expect(try LintCommandTests.lint([root, "--junit", path]).status == 1)
    let document = try JUnitDocument(contentsOf: URL(fileURLWithPath: path))
    #expect(document.suites.map(\.name) == [root + "/Broken/Info.plist", root + "/Cafe/Cafe-Info.plist"])
    #expect(document.cases.filter { $0.outcome == "failure" }.map(\.suite) == [root + "/Broken/Info.plist", root + "/Broken/Info.plist"])
  }

  @Test("--format json: one document with every Info.plist's range, intentions and findings")
  func json() throws {
    let root = try Self.tree()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let result = try LintCommandTests.lint([root, "--format", "json"])
    #expect(result.status == 1)
    let document = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    #expect(document["failed"] as? Bool == true)
    let plists = try #require(document["plists"] as? [[String: Any]])
    #expect(plists.map { $0["path"] as? String } == [root + "/Broken/Info.plist", root + "/Cafe/Cafe-Info.plist"])
    #expect(plists.map { $0["rangeSource"] as? String } == ["assumed", "assumed"])
    let finding = try #require((plists[0]["findings"] as? [[String: Any]])?.first { $0["rule"] as? String == "K1" })
    #expect(finding["severity"] as? String == "error")
    #expect(finding["rule"] as? String == "K1")
    #expect(finding["line"] as? Int == 6)
  }

  @Test(
    "--format sarif: SARIF 2.1.0 valid against the published schema, each result at its file and line",
    .enabled(if: PythonParsers.hasJSONSchema, "needs Python's jsonschema (Scripts/bootstrap installs it)"))
  func sarif() throws {
    let root = try Self.tree()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let result = try LintCommandTests.lint([root, "--format", "sarif"])
    #expect(result.status == 1)
    let schema = URL(fileURLWithPath: LintFixtures.packageRoot + "/Tests/Fixtures/sarif/sarif-schema-2.1.0.json")
    let validated = try PythonParsers.jsonDocument(result.output, schema: schema)
    #expect(validated.status == 0, "\(validated.output)")
    let document = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    #expect(document["version"] as? String == "2.1.0")
    let run = try #require((document["runs"] as? [[String: Any]])?.first)
    let results = try #require(run["results"] as? [[String: Any]])
    let error = try #require(results.first { $0["ruleId"] as? String == "K1" })
    #expect(error["level"] as? String == "error")
    #expect(error["ruleId"] as? String == "K1")
    let location = try #require(((error["locations"] as? [[String: Any]])?.first?["physicalLocation"]) as? [String: Any])
    #expect((location["artifactLocation"] as? [String: Any])?["uri"] as? String == "file://" + root + "/Broken/Info.plist")
    #expect((location["region"] as? [String: Any])?["startLine"] as? Int == 6)
  }

  @Test(
    "--format sarif of a file that does not parse, and of the ten public apps, validates too",
    .enabled(if: PythonParsers.hasJSONSchema, "needs Python's jsonschema (Scripts/bootstrap installs it)"))
  func sarifOthers() throws {
    let schema = URL(fileURLWithPath: LintFixtures.packageRoot + "/Tests/Fixtures/sarif/sarif-schema-2.1.0.json")
    for path in [LintFixtures.path("Malformed"), LintFixtures.path("apps")] {
      let result = try LintCommandTests.lint([path, "--format", "sarif"])
      let validated = try PythonParsers.jsonDocument(result.output, schema: schema)
      #expect(validated.status == 0, "\(path): \(validated.output)")
    }
  }
}
