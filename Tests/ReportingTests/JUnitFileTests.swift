import Foundation
import Testing
import Reporting

@Suite("JUnit report files")
struct JUnitFileTests {
  private let directory: URL

  init() throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("permsim-junit-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  private func listing() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
  }

  @Test("an existing report is replaced only when the new one is complete")
  func atomicReplacement() throws {
    let report = directory.appendingPathComponent("report.xml")
    try Data("previous report".utf8).write(to: report)
    defer { try? FileManager.default.removeItem(at: directory) }

    let file = try JUnitFile(path: report.path)
    var reporter = JUnitXMLReporter(flavor: .rich, store: file)
    var events = SampleRuns.hostile
    let end = events.removeLast()
    events.forEach { reporter.record($0) }
    #expect(try Data(contentsOf: report) == Data("previous report".utf8))
    #expect(try listing() == ["report.xml"])

    reporter.record(end)
    #expect(file.failure == nil)
    #expect(try [UInt8](Data(contentsOf: report)) == junitDocument(SampleRuns.hostile, flavor: .rich))
    #expect(try listing() == ["report.xml"])
  }

  @Test("several reports of one run are written side by side")
  func severalOutputs() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let rich = try JUnitFile(path: directory.appendingPathComponent("rich.xml").path)
    let strict = try JUnitFile(path: directory.appendingPathComponent("strict.xml").path)
    var reporter = MultiplexReporter([
      JUnitXMLReporter(flavor: .rich, store: rich), JUnitXMLReporter(flavor: .strict, store: strict),
    ])
    SampleRuns.hostile.forEach { reporter.record($0) }
    #expect(try listing() == ["rich.xml", "strict.xml"])
    #expect(try [UInt8](Data(contentsOf: directory.appendingPathComponent("strict.xml")))
      == junitDocument(SampleRuns.hostile, flavor: .strict))
  }

  @Test("a report that cannot be put in place leaves what was there and says why")
  func failedCommit() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let blocker = directory.appendingPathComponent("report.xml")
    try FileManager.default.createDirectory(at: blocker.appendingPathComponent("inside"), withIntermediateDirectories: true)

    let file = try JUnitFile(path: blocker.path)
    var reporter = JUnitXMLReporter(store: file)
    SampleRuns.onlySkipped.forEach { reporter.record($0) }
    let failure = try #require(file.failure)
    #expect(failure.path == blocker.path)
    #expect(failure.description.hasPrefix("could not replace \(blocker.path): "))
    #expect(try listing() == ["report.xml"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: blocker.path) == ["inside"])
  }

  @Test("a directory that does not exist is reported before the run starts")
  func missingDirectory() {
    let path = directory.appendingPathComponent("missing/report.xml").path
    defer { try? FileManager.default.removeItem(at: directory) }
    #expect(throws: JUnitFileError.self) { try JUnitFile(path: path) }
    do {
      _ = try JUnitFile(path: path)
    } catch {
      #expect(error.code == ENOENT)
      #expect(error.description.contains("missing/report.xml"))
    }
  }
}
