import Foundation
import PermsimTestSupport
import Reporting
import Testing

/// A run always ends, with its report, whatever its outputs and signals do (issue 44): each test runs
/// `permsim run` from a shell under `timeout -s KILL`, so a run that hangs fails the test, never CI.
@Suite("A run always ends")
struct RunAlwaysEndsTests {
  static let fixtures = "Tests/Fixtures/hostile/ends"

  /// What a shell script printed and how it ended, and how long it took.
  struct ShellRun {
    var status: Int32
    var output: String
    var seconds: Double
  }

  /// Runs `script` with bash in a new folder (`$PERMSIM` the binary, `$FIXTURES` this suite's
  /// fixtures, `$ROOT` the package), killed after `limit` seconds.
  static func shell(_ script: String, limit: Int = 120) throws -> (ShellRun, URL) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("permsim-ends-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
    process.arguments = ["-s", "KILL", "\(limit)", "/bin/bash", "-c", script]
    process.currentDirectoryURL = folder
    var environment = ProcessInfo.processInfo.environment
    environment["PERMSIM"] = PermsimProcess.executable.path
    environment["FIXTURES"] = PermsimProcess.packageRoot.appendingPathComponent(fixtures).path
    environment["ROOT"] = PermsimProcess.packageRoot.path
    environment["NO_COLOR"] = "1"
    process.environment = environment
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    process.standardInput = FileHandle.nullDevice
    let started = Date()
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (ShellRun(status: process.terminationStatus, output: String(decoding: output, as: UTF8.self),
      seconds: Date().timeIntervalSince(started)), folder)
  }

  /// The value after `name=` on a line of `output`.
  static func value(_ name: String, in output: String) -> String? {
    output.split(separator: "\n").last { $0.hasPrefix(name + "=") }.map { String($0.dropFirst(name.count + 1)) }
  }

  static func isValidXML(_ file: URL) -> Bool {
    guard let data = try? Data(contentsOf: file) else { return false }
    return (try? JUnitDocument(data)) != nil
  }

  @Test("a file that fills both pipes at once ends with a valid report, names cut to the report limits, on one and two jobs", arguments: [1, 2])
  func bothPipes(jobs: Int) throws {
    let (run, folder) = try Self.shell(#""$PERMSIM" run "$FIXTURES/big.lua" --root / --jobs \#(jobs) --junit r.xml >out 2>&1; echo "status=$?""#)
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(Self.value("status", in: run.output) == "1", "\(run.output.suffix(500))")
    let report = try JUnitDocument(Data(contentsOf: folder.appendingPathComponent("r.xml")))
    #expect(report.cases.count == 11)
    #expect(report.cases.filter { $0.outcome == "failure" }.count == 5 && report.cases.filter { $0.outcome == "error" }.count == 5)
    let long = try #require(report.cases.first { $0.name.hasPrefix("a 4 MiB name") })
    #expect(long.outcome == nil && long.name.utf8.count <= 1_100, "\(long.name.utf8.count) bytes")
  }

  @Test("SIGTERM while both pipes are full ends the run within 5 s with a valid report, and no worker outlives it")
  func termWhileFull() throws {
    let (run, folder) = try Self.shell(#"""
      "$PERMSIM" run "$FIXTURES/big.lua" --root / --jobs 2 --junit r.xml >out 2>&1 &
      pid=$!
      sleep 1.5
      kill -TERM $pid
      start=$(date +%s%N)
      wait $pid; status=$?
      echo "status=$status"
      echo "ms=$(( ($(date +%s%N) - start) / 1000000 ))"
      echo "workers=$(pgrep -f "permsim worker" -P $pid | wc -l)"
      """#)
    defer { try? FileManager.default.removeItem(at: folder) }
    let status = Self.value("status", in: run.output)
    #expect(status == "143" || status == "1", "\(run.output)")  // 1: it had finished before the signal
    #expect((Int(Self.value("ms", in: run.output) ?? "") ?? .max) < 5_000, "\(run.output)")
    #expect(Self.value("workers", in: run.output) == "0")
    #expect(Self.isValidXML(folder.appendingPathComponent("r.xml")))
  }

  @Test("a console that went away (a closed pipe) is ignored: the report is written and the exit status is the verdicts'")
  func brokenPipe() throws {
    let (run, folder) = try Self.shell(#"""
      "$PERMSIM" run "$FIXTURES/commands.lua" --root / --junit r.xml -v | head -c 1 >/dev/null
      echo "status=${PIPESTATUS[0]}"
      """#)
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(Self.value("status", in: run.output) == "1", "\(run.output)")
    #expect(Self.isValidXML(folder.appendingPathComponent("r.xml")))
  }

  @Test("a console nobody reads (a stalled pipe): SIGTERM still ends the run within 5 s, with its report")
  func stalledConsole() throws {
    let (run, folder) = try Self.shell(#"""
      mkfifo console
      sleep 60 <console &
      reader=$!
      "$PERMSIM" run "$FIXTURES/big.lua" --root / --junit r.xml -v >console 2>/dev/null &
      pid=$!
      sleep 3
      kill -TERM $pid
      start=$(date +%s%N)
      wait $pid; echo "status=$?"
      echo "ms=$(( ($(date +%s%N) - start) / 1000000 ))"
      kill $reader
      """#)
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(["143", "1"].contains(Self.value("status", in: run.output) ?? ""), "\(run.output)")
    #expect((Int(Self.value("ms", in: run.output) ?? "") ?? .max) < 5_000, "\(run.output)")
    #expect(Self.isValidXML(folder.appendingPathComponent("r.xml")))
  }

  @Test("standard input, output and error closed: the report is still the report, with no console text inside")
  func closedStandardStreams() throws {
    let (run, folder) = try Self.shell(#""$PERMSIM" run "$FIXTURES/commands.lua" --root / --junit r.xml <&- >&- 2>&-; echo "status=$?""#)
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(Self.value("status", in: run.output) == "1", "\(run.output)")
    let report = try JUnitDocument(Data(contentsOf: folder.appendingPathComponent("r.xml")))
    #expect(report.cases.map(\.outcome) == ["error"])
    #expect(report.cases.allSatisfy { !$0.outcomeText.contains("WorkerCrashed") && $0.outcomeAttributes["type"] != "WorkerCrashed" }, "\(report.cases.map(\.outcomeText))")
  }

  @Test("a failure message holding workflow commands is shown on the console with its leading colon encoded, as in annotations")
  func workflowCommands() throws {
    let (run, folder) = try Self.shell(#""$PERMSIM" run "$FIXTURES/commands.lua" --root /"#)
    defer { try? FileManager.default.removeItem(at: folder) }
    let lines = run.output.split(separator: "\n").map { $0.drop { $0 == " " || $0 == "\t" } }
    #expect(!lines.contains { $0.hasPrefix("::stop-commands") || $0.hasPrefix("::add-mask") }, "\(run.output)")
    #expect(run.output.contains("%3A:stop-commands::token"))
  }

  @Test("a JUnit report naming a FIFO nobody reads does not block the run: it ends, saying why the report was not written")
  func fifoWithoutReader() throws {
    let (run, folder) = try Self.shell(#"""
      mkfifo r.xml
      "$PERMSIM" run "$FIXTURES/commands.lua" --root / --junit r.xml >/dev/null 2>err; echo "status=$?"
      cat err
      """#, limit: 60)
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(Self.value("status", in: run.output) == "1", "\(run.output)")
    #expect(run.output.contains("no process reads it"), "\(run.output)")
    #expect(run.seconds < 30)
  }

  @Test("the same output file spelled two ways is one file: a usage error, not a lost report")
  func sameFileTwoWays() throws {
    let (run, folder) = try Self.shell(#"""
      mkdir out
      "$PERMSIM" run "$FIXTURES/commands.lua" --root / --junit out/r.xml --output junit=out//r.xml; echo "status=$?"
      "$PERMSIM" run "$FIXTURES/commands.lua" --root / --output tap=./out/t.tap --output json=out/../out/t.tap; echo "status=$?"
      """#)
    defer { try? FileManager.default.removeItem(at: folder) }
    let statuses = run.output.split(separator: "\n").filter { $0.hasPrefix("status=") }
    #expect(statuses == ["status=2", "status=2"], "\(run.output)")
    #expect(run.output.contains("two outputs write to the same file"))
  }

  @Test("the first signal decides the exit status: SIGTERM then SIGINT exits 143")
  func firstSignalDecides() throws {
    let (run, folder) = try Self.shell(#"""
      "$PERMSIM" run "$ROOT/Tests/Fixtures/hostile/interrupt/slow.lua" --root / --junit r.xml >/dev/null 2>&1 &
      pid=$!
      sleep 1.5
      kill -TERM $pid; sleep 0.01; kill -INT $pid
      wait $pid; echo "status=$?"
      """#)
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(Self.value("status", in: run.output) == "143", "\(run.output)")
    #expect(Self.isValidXML(folder.appendingPathComponent("r.xml")))
  }

  /// (A signal before `main` runs, while the loader maps the binary, still ends the process by its default action.)
  @Test("SIGTERM in a run's first milliseconds (before it parsed its options) still ends it with a report, exit 143")
  func earlySignal() throws {
    let (run, folder) = try Self.shell(#"""
      for i in 1 2 3 4 5; do
        rm -f r$i.xml
        "$PERMSIM" run "$ROOT/Tests/Fixtures/hostile/interrupt/slow.lua" --root / --junit r$i.xml >/dev/null 2>&1 &
        pid=$!
        sleep 0.0$((i + 3))
        kill -TERM $pid
        wait $pid; echo "status=$?"
        [ -s r$i.xml ] && xmllint --noout r$i.xml && echo "valid=$i"
      done
      """#)
    defer { try? FileManager.default.removeItem(at: folder) }
    let statuses = run.output.split(separator: "\n").filter { $0.hasPrefix("status=") }
    #expect(statuses == Array(repeating: "status=143", count: 5), "\(run.output)")
    #expect(run.output.split(separator: "\n").filter { $0.hasPrefix("valid=") }.count == 5, "\(run.output)")
  }
}
