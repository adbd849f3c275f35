import Foundation
import PermsimTestSupport
import Testing

/// `Scripts/permsim`, with a stand-in for `swift` so that no real build runs.
@Suite("Scripts/permsim")
struct PermsimScriptTests {
  @Test("the first build says that it is building and how long it took; later runs say nothing")
  func firstBuild() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("permsim-script-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let scripts = root.appendingPathComponent("Scripts")
    let tools = root.appendingPathComponent("tools")
    for folder in [scripts, tools] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
    for script in ["permsim", "release-build"] {
      try FileManager.default.copyItem(
        at: PermsimProcess.packageRoot.appendingPathComponent("Scripts/\(script)"), to: scripts.appendingPathComponent(script))
    }
    try write("#!/bin/sh\nexit 0\n", to: scripts.appendingPathComponent("bootstrap"))
    // The stand-in build makes a release binary that echoes its arguments.
    try write(
      """
      #!/bin/sh
      mkdir -p "\(root.path)/.build/release"
      printf '#!/bin/sh\\necho ran "$@"\\n' > "\(root.path)/.build/release/permsim"
      chmod +x "\(root.path)/.build/release/permsim"
      """, to: tools.appendingPathComponent("swift"))

    let first = try run(scripts.appendingPathComponent("permsim"), path: tools)
    #expect(first.output == "ran --version\n")
    #expect(first.errors.contains("permsim: building the release binary first"), "\(first.errors)")
    #expect(first.errors.range(of: #"permsim: built in \d+ s\n$"#, options: .regularExpression) != nil, "\(first.errors)")
    let second = try run(scripts.appendingPathComponent("permsim"), path: tools)
    #expect(second.output == "ran --version\n")
    #expect(second.errors == "")
  }

  /// Writes an executable script through a descriptor that is closed on exec: a process another test
  /// starts meanwhile would otherwise keep the file open for writing, and running it would fail with
  /// "Text file busy".
  private func write(_ text: String, to url: URL) throws {
    let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
    guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    defer { close(descriptor) }
    let bytes = Array(text.utf8)
    let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
    guard written == bytes.count else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
  }

  private func run(_ script: URL, path: URL) throws -> (output: String, errors: String) {
    let process = Process()
    process.executableURL = script
    process.arguments = ["--version"]
    var environment = ProcessInfo.processInfo.environment
    environment["PATH"] = path.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
    process.environment = environment
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    process.waitUntilExit()
    return (
      String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
      String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    )
  }
}
