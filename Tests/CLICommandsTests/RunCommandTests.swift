import Foundation
import PermsimTestSupport
import Reporting
import Runner
import Testing

/// `permsim run` end to end, through the built binary, on the fixtures in Tests/Fixtures/run.
@Suite("permsim run", .serialized)
struct RunCommandTests {
  static let fixtures = "Tests/Fixtures/run/scenarios"

  private func temporaryFile(_ name: String) -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("permsim-\(UUID().uuidString)-\(name)")
  }

  /// Runs the fixtures with a JUnit report and returns the output and the report.
  private func runFixtures(_ extra: [String] = [], environment: [String: String] = [:]) throws
    -> (PermsimProcess.Output, JUnitDocument, Data)
  {
    let report = temporaryFile("report.xml")
    defer { try? FileManager.default.removeItem(at: report) }
    let output = try PermsimProcess.run(["run", Self.fixtures, "--junit", report.path] + extra, environment: environment)
    let data = try Data(contentsOf: report)
    return (output, try JUnitDocument(data), data)
  }

  @Test("outcomes stay distinct from the console to the JUnit report and the exit code")
  func outcomes() throws {
    let (output, report, _) = try runFixtures()
    #expect(output.status == 1)
    #expect(output.standardOutput.contains("8 passed, 3 failed, 4 errors, 2 skipped"))

    let expected: [(String, String?, String?)] = [
      ("passing › When-In-Use on iOS 14 with Allow While Using App", nil, nil),
      ("passing › an inline Info.plist without keys is a silent no-op", nil, nil),
      ("failing › expects the wrong status", "failure", "ExpectationFailed"),
      ("misspells a manager method", "error", "ScriptError"),
      ("background reminder after three days", "skipped", nil),
      ("not on this CI", "skipped", nil),
      ("spins forever", "error", "BudgetExceeded"),
      ("the crash is expected", nil, nil),
      ("the crash is not expected", "failure", "AppCrashed"),
      ("first prompt buttons [iOS 12.0]", nil, nil),
      ("first prompt buttons [iOS 13.0]", nil, nil),
      ("first prompt buttons [iOS 14.0]", nil, nil),
      ("same name", nil, nil),
      ("same name #2", nil, nil),
    ]
    for (name, outcome, type) in expected {
      let testCase = try #require(report.testCase(name), "no case named \(name)")
      #expect(testCase.outcome == outcome, "\(name)")
      #expect(testCase.outcomeAttributes["type"] == type, "\(name)")
    }
    let loadFailures = report.cases.filter { $0.name == "(file failed to load)" }
    #expect(loadFailures.map(\.suite).sorted() == [
      "Tests/Fixtures/run/scenarios/load_error.lua", "Tests/Fixtures/run/scenarios/syntax_error.lua",
    ])
    #expect(loadFailures.compactMap { $0.outcomeAttributes["type"] }.sorted() == ["LoadError", "SyntaxError"])
    #expect(!report.suites.contains { $0.name.hasSuffix("helpers.lua") }, "a helper module is not a test file")
    #expect(report.rootAttributes["tests"] == "17")
  }

  @Test("a failure names the scenario's file and line, expected and actual, and the transcript")
  func failureReport() throws {
    let (output, report, _) = try runFixtures()
    #expect(output.standardOutput.contains("FAILED  Tests/Fixtures/run/scenarios/failing.lua:10  failing › expects the wrong status"))
    #expect(output.standardOutput.contains(#"expected "denied" to be "authorizedWhenInUse""#))
    #expect(output.standardOutput.contains("ERROR   Tests/Fixtures/run/scenarios/erroring.lua:5"))
    #expect(output.standardOutput.contains("did you mean requestWhenInUseAuthorization?"))
    let failing = try #require(report.testCase("failing › expects the wrong status"))
    #expect(failing.classname == "Tests.Fixtures.run.scenarios.failing")
    #expect(failing.attributes["file"] == "Tests/Fixtures/run/scenarios/failing.lua")
    #expect(failing.attributes["line"] == "10", "the line of the expectation that failed, not of scenario(")
    #expect(failing.outcomeAttributes["message"]?.hasPrefix("Tests/Fixtures/run/scenarios/failing.lua:10: ") == true)
    #expect(failing.outcomeText.hasPrefix("Tests/Fixtures/run/scenarios/failing.lua:10: "))
    #expect(failing.outcomeText.contains("scenario declared at Tests/Fixtures/run/scenarios/failing.lua:3\n"))
    #expect(failing.systemOut.contains("alert#1 tap “Don’t Allow”"))
  }

  @Test("text XML 1.0 cannot hold is cleaned: ESC sequences stripped, ]]> and markup escaped")
  func hostileText() throws {
    let (_, report, data) = try runFixtures()
    #expect(!data.contains(0x1B))
    let hostile = try #require(report.cases.first { $0.suite.hasSuffix("hostile.lua") })
    #expect(hostile.name == "hostile red name ]]> <&>")
    #expect(hostile.outcomeAttributes["message"]?.contains("bold ]]> </system-out>") == true)
  }

  @Test("both flavours validate against their schemas", .enabled(if: SchemaValidator.isAvailable, "xmllint or ../shared/schemas is missing"))
  func schemas() throws {
    for flavor in JUnitXMLReporter.Flavor.allCases {
      let (_, _, data) = try runFixtures(["--junit-flavor", flavor.rawValue])
      let problems = try SchemaValidator.problems(in: [UInt8](data), flavor: flavor)
      #expect(problems == nil, "\(flavor): \(problems ?? "")")
    }
  }

  @Test("--jobs 1 and --jobs 2 give the same report apart from times; with a fixed seed and time, the same bytes")
  func determinism() throws {
    func withoutTimes(_ data: Data) -> String {
      String(decoding: data, as: UTF8.self)
        .replacingOccurrences(of: #" (time|timestamp|hostname)="[^"]*""#, with: "", options: .regularExpression)
    }
    let one = try runFixtures(["--jobs", "1"]).2
    let two = try runFixtures(["--jobs", "2"]).2
    #expect(withoutTimes(one) == withoutTimes(two))

    let fixed = ["PERMSIM_DETERMINISTIC_TIME": "1"]
    let a = try runFixtures(["--jobs", "1", "--shuffle", "--seed", "11"], environment: fixed)
    let b = try runFixtures(["--jobs", "2", "--shuffle", "--seed", "11"], environment: fixed)
    #expect(a.2 == b.2)
    #expect(a.0.standardOutput == b.0.standardOutput)
    #expect(a.1.properties["permsim.seed"] == "11")
    #expect(a.0.standardOutput.contains("11"), "the seed is printed")
  }

  @Test("cases run as soon as their file is collected report what a plan of the whole run reports: the same bytes (--shard 1/1 runs none ahead)", arguments: ["1", "2"])
  func runAhead(jobs: String) throws {
    let fixed = ["PERMSIM_DETERMINISTIC_TIME": "1"]
    let ahead = try runFixtures(["--jobs", jobs], environment: fixed)
    let whole = try runFixtures(["--jobs", jobs, "--shard", "1/1"], environment: fixed)
    let shard = #"\n *<property name="shard" value="1/1"/>"#
    let wholeReport = String(decoding: whole.2, as: UTF8.self).replacingOccurrences(of: shard, with: "", options: .regularExpression)
    #expect(String(decoding: ahead.2, as: UTF8.self) == wholeReport)
    #expect(ahead.0.status == whole.0.status)
  }

  @Test("a case that makes a worker that ran other files hold past --worker-memory runs again on a new worker: what they left is not its verdict")
  func workerMemoryAfterOthers() throws {
    // a.lua's top level holds 110 MiB (kept for its next case); b.lua's case holds 50 MiB for a while.
    // Alone, each fits in 200 MiB; one after the other on one worker they do not.
    let folder = temporaryFile("worker-memory")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try """
      local big = {}
      for i = 1, 110 do big[i] = string.rep(string.char(65 + i % 26), 1024 * 1024 - 64) .. i end
      scenario("holds 110 MiB at its top level", function() expect(#big).to_be(110) end)
      """.write(to: folder.appendingPathComponent("a.lua"), atomically: true, encoding: .utf8)
    try """
      scenario("makes 50 MiB for a moment", function()
        local parts = {}
        for i = 1, 50 do parts[i] = string.rep("b", 1024 * 1024 - 64) .. i end
        local n = 0
        for i = 1, 3000000 do n = n + #parts[1 + i % 50] end
      end)
      """.write(to: folder.appendingPathComponent("b.lua"), atomically: true, encoding: .utf8)
    let output = try PermsimProcess.run(
      ["run", folder.path, "--root", folder.path, "--memory", "190M", "--worker-memory", "200M", "--jobs", "1"])
    #expect(output.status == 0, "\(output.standardOutput)\(output.standardError)")
    #expect(output.standardOutput.contains("2 passed, 0 failed, 0 errors"), "\(output.standardOutput)")
  }

  @Test("a run where everything passes exits 0")
  func success() throws {
    let output = try PermsimProcess.run(["run", "\(Self.fixtures)/passing.lua", "\(Self.fixtures)/matrix.lua"])
    #expect(output.status == 0)
    #expect(output.standardOutput.contains("7 passed, 0 failed, 0 errors, 0 skipped"))
  }

  @Test("usage errors and unreadable input exit 2", arguments: [
    ["run", "Tests/Fixtures/run/no-such-folder"],
    ["run", fixtures, "--shard", "3/2"],
    ["run", fixtures, "--ios", "6.0"],
    ["run", fixtures, "--filter", "[unclosed"],
    ["run", fixtures, "--jobs", "0"],
    ["run", fixtures, "--tags", "a", "--exclude-tags", "a"],
    ["run", fixtures, "--memory", "lots"],
    ["run", fixtures, "--no-such-option"],
    ["run", "Tests/Fixtures/run/apps"],
  ])
  func usage(arguments: [String]) throws {
    let output = try PermsimProcess.run(arguments)
    #expect(output.status == 2, "\(arguments): \(output.standardError)")
    #expect(!output.standardError.isEmpty)
  }

  @Test("--list prints the planned cases and runs nothing")
  func list() throws {
    let output = try PermsimProcess.run(["run", Self.fixtures, "--list", "--ios", "13.0,14.0", "--filter", "When%-In%-Use"])
    #expect(output.status == 0)
    #expect(output.standardOutput.contains("passing › When-In-Use on iOS 14 with Allow While Using App [iOS 13.0]"))
    #expect(output.standardOutput.contains("passing › When-In-Use on iOS 14 with Allow While Using App [iOS 14.0]"))
    #expect(
      output.standardOutput.contains("load_error.lua\n  (file failed to load) [iOS 13.0, 14.0]"),
      "files that fail to load are always reported")
    #expect(output.standardOutput.hasSuffix("4 cases in 3 files\n"))
  }

  @Test("--tags skips the other cases; --fail-fast reports the rest as skipped")
  func tagsAndFailFast() throws {
    let (tagged, tagReport, _) = try runFixtures(["--tags", "matrix"])
    #expect(tagged.status == 1, "load errors are still errors")
    #expect(tagReport.testCase("first prompt buttons [iOS 14.0]")?.outcome == nil)
    #expect(tagReport.testCase("same name")?.outcomeAttributes["message"] == "excluded by --tags matrix")

    let (_, fastReport, _) = try runFixtures(["--fail-fast", "--jobs", "2"])
    let outcomes = fastReport.cases.map(\.outcome)
    let first = try #require(outcomes.firstIndex { $0 == "failure" || $0 == "error" })
    #expect(outcomes[(first + 1)...].allSatisfy { $0 == "skipped" })
  }

  @Test("shards split the cases and together run every case once")
  func shards() throws {
    var names: [String] = []
    for k in 1...3 {
      let (_, report, _) = try runFixtures(["--shard", "\(k)/3"])
      names += report.cases.map { "\($0.suite) \($0.name)" }
    }
    let (_, whole, _) = try runFixtures()
    #expect(names.sorted() == whole.cases.map { "\($0.suite) \($0.name)" }.sorted())
  }

  /// Every CI variable `--shard auto` reads, unset, so that the tests' own CI cannot decide a shard.
  static let noFleet = Dictionary(uniqueKeysWithValues: Shard.fleets.flatMap { [($0.index, ""), ($0.total, "")] })

  @Test("--shard auto takes the shard from GitLab's, Buildkite's or CircleCI's variables")
  func shardAuto() throws {
    let gitlab = Self.noFleet.merging(["CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "3"]) { $1 }
    let (_, auto, _) = try runFixtures(["--shard", "auto"], environment: gitlab)
    let (_, explicit, _) = try runFixtures(["--shard", "2/3"], environment: Self.noFleet)
    #expect(auto.cases.map(\.name) == explicit.cases.map(\.name))
    #expect(auto.properties["shard"] == "2/3")
    let buildkite = Self.noFleet.merging(["BUILDKITE_PARALLEL_JOB": "1", "BUILDKITE_PARALLEL_JOB_COUNT": "3"]) { $1 }
    #expect(try runFixtures(["--shard", "auto"], environment: buildkite).1.properties["shard"] == "2/3", "0-based")
  }

  @Test("--shard auto outside a parallel CI job is a usage error that names the variables")
  func shardAutoWithoutFleet() throws {
    let output = try PermsimProcess.run(["run", Self.fixtures, "--shard", "auto"], environment: Self.noFleet)
    #expect(output.status == 2)
    #expect(output.standardError.contains("--shard auto: none of CI_NODE_INDEX/CI_NODE_TOTAL (GitLab CI)"), "\(output.standardError)")
    let lone = try PermsimProcess.run(
      ["run", Self.fixtures, "--shard", "auto"], environment: Self.noFleet.merging(["CIRCLE_NODE_TOTAL": "4"]) { $1 })
    #expect(lone.status == 2)
    #expect(lone.standardError.contains("--shard auto: CircleCI: CIRCLE_NODE_TOTAL is set but CIRCLE_NODE_INDEX is not"))
  }

  @Test("--repeat runs each case N times under distinct names")
  func repeats() throws {
    let (_, report, _) = try runFixtures(["--repeat", "2", "--filter", "^passing"])
    #expect(report.cases.map(\.name).filter { $0.hasPrefix("passing") }.count == 4)
    #expect(report.testCase("passing › When-In-Use on iOS 14 with Allow While Using App (repeat 2/2)") != nil)
  }

  @Test("--instructions sets the budget of every case; a scenario's API calls cost few instructions")
  func instructionBudget() throws {
    let (_, report, _) = try runFixtures(["--instructions", "20K"])
    let spinning = try #require(report.testCase("spins forever"))
    #expect(spinning.outcomeAttributes["type"] == "BudgetExceeded")
    #expect(spinning.outcomeAttributes["message"]?.contains("(20000 instructions)") == true)
    #expect(report.testCase("passing › When-In-Use on iOS 14 with Allow While Using App")?.outcome == nil)
  }

  @Test("several JUnit outputs in one run hold the same report")
  func severalReports() throws {
    let first = temporaryFile("a.xml")
    let second = temporaryFile("b.xml")
    defer {
      try? FileManager.default.removeItem(at: first)
      try? FileManager.default.removeItem(at: second)
    }
    _ = try PermsimProcess.run(
      ["run", Self.fixtures, "--junit", first.path, "--junit", second.path], environment: ["PERMSIM_DETERMINISTIC_TIME": "1"])
    #expect(try Data(contentsOf: first) == Data(contentsOf: second))
  }
}

/// A scenario whose `device { ios = … }` pins a version other than `--ios` (issue 13, point 9).
@Suite("permsim run: a case labelled with the version that ran", .serialized)
struct PinnedVersionLabelTests {
  static let fixture = "Tests/Fixtures/run/pinned"

  private func run(_ extra: [String]) throws -> (PermsimProcess.Output, JUnitDocument) {
    let report = FileManager.default.temporaryDirectory.appendingPathComponent("permsim-\(UUID().uuidString)-pinned.xml")
    defer { try? FileManager.default.removeItem(at: report) }
    let output = try PermsimProcess.run(["run", Self.fixture, "--junit", report.path] + extra)
    return (output, try JUnitDocument(Data(contentsOf: report)))
  }

  @Test("with one --ios: name, console line and JUnit say the pinned version ran")
  func oneVersion() throws {
    let (output, report) = try run(["--ios", "14.0"])
    let name = "pinned by its device [ran on iOS 12.0, not --ios 14.0]"
    #expect(output.standardOutput.contains("FAILED  Tests/Fixtures/run/pinned/pinned_device.lua:6  \(name)"))
    #expect(report.testCase(name) != nil, "\(report.cases.map(\.name))")
    #expect(report.testCase("follows --ios [iOS 14.0]") != nil, "one --ios value is part of every name (issue 17)")
    #expect(report.properties["ios.versions"] == "12.0, 14.0")
  }

  @Test("with several --ios values each case keeps a distinct name")
  func severalVersions() throws {
    let (_, report) = try run(["--ios", "13.0,14.0"])
    #expect(report.testCase("pinned by its device [ran on iOS 12.0, not --ios 13.0]") != nil, "\(report.cases.map(\.name))")
    #expect(report.testCase("pinned by its device [ran on iOS 12.0, not --ios 14.0]") != nil)
    #expect(report.testCase("follows --ios [iOS 13.0]") != nil)
  }

  @Test("without --ios the name stays; the report names the version that ran")
  func noOption() throws {
    let (_, report) = try run([])
    #expect(report.testCase("pinned by its device") != nil, "\(report.cases.map(\.name))")
    #expect(report.properties["ios.versions"] == "12.0, 26.0")
  }

  /// A folder holding `files` (name → source), removed after `body`.
  private func withScenarios(_ files: [String: String], _ body: (URL) throws -> Void) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("permsim-\(UUID().uuidString)-scenarios")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for (name, source) in files { try source.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
    try body(folder)
  }

  @Test("a --filter or --tags that selects no case is a usage error naming the option (exit 2)")
  func emptySelection() throws {
    let source = """
      scenario("asks once", { tags = { "onboarding" } }, function() end)
      scenario("asks twice", function() end)
      """
    try withScenarios(["a.lua": source]) { folder in
      let filtered = try PermsimProcess.run(["run", folder.path, "--filter", "zzz"])
      #expect(filtered.status == 2)
      #expect(filtered.standardError.contains("--filter zzz matches no case in 1 scenario file"), "\(filtered.standardError)")
      #expect(!filtered.standardOutput.contains("passed"))
      let tagged = try PermsimProcess.run(["run", folder.path, "--tags", "slow"])
      #expect(tagged.status == 2)
      #expect(tagged.standardError.contains("--tags slow matches no case: the cases' tags are onboarding"), "\(tagged.standardError)")
      let matching = try PermsimProcess.run(["run", folder.path, "--filter", "once", "--tags", "onboarding"])
      #expect(matching.status == 0, "\(matching.standardError)")
      let sharded = try PermsimProcess.run(["run", folder.path, "--filter", "once", "--shard", "2/2"])
      #expect(sharded.status == 0, "a shard may be empty when the filter matches elsewhere: \(sharded.standardError)")
    }
  }

  @Test("--verbose shows the transcript and print output of passing cases")
  func verbose() throws {
    try withScenarios(["a.lua": "scenario(\"talks\", function() print(\"hello from print\") end)\n"]) { folder in
      let quiet = try PermsimProcess.run(["run", folder.path])
      #expect(!quiet.standardOutput.contains("hello from print"))
      let verbose = try PermsimProcess.run(["run", folder.path, "--verbose"])
      #expect(verbose.status == 0)
      #expect(verbose.standardOutput.contains("/a.lua:1  talks\n"), "\(verbose.standardOutput)")
      #expect(verbose.standardOutput.contains("print: hello from print"))
    }
  }
}
