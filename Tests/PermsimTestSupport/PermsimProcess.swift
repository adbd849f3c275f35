import Foundation

/// Runs the built `permsim` executable as a user would, for end-to-end tests.
public struct PermsimProcess {
  /// What a run printed and how it ended.
  public struct Output {
    public var status: Int32
    public var standardOutput: String
    public var standardError: String
  }

  /// The package's root directory (the folder holding Package.swift).
  public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The `permsim` binary built beside the test bundle.
  public static var executable: URL {
    let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var directory = testBinary.deletingLastPathComponent()
    while directory.path != "/" {
      let candidate = directory.appendingPathComponent("permsim")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      directory = directory.deletingLastPathComponent()
    }
    return packageRoot.appendingPathComponent(".build/debug/permsim")
  }

  /// Runs `permsim arguments…` in `directory` (default: the package root) with `input` on standard input.
  public static func run(
    _ arguments: [String], in directory: URL = packageRoot, input: String? = nil,
    environment: [String: String] = [:]
  ) throws -> Output {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory
    var variables = ProcessInfo.processInfo.environment
    variables["NO_COLOR"] = "1"
    for (key, value) in environment { variables[key] = value }
    process.environment = variables
    // Files, not pipes: a child writing much to both streams can never block on a full pipe.
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("permsim-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let outputURL = scratch.appendingPathComponent("stdout")
    let errorURL = scratch.appendingPathComponent("stderr")
    let inputURL = scratch.appendingPathComponent("stdin")
    try Data((input ?? "").utf8).write(to: inputURL)
    _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
    let output = try FileHandle(forWritingTo: outputURL)
    let error = try FileHandle(forWritingTo: errorURL)
    let stdin = try FileHandle(forReadingFrom: inputURL)
    defer {
      try? output.close()
      try? error.close()
      try? stdin.close()
    }
    process.standardOutput = output
    process.standardError = error
    process.standardInput = stdin
    try process.run()
    process.waitUntilExit()
    return Output(
      status: process.terminationStatus,
      standardOutput: String(decoding: try Data(contentsOf: outputURL), as: UTF8.self),
      standardError: String(decoding: try Data(contentsOf: errorURL), as: UTF8.self))
  }
}
