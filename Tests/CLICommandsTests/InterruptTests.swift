import Foundation
import PermsimTestSupport
import Reporting
import Testing

/// Ctrl-C during `permsim run` (issue #6, item 6): the cases that finished, in a valid report marked interrupted, exit 130.
@Suite("Interrupted runs")
struct InterruptTests {
  static let fixtures = "Tests/Fixtures/hostile/interrupt"

  /// A `permsim run` in the background writing its report to `report`, its console to files beside it.
  final class Background {
    let process = Process()
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("permsim-interrupt-\(UUID().uuidString)")
    var report: URL { scratch.appendingPathComponent("report.xml") }

    init(_ arguments: [String]) throws {
      try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
      let output = scratch.appendingPathComponent("stdout")
      let error = scratch.appendingPathComponent("stderr")
      _ = FileManager.default.createFile(atPath: output.path, contents: nil)
      _ = FileManager.default.createFile(atPath: error.path, contents: nil)
      process.executableURL = PermsimProcess.executable
      process.arguments = arguments + ["--junit", report.path]
      process.currentDirectoryURL = PermsimProcess.packageRoot
      process.environment = ProcessInfo.processInfo.environment.merging(["NO_COLOR": "1"]) { $1 }
      process.standardOutput = try FileHandle(forWritingTo: output)
      process.standardError = try FileHandle(forWritingTo: error)
      process.standardInput = FileHandle.nullDevice
      try process.run()
    }

    deinit {
      if process.isRunning { process.terminate() }
      try? FileManager.default.removeItem(at: scratch)
    }

    var standardOutput: String { read("stdout") }
    var standardError: String { read("stderr") }

    private func read(_ name: String) -> String {
      (try? Data(contentsOf: scratch.appendingPathComponent(name))).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// Waits up to `seconds` for `condition`; returns whether it came true.
    func wait(upTo seconds: Double, until condition: () -> Bool) -> Bool {
      let deadline = Date(timeIntervalSinceNow: seconds)
      while !condition() {
        guard Date() < deadline else { return false }
        Thread.sleep(forTimeInterval: 0.02)
      }
      return true
    }

    /// Waits up to `seconds` for the process to end; its exit status, or nil if it ran on or died of a signal.
    func exitStatus(within seconds: Double) -> Int32? {
      guard wait(upTo: seconds, until: { !process.isRunning }) else { return nil }
      return process.terminationReason == .exit ? process.terminationStatus : nil
    }
  }

  @Test("Ctrl-C keeps the cases that finished in a valid report marked interrupted, and exits 130",
        arguments: JUnitXMLReporter.Flavor.allCases)
  func interrupted(flavor: JUnitXMLReporter.Flavor) throws {
    // 200 cases of some 50 ms on two workers: Ctrl-C lands after a good number finished, long before the last.
    let run = try Background(["run", "\(Self.fixtures)/slow.lua", "--jobs", "2", "--junit-flavor", flavor.rawValue])
    Thread.sleep(forTimeInterval: 1.5)
    run.process.interrupt()
    #expect(run.exitStatus(within: 30) == 130)

    let data = try Data(contentsOf: run.report)
    let report = try JUnitDocument(data)
    let finished = report.cases.count
    #expect(finished >= 1 && finished < 200, "\(finished) cases finished")
    // Every case that finished, in plan order: a case one worker had queued and not started when the
    // Ctrl-C came is missing, while the case the other worker was running after it ends and is reported.
    let numbers = report.cases.map { Int($0.name.dropFirst("slow case ".count)) ?? 0 }
    #expect(numbers.allSatisfy { (1...200).contains($0) }, "\(report.cases.map(\.name))")
    #expect(zip(numbers, numbers.dropFirst()).allSatisfy { $0 < $1 }, "the finished cases, in plan order: \(numbers)")
    #expect(report.cases.allSatisfy { $0.outcome == nil }, "no case is cut short")
    #expect(report.properties["permsim.interrupted"] == "true")
    #expect(String(decoding: data, as: UTF8.self).contains("<!-- permsim: the run was interrupted"))
    if flavor == .rich { #expect(report.rootAttributes["tests"] == String(finished)) }
    if SchemaValidator.isAvailable {
      let problems = try SchemaValidator.problems(in: [UInt8](data), flavor: flavor)
      #expect(problems == nil, "\(problems ?? "")")
    }
    #expect(run.standardOutput.contains("Interrupted: \(finished)"), "\(run.standardOutput.suffix(300))")
    #expect(run.standardError.contains("permsim: interrupted"))
  }

  @Test("a second Ctrl-C stops the running case at once and still writes the report, exit 130")
  func secondInterrupt() throws {
    let run = try Background(["run", "\(Self.fixtures)/endless.lua", "--instructions", "1000G", "--timeout", "600"])
    Thread.sleep(forTimeInterval: 1)
    run.process.interrupt()
    let warned = run.wait(upTo: 10) { run.standardError.contains("Ctrl-C again to stop them now") }
    #expect(warned, "\(run.standardError)")
    #expect(run.process.isRunning, "the first Ctrl-C lets the running case go on")
    run.process.interrupt()
    #expect(run.exitStatus(within: 5) == 130)
    let data = try Data(contentsOf: run.report)
    let cases = try JUnitDocument(data).cases
    #expect(cases.count == 1 && cases.first?.outcome == "error", "the stopped case is named, as interrupted: \(cases)")
    #expect(String(decoding: data, as: UTF8.self).contains("interrupted while running"))
    #expect(String(decoding: data, as: UTF8.self).contains("<!-- permsim: the run was interrupted"))
  }

  @Test(
    "SIGTERM and SIGHUP (a CI job cancelled) stop the running cases and write the report: exit 143 and 129",
    arguments: [(SIGTERM, Int32(143)), (SIGHUP, Int32(129))])
  func terminated(signal: Int32, status: Int32) throws {
    // 200 cases of some 50 ms: some finish before the signal, the running ones are stopped.
    let run = try Background(["run", "\(Self.fixtures)/slow.lua", "--jobs", "2"])
    Thread.sleep(forTimeInterval: 1.5)
    kill(run.process.processIdentifier, signal)
    #expect(run.exitStatus(within: 10) == status, "\(run.standardError)")
    let data = try Data(contentsOf: run.report)
    let report = try JUnitDocument(data)
    #expect(report.properties["permsim.interrupted"] == "true")
    // The cases that finished passed; the ones running when the signal came (one per worker) are named as interrupted.
    let stopped = report.cases.filter { $0.outcome != nil }
    #expect(!report.cases.isEmpty && (1...2).contains(stopped.count), "\(report.cases.map { ($0.name, $0.outcome) })")
    #expect(stopped.allSatisfy { $0.outcome == "error" })
    #expect(String(decoding: data, as: UTF8.self).contains("interrupted while running"))
    #expect(String(decoding: data, as: UTF8.self).contains("<!-- permsim: the run was interrupted"))
  }

  @Test("a first Ctrl-C waits on a stuck case no longer than its time limit")
  func stuckCase() throws {
    let run = try Background(["run", "\(Self.fixtures)/endless.lua", "--instructions", "1000G", "--timeout", "2"])
    Thread.sleep(forTimeInterval: 0.5)
    run.process.interrupt()
    #expect(run.exitStatus(within: 8) == 130, "\(run.standardError)")
  }
}
