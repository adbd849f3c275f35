import Foundation
import Testing

/// Golden files under `Tests/ReportingTests/Snapshots/`; `RECORD_SNAPSHOTS=1` rewrites them.
enum Snapshot {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Snapshots")

  /// Compares `actual` with the golden file `name`, reporting the first line that differs.
  static func expect(_ actual: [UInt8], matches name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let url = directory.appendingPathComponent(name)
    let recording = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
    guard !recording, let expected = try? Data(contentsOf: url) else {
      do {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(actual).write(to: url)
        Issue.record("Recorded snapshot \(name); run the tests again without RECORD_SNAPSHOTS.", sourceLocation: sourceLocation)
      } catch {
        Issue.record("Could not record snapshot \(name): \(error)", sourceLocation: sourceLocation)
      }
      return
    }
    guard [UInt8](expected) != actual else { return }
    let actualLines = String(decoding: actual, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    let expectedLines = String(decoding: expected, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    let line = zip(actualLines, expectedLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
      ?? min(actualLines.count, expectedLines.count)
    let got = line < actualLines.count ? String(actualLines[line].prefix(300)) : "<end of output>"
    let wanted = line < expectedLines.count ? String(expectedLines[line].prefix(300)) : "<end of snapshot>"
    let message = "Output differs from snapshot \(name) at line \(line + 1):\n  got:      \(got)\n  expected: \(wanted)\n"
    Issue.record("\(message)Re-record with RECORD_SNAPSHOTS=1 if the change is intended.", sourceLocation: sourceLocation)
  }
}
