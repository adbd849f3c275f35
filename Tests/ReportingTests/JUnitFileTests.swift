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

  @Test("missing directories are created; one that cannot be is reported before the run starts")
  func missingDirectory() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let deep = directory.appendingPathComponent("missing/deeper/report.xml")
    let file = try JUnitFile(path: deep.path)
    var reporter = JUnitXMLReporter(store: file)
    SampleRuns.onlySkipped.forEach { reporter.record($0) }
    #expect(file.failure == nil)
    #expect(FileManager.default.fileExists(atPath: deep.path))

    try Data("a file".utf8).write(to: directory.appendingPathComponent("plain"))
    let blocked = directory.appendingPathComponent("plain/report.xml").path
    #expect(throws: JUnitFileError.self) { try JUnitFile(path: blocked) }
    #expect(throws: JUnitFileError.self) { try JUnitFile(path: "") }
  }

  @Test("a symbolic link is followed: the file it names is replaced and the link stays")
  func symbolicLink() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let real = directory.appendingPathComponent("real.xml")
    let link = directory.appendingPathComponent("link.xml")
    try Data("previous".utf8).write(to: real)
    try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real.xml")
    let file = try JUnitFile(path: link.path)
    var reporter = JUnitXMLReporter(store: file)
    SampleRuns.onlySkipped.forEach { reporter.record($0) }
    #expect(file.failure == nil)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "real.xml")
    #expect(try [UInt8](Data(contentsOf: real)) == junitDocument(SampleRuns.onlySkipped, flavor: .rich))
    #expect(try listing() == ["link.xml", "real.xml"])
  }

  @Test("a FIFO is written into, never replaced")
  func fifo() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let fifo = directory.appendingPathComponent("report.fifo")
    #expect(mkfifo(fifo.path, 0o600) == 0)
    let received = ReceivedBytes()
    let reader = Thread {
      let descriptor = open(fifo.path, O_RDONLY)  // waits for the writer, then drains until it closes
      var chunk = [UInt8](repeating: 0, count: 4096)
      while descriptor >= 0 {
        let count = read(descriptor, &chunk, chunk.count)
        guard count > 0 else { break }
        received.append(chunk[..<count])
      }
      close(descriptor)
      received.finish()
    }
    reader.start()
    let file = try JUnitFile(path: fifo.path)
    var reporter = JUnitXMLReporter(store: file)
    SampleRuns.onlySkipped.forEach { reporter.record($0) }
    #expect(file.failure == nil)
    var status = stat()
    #expect(lstat(fifo.path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFIFO, "still a FIFO")
    #expect(try listing() == ["report.fifo"])
    #expect(received.wait() == junitDocument(SampleRuns.onlySkipped, flavor: .rich))
  }

  @Test("a character device is written into, never replaced")
  func device() throws {
    let file = try JUnitFile(path: "/dev/null")
    var reporter = JUnitXMLReporter(store: file)
    SampleRuns.onlySkipped.forEach { reporter.record($0) }
    #expect(file.failure == nil)
    var status = stat()
    #expect(stat("/dev/null", &status) == 0 && (status.st_mode & S_IFMT) == S_IFCHR)
  }
}

/// Bytes a reader thread collects, handed over once it is done.
private final class ReceivedBytes: @unchecked Sendable {
  private let _condition = NSCondition()
  private var _bytes: [UInt8] = []
  private var _done = false

  func append(_ bytes: ArraySlice<UInt8>) {
    _condition.withLock { _bytes += bytes }
  }

  func finish() {
    _condition.withLock {
      _done = true
      _condition.broadcast()
    }
  }

  func wait() -> [UInt8] {
    _condition.withLock {
      while !_done { _condition.wait() }
      return _bytes
    }
  }
}
