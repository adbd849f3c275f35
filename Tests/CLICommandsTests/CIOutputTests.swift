import Foundation
import PermsimTestSupport
import Reporting
import Testing

/// `permsim run`'s outputs for CI, end to end through the built binary, each read back with a real parser.
@Suite("permsim run for CI", .serialized)
struct CIOutputTests {
  static let fixtures = "Tests/Fixtures/run/scenarios"
  static let deterministic = ["PERMSIM_DETERMINISTIC_TIME": "1"]
  static let docs = PermsimProcess.packageRoot.appendingPathComponent("docs")

  /// A scratch folder, removed after `body`.
  private func scratch<T>(_ body: (URL) throws -> T) throws -> T {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("permsim-ci-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try body(folder)
  }

  private func read(_ url: URL) throws -> String {
    String(decoding: try Data(contentsOf: url), as: UTF8.self)
  }

  /// The identities (classname and name) of a JUnit report's cases.
  private func identities(_ report: JUnitDocument) -> [String] {
    report.cases.map { "\($0.classname)::\($0.name)" }
  }

  // MARK: - Outputs together

  @Test("console, JUnit, TAP, JSON and GitHub annotations in one run agree, each read back by its parser")
  func allOutputs() throws {
    try scratch { folder in
      let (junit, tap, json, github) = (
        folder.appendingPathComponent("r.xml"), folder.appendingPathComponent("r.tap"),
        folder.appendingPathComponent("r.jsonl"), folder.appendingPathComponent("r.github"))
      let output = try PermsimProcess.run(
        ["run", Self.fixtures, "--output", "junit=\(junit.path)", "--output", "tap=\(tap.path)",
         "--output", "json=\(json.path)", "--output", "github=\(github.path)"],
        environment: Self.deterministic)
      #expect(output.status == 1)
      #expect(output.standardOutput.contains("8 passed, 3 failed, 4 errors, 2 skipped"), "the console stays on")

      let report = try JUnitDocument(contentsOf: junit)
      #expect(report.cases.count == 17)

      if PythonParsers.hasTAP {
        let parsed = try PythonParsers.tap(try read(tap))
        #expect(parsed.status == 0, "\(parsed.output)")
        let points = parsed.output.split(separator: "\n").filter { $0.first?.isNumber == true }
        #expect(points.count == 17)
        #expect(points.filter { $0.contains(" not ok ") }.count == 7)
        #expect(points.filter { $0.contains(" skip ") }.count == 2)
        #expect(parsed.output.contains(" not ok Tests/Fixtures/run/scenarios/failing.lua:10 fail\n"))
        #expect(parsed.output.hasSuffix("plan 17\n"))
        #expect(!parsed.output.contains("unknown"))
      }
      if PythonParsers.hasJSONSchema {
        let parsed = try PythonParsers.jsonLines(try read(json), schema: Self.docs.appendingPathComponent("permsim-events.schema.json"))
        #expect(parsed.status == 0, "\(parsed.output)")
      }
      let events = try read(json).split(separator: "\n").compactMap {
        try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
      }
      let ended = events.filter { $0["event"] as? String == "caseEnded" }
      #expect(ended.count == 17)
      let failing = try #require(ended.first { $0["name"] as? String == "failing › expects the wrong status" })
      #expect(failing["line"] as? Int == 3, "the declaration")
      #expect((failing["failure"] as? [String: Any])?["line"] as? Int == 10, "where it failed")

      if PythonParsers.hasJUnitParser {
        let parsed = try PythonParsers.junit(try Data(contentsOf: junit))
        #expect(parsed.status == 0, "\(parsed.output)")
        #expect(parsed.output.hasSuffix("totals 17 3 4 2\n"), "\(parsed.output)")
        #expect(parsed.output.contains("Tests.Fixtures.run.scenarios.failing|failing › expects the wrong status|failure|10\n"))
      }
      if PythonParsers.hasXUnitParser {
        let parsed = try PythonParsers.xunit(try Data(contentsOf: junit))
        #expect(parsed.status == 0, "xunitparser reads a report of ten files: \(parsed.output)")
        #expect(parsed.output.contains("totals 17 3 4 2\n"), "\(parsed.output)")
        #expect(parsed.output.contains("Tests.Fixtures.run.scenarios.failing|failing › expects the wrong status|failure\n"))
      }
      if SchemaValidator.isAvailable {
        #expect(try SchemaValidator.problems(in: [UInt8](Data(contentsOf: junit)), flavor: .rich) == nil)
      }

      let annotations = try read(github).split(separator: "\n").map(String.init)
      #expect(annotations.count == 7, "one per failure or error")
      for line in annotations {
        #expect(GitHubAnnotationFormat.isWellFormed(line), "\(line)")
      }
      #expect(annotations.contains {
        $0.hasPrefix("::error file=Tests/Fixtures/run/scenarios/failing.lua,line=10,title=FAILED failing › expects the wrong status::")
      })
    }
  }

  @Test("TAP or JSON on standard output are the only thing there", arguments: ["tap", "json"])
  func streamOnStandardOutput(kind: String) throws {
    let output = try PermsimProcess.run(["run", Self.fixtures, "--output", kind], environment: Self.deterministic)
    #expect(output.status == 1)
    if kind == "tap" {
      #expect(output.standardOutput.hasPrefix("TAP version 13\n"))
      if PythonParsers.hasTAP {
        let parsed = try PythonParsers.tap(output.standardOutput)
        #expect(parsed.status == 0 && !parsed.output.contains("unknown"), "\(parsed.output)")
      }
    } else {
      let lines = output.standardOutput.split(separator: "\n")
      #expect(lines.count == 1 + 2 * 10 + 2 * 17 + 1, "runStarted, two per scenario file, two per case, runEnded")
      #expect(lines.allSatisfy { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) != nil })
    }
  }

  @Test("under GITHUB_ACTIONS=true failures are annotated on their lines, beside the console")
  func githubActions() throws {
    let output = try PermsimProcess.run(["run", Self.fixtures], environment: ["GITHUB_ACTIONS": "true"])
    let annotations = output.standardOutput.split(separator: "\n").filter { $0.hasPrefix("::") }.map(String.init)
    #expect(annotations.count == 7)
    #expect(annotations.allSatisfy(GitHubAnnotationFormat.isWellFormed))
    #expect(annotations.contains { $0.hasPrefix("::error file=Tests/Fixtures/run/scenarios/erroring.lua,line=5,title=ERROR ") })
    #expect(output.standardOutput.contains("8 passed, 3 failed, 4 errors, 2 skipped"))
    let plain = try PermsimProcess.run(["run", Self.fixtures], environment: ["GITHUB_ACTIONS": "false"])
    #expect(!plain.standardOutput.contains("::error"))
  }

  @Test("output usage errors exit 2", arguments: [
    ["--output", "tap", "--output", "json"], ["--output", "xml"], ["--output", "junit"], ["--output", "tap="],
    ["--output", "tap", "--output", "console"], ["--junit-output", "some"], ["--list", "--format", "yaml"],
    ["--format", "json"],
  ])
  func usage(arguments: [String]) throws {
    let output = try PermsimProcess.run(["run", Self.fixtures] + arguments)
    #expect(output.status == 2, "\(arguments): \(output.standardError)")
    #expect(!output.standardError.isEmpty)
  }

  // MARK: - Identity

  @Test("two jobs of the gallery with --ios 13.0 and --ios 14.0 report disjoint identities")
  func perVersionJobs() throws {
    try scratch { folder in
      var reports: [[String]] = []
      for version in ["13.0", "14.0"] {
        let path = folder.appendingPathComponent("\(version).xml")
        let output = try PermsimProcess.run(["run", "Examples", "--ios", version, "--junit", path.path])
        #expect(output.status == 0, "\(output.standardOutput)")
        let report = try JUnitDocument(contentsOf: path)
        #expect(!report.cases.isEmpty)
        #expect(report.cases.allSatisfy { $0.name.hasSuffix("[iOS \(version)]") }, "the version is in every name")
        reports.append(identities(report))
      }
      #expect(Set(reports[0]).isDisjoint(with: Set(reports[1])))
      #expect(Set(reports[0]).count == reports[0].count && Set(reports[1]).count == reports[1].count)
    }
  }

  // MARK: - Size

  @Test("the gallery's default report keeps no passing transcript: at most 30% of one that keeps them all")
  func reportSize() throws {
    try scratch { folder in
      let lean = folder.appendingPathComponent("lean.xml")
      let full = folder.appendingPathComponent("full.xml")
      _ = try PermsimProcess.run(["run", "Examples", "--junit", lean.path], environment: Self.deterministic)
      _ = try PermsimProcess.run(
        ["run", "Examples", "--junit", full.path, "--junit-output", "all"], environment: Self.deterministic)
      let (leanBytes, fullBytes) = (try Data(contentsOf: lean).count, try Data(contentsOf: full).count)
      #expect(leanBytes * 10 <= fullBytes * 3, "\(leanBytes) bytes by default, \(fullBytes) with every transcript")
      // Before issue 17 the gallery's default report was 291,541 bytes for its 257 cases.
      let cases = try JUnitDocument(contentsOf: lean).cases.count
      #expect(leanBytes <= 291_541 * 3 / 10 * cases / 257)
      #expect(try JUnitDocument(contentsOf: full).cases.contains { !$0.systemOut.isEmpty })
      #expect(try JUnitDocument(contentsOf: lean).cases.allSatisfy { $0.systemOut.isEmpty })
    }
  }

  // MARK: - Shards

  @Test("--shard K/20 of the gallery: every shard holds cases, records K/20, and together they are the whole run")
  func galleryShards() throws {
    try scratch { folder in
      let whole = folder.appendingPathComponent("whole.xml")
      _ = try PermsimProcess.run(["run", "Examples", "--junit", whole.path])
      var union: [String] = []
      var sizes: [Int] = []
      for k in 1...20 {
        let path = folder.appendingPathComponent("\(k).xml")
        let output = try PermsimProcess.run(["run", "Examples", "--shard", "\(k)/20", "--junit", path.path])
        #expect(output.status == 0)
        let report = try JUnitDocument(contentsOf: path)
        #expect(report.properties["shard"] == "\(k)/20")
        sizes.append(report.cases.count)
        union += identities(report)
      }
      #expect(sizes.allSatisfy { $0 > 0 }, "\(sizes)")
      #expect((sizes.max() ?? 0) - (sizes.min() ?? 0) <= 1, "balanced: \(sizes)")
      #expect(union.sorted() == identities(try JUnitDocument(contentsOf: whole)).sorted())
    }
  }

  @Test("an empty shard writes valid, empty reports, says so on stderr and exits 0", arguments: JUnitXMLReporter.Flavor.allCases)
  func emptyShard(flavor: JUnitXMLReporter.Flavor) throws {
    try scratch { folder in
      let path = folder.appendingPathComponent("empty.xml")
      let output = try PermsimProcess.run(
        ["run", "\(Self.fixtures)/passing.lua", "--shard", "5/5", "--junit", path.path, "--junit-flavor", flavor.rawValue])
      #expect(output.status == 0)
      #expect(output.standardError.contains("shard 5/5 holds no cases"))
      let report = try JUnitDocument(contentsOf: path)
      #expect(report.cases.isEmpty)
      #expect(report.properties["shard"] == "5/5")
      if SchemaValidator.isAvailable {
        #expect(try SchemaValidator.problems(in: [UInt8](Data(contentsOf: path)), flavor: flavor) == nil)
      }
    }
  }

  // MARK: - List

  @Test("--list --format json is one document valid against its schema")
  func listJSON() throws {
    let output = try PermsimProcess.run(["run", "Examples", "--list", "--format", "json", "--ios", "14.0"])
    #expect(output.status == 0)
    let document = try #require(try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any])
    #expect(document["version"] as? Int == 1)
    let files = try #require(document["files"] as? [[String: Any]])
    #expect(files.reduce(0) { $0 + (($1["cases"] as? [Any])?.count ?? 0) } == document["count"] as? Int)
    if PythonParsers.hasJSONSchema {
      let parsed = try PythonParsers.jsonDocument(
        output.standardOutput, schema: Self.docs.appendingPathComponent("permsim-list.schema.json"))
      #expect(parsed.status == 0, "\(parsed.output)")
    }
  }

  @Test("--list writes control characters from names as escapes, never raw")
  func listEscapes() throws {
    let output = try PermsimProcess.run(["run", "\(Self.fixtures)/hostile.lua", "--list"])
    #expect(output.status == 0)
    #expect(!output.standardOutput.utf8.contains(0x1B))
    #expect(output.standardOutput.contains(#"hostile \u{1B}[31mred\u{1B}[0m name ]]> <&>"#))
  }

  // MARK: - Where it failed

  @Test("an expect that fails inside a helper module is reported at the scenario line that called it")
  func failureInHelper() throws {
    try scratch { folder in
      try FileManager.default.createDirectory(at: folder.appendingPathComponent("helpers"), withIntermediateDirectories: true)
      try Data("""
        local M = {}
        function M.denied(manager)
          expect(manager.authorizationStatus).to_be "denied"
        end
        return M

        """.utf8).write(to: folder.appendingPathComponent("helpers/check.lua"))
      try Data("""
        local check = require "helpers.check"
        scenario("helper fails", function()
          local app = device { ios = "14.0" }:install { info = { NSLocationWhenInUseUsageDescription = "x" } }
          app:launch()
          local manager = app:location_manager()
          check.denied(manager)
        end)

        """.utf8).write(to: folder.appendingPathComponent("a.lua"))
      let report = folder.appendingPathComponent("r.xml")
      let json = folder.appendingPathComponent("r.jsonl")
      let output = try PermsimProcess.run(
        ["run", "a.lua", "--junit", report.path, "--output", "json=\(json.path)", "--output", "github"], in: folder)
      #expect(output.status == 1)
      #expect(output.standardOutput.contains("FAILED  a.lua:6  helper fails\n"))
      #expect(output.standardOutput.contains("::error file=a.lua,line=6,title=FAILED helper fails::"))
      let testCase = try #require(try JUnitDocument(contentsOf: report).cases.first)
      #expect(testCase.attributes["line"] == "6")
      #expect(testCase.outcomeAttributes["message"]?.hasPrefix("a.lua:6: expected") == true)
      #expect(testCase.outcomeText.contains("raised at helpers/check.lua:3\nscenario declared at a.lua:2\n"))
      let ended = try #require(try read(json).split(separator: "\n").compactMap {
        try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
      }.first { $0["event"] as? String == "caseEnded" })
      #expect(ended["line"] as? Int == 2)
      #expect((ended["failure"] as? [String: Any])?["line"] as? Int == 6)
    }
  }

  // MARK: - Paths and names

  @Test("a file outside the current directory is named by its absolute path; dots in its name become _ in the classname")
  func outsideCurrentDirectory() throws {
    try scratch { folder in
      let source = PermsimProcess.packageRoot.appendingPathComponent("\(Self.fixtures)/failing.lua")
      let scenarios = folder.appendingPathComponent("v1.2")
      try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
      let apps = PermsimProcess.packageRoot.appendingPathComponent("Tests/Fixtures/run/apps")
      try FileManager.default.copyItem(at: apps, to: folder.appendingPathComponent("apps"))
      let file = scenarios.appendingPathComponent("ios14.5_x.lua")
      try FileManager.default.copyItem(at: source, to: file)
      let report = folder.appendingPathComponent("r.xml")
      _ = try PermsimProcess.run(["run", file.path, "--junit", report.path])
      let document = try JUnitDocument(contentsOf: report)
      let resolved = file.resolvingSymlinksInPath().path
      #expect(document.suites.map(\.name) == [resolved], "not the bare file name")
      let testCase = try #require(document.cases.first)
      #expect(testCase.attributes["file"] == resolved)
      #expect(testCase.classname.hasSuffix(".v1_2.ios14_5_x"), "\(testCase.classname)")
      #expect(!testCase.classname.hasPrefix("."))
    }
  }
}
