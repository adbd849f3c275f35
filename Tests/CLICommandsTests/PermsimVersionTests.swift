import Foundation
import PermsimTestSupport
import Testing

@testable import CLICommands

/// What `permsim --version` says: a development build has no commit; Scripts/package links one in.
@Suite("permsim version")
struct PermsimVersionTests {
  @Test("a build without Scripts/package's object says it is a development build")
  func developmentBuild() {
    #expect(PermsimVersion.commit == nil)
    #expect(PermsimVersion.text == "\(PermsimVersion.number) (development build)")
  }

  @Test("Scripts/package reads the version from the one place it is written")
  func packageReadsTheNumber() throws {
    let script = try String(contentsOf: PermsimProcess.packageRoot.appendingPathComponent("Scripts/package"), encoding: .utf8)
    #expect(script.contains(#"static let number = "\(.*\)""#))
    #expect(script.contains("Sources/CLICommands/PermsimVersion.swift"))
    #expect(script.contains("permsim_build_commit_text"), "the name of CBuildInfo's weak symbol")
  }
}
