import Foundation
import PermsimTestSupport
import Testing

/// `permsim coverage merge`, run as a user runs it: the floor's exit status and line, and what it refuses.
@Suite("coverage merge")
struct CoverageCommandTests {
  /// A coverage file of one version whose diagram has two transitions, the first taken by `cases`.
  static func file(app: String? = nil, cases: [String]) -> String {
    let quoted = cases.map { "\"\($0)\"" }.joined(separator: ", ")
    return """
      {"format": 1, "app": \(app.map { "\"\($0)\"" } ?? "null"), "versions": [{
        "ios": "14.0", "cases": [\(quoted)],
        "transitions": [
          {"from": "notDetermined", "event": "request", "call": "requestWhenInUseAuthorization", "alert": "P7",
           "button": "Allow Once", "to": "temporaryWhenInUse", "callback": "locationManagerDidChangeAuthorization",
           "rule": "R6", "text": "ND → requestWhenInUseAuthorization → P7 “Allow Once” → WIUt (R6)", "inGraph": true, "cases": [\(quoted)]},
          {"event": "settings", "option": "never", "to": "denied", "rule": "E6", "text": "Settings → “Never” → DEN (E6)",
           "inGraph": true, "cases": []}
        ],
        "alerts": [], "buttons": [], "rules": [], "settingsChoices": []
      }]}
      """
  }

  static func write(_ files: [String: String]) throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("permsim-coverage-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    for (name, text) in files { try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8) }
    return directory
  }

  @Test("below --coverage-min: exit 1 and a line saying which version fell short of what, by how much")
  func floor() throws {
    let directory = try Self.write(["a.json": Self.file(cases: ["s.lua › one"]), "b.json": Self.file(cases: ["s.lua › two"])])
    defer { try? FileManager.default.removeItem(at: directory) }
    let short = try PermsimProcess.run(["coverage", "merge", "a.json", "b.json", "--coverage-min", "transitions=80"], in: directory)
    #expect(short.status == 1, "\(short.standardError)")
    #expect(short.standardError == "permsim: iOS 14.0 covers 50% of transitions (1/2), 30 points short of --coverage-min transitions=80\n")
    #expect(short.standardOutput.contains("iOS 14.0: 1/2 transitions, 0/0 alerts"), "\(short.standardOutput)")
    #expect(short.standardOutput.contains("  Settings → “Never” → DEN (E6) — no case"))
    let enough = try PermsimProcess.run(
      ["coverage", "merge", "a.json", "b.json", "--coverage-min", "transitions=50", "--output", "json"], in: directory)
    #expect(enough.status == 0, "\(enough.standardError)")
    // Both cases took the first transition; the JSON alone takes standard output.
    #expect(enough.standardOutput.contains("\"s.lua › one\",\n            \"s.lua › two\""), "\(enough.standardOutput)")
    #expect(!enough.standardOutput.contains("Permission coverage"))
  }

  @Test("parts measured against different apps, or a file that is not one, are usage errors (exit 2)")
  func refusals() throws {
    let directory = try Self.write([
      "a.json": Self.file(cases: ["s.lua › one"]), "b.json": Self.file(app: "Info.plist", cases: []), "c.json": "{\"format\": 1}",
    ])
    defer { try? FileManager.default.removeItem(at: directory) }
    let apps = try PermsimProcess.run(["coverage", "merge", "a.json", "b.json"], in: directory)
    #expect(apps.status == 2)
    #expect(apps.standardError.hasPrefix(
      "Error: b.json was measured against Info.plist, a.json against an app with every key: run every shard with the same --coverage-app\n"))
    let foreign = try PermsimProcess.run(["coverage", "merge", "c.json"], in: directory)
    #expect(foreign.status == 2)
    #expect(foreign.standardError.hasPrefix("Error: c.json is not a permsim coverage file: “versions” is missing\n"), "\(foreign.standardError)")
    let minimum = try PermsimProcess.run(["coverage", "merge", "a.json", "--coverage-min", "paths=80"], in: directory)
    #expect(minimum.status == 2)
    #expect(minimum.standardError.contains("“paths=80” is not KIND=PERCENT (KIND one of transitions, alerts, buttons, rules, settings)"))
  }
}
