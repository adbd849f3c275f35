import Foundation
import PermsimTestSupport
import Testing

@testable import CLICommands

/// `permsim init`, and the lint configuration it ships.
@Suite("permsim init", .serialized)
struct InitCommandTests {
  static let root = PermsimProcess.packageRoot

  /// The luacheck executable on `PATH`, if any (Debian package lua-check).
  static let luacheck: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    .split(separator: ":")
    .map { "\($0)/luacheck" }
    .first { FileManager.default.isExecutableFile(atPath: $0) }

  private func scratch<T>(_ body: (URL) throws -> T) throws -> T {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("permsim-init-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try body(folder)
  }

  @Test("init writes a starter project whose scenarios pass with permsim run")
  func starterProjectRuns() throws {
    try scratch { folder in
      let project = folder.appendingPathComponent("my project")
      let made = try PermsimProcess.run(["init", project.path])
      #expect(made.status == 0, "\(made.standardError)")
      for file in StarterProject.files {
        #expect(FileManager.default.fileExists(atPath: project.appendingPathComponent(file.path).path), "\(file.path)")
      }
      let report = project.appendingPathComponent("permsim.xml")
      // A bare `permsim run` searches the folder init wrote the scenario in.
      let run = try PermsimProcess.run(["run", "--junit", report.path], in: project)
      #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
      #expect(run.standardOutput.contains("3 passed, 0 failed, 0 errors, 0 skipped"))
      let document = try JUnitDocument(contentsOf: report)
      #expect(document.cases.map(\.name).contains("My App › the first prompt offers Allow Once [iOS 13.0]"))

      let again = try PermsimProcess.run(["init", project.path])
      #expect(again.status == 0)
      #expect(again.standardOutput.contains("kept \(project.path)/scenarios/first_prompt.lua (it exists)"), "existing files stay")
    }
  }

  @Test("run and init agree on the scenario folder; without it a bare run says which folder it looked for")
  func oneFolder() throws {
    #expect(RunSettings.defaultFolder == "scenarios")
    #expect(StarterProject.files.contains { $0.path.hasPrefix(RunSettings.defaultFolder + "/") && $0.path.hasSuffix(".lua") })
    try scratch { folder in
      let run = try PermsimProcess.run(["run"], in: folder)
      #expect(run.status == 2)
      #expect(run.standardError.contains("no scenarios/ folder here: a bare `permsim run` searches scenarios/, where `permsim init` writes; name the files or folders to run"), "\(run.standardError)")
    }
  }

  @Test("the starter's LuaLS definitions and .luacheckrc are the repository's (Starter/ links to them)")
  func embeddedFilesAreCurrent() throws {
    let definitions = try String(contentsOf: Self.root.appendingPathComponent("Examples/types/permsim.lua"), encoding: .utf8)
    #expect(StarterProject.luaLSDefinitions == definitions, "Sources/CLICommands/Starter/permsim.lua must link to Examples/types/permsim.lua")
    let luacheckrc = try String(contentsOf: Self.root.appendingPathComponent(".luacheckrc"), encoding: .utf8)
    #expect(StarterProject.luacheckConfiguration == luacheckrc, "Sources/CLICommands/Starter/luacheckrc must link to .luacheckrc")
  }

  @Test("luacheck finds nothing in the gallery or in a starter project", .enabled(if: luacheck != nil, "needs luacheck (Debian package lua-check)"))
  func luacheckPasses() throws {
    func check(_ arguments: [String], in directory: URL) throws -> (Int32, String) {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: Self.luacheck ?? "luacheck")
      process.arguments = arguments + ["--no-color", "--codes"]
      process.currentDirectoryURL = directory
      let output = Pipe()
      process.standardOutput = output
      process.standardError = output
      try process.run()
      let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      return (process.terminationStatus, text)
    }
    let (status, text) = try check(["Examples"], in: Self.root)
    #expect(status == 0, "\(text)")
    #expect(text.contains("Total: 0 warnings / 0 errors"))
    try scratch { folder in
      _ = try PermsimProcess.run(["init", folder.path])
      let (status, text) = try check(["."], in: folder)
      #expect(status == 0, "\(text)")
    }
  }
}
