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

  private func write(_ text: String, to url: URL) throws {
    try text.write(to: url, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
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
