#if canImport(Glibc)
import Glibc
#endif
import Foundation
import PlistLoader
import Runner
import ScenarioRuntime
import Testing

/// Issue 11, item 6: every scenario file found is run or reported, none skipped or fatal to the run.
@Suite("Discovery and collection")
struct DiscoveryTests {
  private func makeRoot() throws -> String {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("permsim-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    return root
  }

  private func write(_ bytes: [UInt8], named name: [UInt8], in directory: String) {
    let path = Array(directory.utf8) + [UInt8(ascii: "/")] + name + [0]
    let descriptor = path.withUnsafeBufferPointer { buffer in
      buffer.baseAddress.unsafelyUnwrapped.withMemoryRebound(to: CChar.self, capacity: path.count) {
        open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
      }
    }
    _ = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
  }

  @Test("a file whose name is not UTF-8 is found, read and shown with its bytes escaped")
  func nonUTF8Name() throws {
    let root = try makeRoot()
    defer { try? FileManager.default.removeItem(atPath: root) }
    write(Array("scenario('odd', function() end)\n".utf8), named: Array("odd_".utf8) + [0xFF, 0xC3] + Array(".lua".utf8), in: root)
    let found = try ScenarioDiscovery.files(in: [root], matching: LuaPattern("%.lua$"))
    #expect(found.count == 1)
    let environment = try ScenarioEnvironment(root: root)
    let collected = ScenarioCollector.collect(found, environment: environment, jobs: 1)
    #expect(collected.first?.loaded.file.path == "odd_\\xFF\\xC3.lua")
    #expect(collected.first?.declared == .scenarios([DeclaredScenario(index: 1, name: "odd", line: 1)]))
  }

  @Test("file names round-trip through FileSystemName, the reserved scalars included")
  func roundTrip() {
    let names: [[UInt8]] = [
      Array("plain.lua".utf8), [0xFF], [0xC3], [0xE2, 0x82], Array("é".utf8), Array("\u{10FE80}".utf8), [0xF4, 0x8F, 0xBA, 0x80, 0x80],
    ]
    for name in names {
      #expect(FileSystemName.bytes(FileSystemName.string(name)) == name, "\(name)")
    }
    #expect(FileSystemName.string(Array("é.lua".utf8)) == "é.lua")
    #expect(FileSystemName.shown(FileSystemName.string([0x61, 0xFF])) == "a\\xFF")
  }

  @Test("a file that cannot be read or lies outside the root is collected as failed, and the others still are")
  func unreadable() throws {
    let root = try makeRoot()
    defer { try? FileManager.default.removeItem(atPath: root) }
    try "scenario('fine', function() end)".write(toFile: root + "/a.lua", atomically: true, encoding: .utf8)
    try FileManager.default.createSymbolicLink(atPath: root + "/b.lua", withDestinationPath: "/etc/passwd")
    try FileManager.default.createSymbolicLink(atPath: root + "/c.lua", withDestinationPath: "missing.lua")
    _ = (root + "/d.lua").withCString { mkfifo($0, 0o644) }
    let found = try ScenarioDiscovery.files(in: [root], matching: LuaPattern("%.lua$"))
    #expect(found.map { ($0 as NSString).lastPathComponent } == ["a.lua", "b.lua", "c.lua", "d.lua"])
    let collected = ScenarioCollector.collect(found, environment: try ScenarioEnvironment(root: root), jobs: 2)
    #expect(collected.map(\.declared) == [.scenarios([DeclaredScenario(index: 1, name: "fine", line: 1)]), .loadFailed, .loadFailed, .loadFailed])
    let problems = collected.map { $0.loaded.loadProblem?.headline ?? "" }
    #expect(problems[1].contains("is outside the scenario root"), "\(problems[1])")
    #expect(problems[2].contains("no such file"), "\(problems[2])")
    #expect(problems[3].contains("not a regular file"), "\(problems[3])")
    #expect(collected.map(\.loaded.file.path) == ["a.lua", "b.lua", "c.lua", "d.lua"])
  }
}
