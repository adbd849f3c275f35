import Foundation
import PlistLoader
import Testing

/// A scratch directory tree with a scenario root inside it and a secret file outside the root.
///
/// ```
/// <scratch>/secret.txt
/// <scratch>/outside/Info.plist
/// <scratch>/root/scenarios/case.lua
/// <scratch>/root/apps/App/Info.plist
/// <scratch>/root/apps/App/en.lproj/InfoPlist.strings
/// ```
private struct Sandbox: ~Copyable {
  let scratch: String
  let root: String

  init() throws {
    scratch = FileManager.default.temporaryDirectory.path + "/permsim-gate-" + UUID().uuidString
    root = scratch + "/root"
    try write("secret.txt", "secret")
    try write("outside/Info.plist", #"{ CFBundleName = "Outside"; }"#)
    try write("root/scenarios/case.lua", "return 1")
    try write("root/apps/App/Info.plist", #"{ CFBundleName = "App"; NSLocationWhenInUseUsageDescription = "Here"; }"#)
    try write("root/apps/App/en.lproj/InfoPlist.strings", #""NSLocationWhenInUseUsageDescription" = "There";"#)
  }

  deinit { try? FileManager.default.removeItem(atPath: scratch) }

  func write(_ path: String, _ text: String) throws {
    let url = URL(fileURLWithPath: scratch + "/" + path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  func link(_ path: String, to destination: String) throws {
    try FileManager.default.createSymbolicLink(atPath: scratch + "/" + path, withDestinationPath: destination)
  }

  func access() throws -> ScopedFileAccess { try ScopedFileAccess(root: root) }
}

@Suite("The file gate of the sandbox")
struct ScopedFileAccessTests {
  @Test("a relative path is read from the scenario's directory")
  func relativeRead() throws {
    let sandbox = try Sandbox()
    let data = try sandbox.access().read("case.lua", relativeTo: "scenarios")
    #expect(String(decoding: data, as: UTF8.self) == "return 1")
  }

  @Test("'..' may climb inside the root")
  func dotDotInside() throws {
    let sandbox = try Sandbox()
    let access = try sandbox.access()
    let resolved = try access.resolve("../apps/App/./Info.plist", relativeTo: "scenarios")
    #expect(access.displayPath(resolved) == "apps/App/Info.plist")
  }

  @Test("'..' out of the root is refused, whether or not the file exists", arguments: [
    "../../secret.txt", "../../etc/passwd", "../../no/such/file",
  ])
  func dotDotOutside(path: String) throws {
    let sandbox = try Sandbox()
    let access = try sandbox.access()
    let error = try #require(throws: FileAccessError.self) { try access.read(path, relativeTo: "scenarios") }
    #expect(error.kind == .outsideRoot)
    #expect(error.description == "\(path) is outside the scenario root \(access.root)")
  }

  @Test("an absolute path is allowed inside the root and refused outside it")
  func absolutePaths() throws {
    let sandbox = try Sandbox()
    let access = try sandbox.access()
    #expect(try access.read(sandbox.root + "/scenarios/case.lua").count == 8)
    for path in [sandbox.scratch + "/secret.txt", "/etc/passwd"] {
      let error = try #require(throws: FileAccessError.self) { try access.read(path) }
      #expect(error.kind == .outsideRoot)
    }
  }

  @Test("a symbolic link that escapes the root is refused")
  func fileSymlinkOutside() throws {
    let sandbox = try Sandbox()
    try sandbox.link("root/scenarios/leak.txt", to: "../../secret.txt")
    let access = try sandbox.access()
    let error = try #require(throws: FileAccessError.self) { try access.read("leak.txt", relativeTo: "scenarios") }
    #expect(error.kind == .outsideRoot)
    #expect(error.description.hasPrefix("leak.txt is outside the scenario root \(access.root) (it resolves to "))
    #expect(error.description.hasSuffix("/secret.txt through a symbolic link)"))
  }

  @Test("a directory symbolic link that escapes the root is refused, even with '..' after it")
  func directorySymlinkOutside() throws {
    let sandbox = try Sandbox()
    try sandbox.link("root/linked", to: sandbox.scratch + "/outside")
    let access = try sandbox.access()
    for path in ["linked/Info.plist", "linked/../secret.txt"] {
      let error = try #require(throws: FileAccessError.self) { try access.read(path) }
      #expect(error.kind == .outsideRoot, "\(path)")
    }
  }

  @Test("a symbolic link that stays inside the root is followed")
  func symlinkInside() throws {
    let sandbox = try Sandbox()
    try sandbox.link("root/scenarios/app", to: "../apps/App")
    let access = try sandbox.access()
    let document = try InfoPlistDocument(contentsOf: "app/Info.plist", relativeTo: "scenarios", access: access)
    #expect(document.path == "apps/App/Info.plist")
    #expect(document.resolve(locale: "en").infoPlist.usageDescriptions == [.whenInUse: "There"])
  }

  @Test("the root may itself be reached through a symbolic link")
  func symlinkedRoot() throws {
    let sandbox = try Sandbox()
    try sandbox.link("alias", to: "root")
    let access = try ScopedFileAccess(root: sandbox.scratch + "/alias")
    #expect(access.root.hasSuffix("/root"))
    #expect(try access.read(sandbox.scratch + "/alias/scenarios/case.lua").count == 8)
  }

  @Test("loading an app refuses an .lproj folder linked outside the root")
  func lprojSymlinkOutside() throws {
    let sandbox = try Sandbox()
    try sandbox.write("outside/fr.lproj/InfoPlist.strings", #""A" = "B";"#)
    try sandbox.link("root/apps/App/fr.lproj", to: sandbox.scratch + "/outside/fr.lproj")
    let error = try #require(throws: FileAccessError.self) {
      try InfoPlistDocument(contentsOf: "apps/App", access: sandbox.access())
    }
    #expect(error.kind == .outsideRoot)
    #expect(error.path == "fr.lproj")
  }

  @Test("a missing file inside the root is reported relative to the root")
  func missingFile() throws {
    let sandbox = try Sandbox()
    let error = try #require(throws: FileAccessError.self) {
      try sandbox.access().read("../apps/Missing/Info.plist", relativeTo: "scenarios")
    }
    #expect(error.kind == .notFound)
    #expect(error.description == "apps/Missing/Info.plist: no such file or directory")
  }

  @Test("a directory is not read as a file")
  func directory() throws {
    let sandbox = try Sandbox()
    let error = try #require(throws: FileAccessError.self) { try sandbox.access().read("apps") }
    #expect(error.kind == .isDirectory)
  }

  @Test("a root that does not exist is refused")
  func missingRoot() throws {
    let error = try #require(throws: FileAccessError.self) { try ScopedFileAccess(root: "/no/such/permsim/root") }
    #expect(error.kind == .notFound)
  }

  @Test("a root that is a file is refused: every path would lie outside it")
  func fileRoot() throws {
    let error = try #require(throws: FileAccessError.self) { try ScopedFileAccess(root: "/etc/passwd") }
    #expect(error.kind == .notDirectory)
    #expect(error.description == "the scenario root /etc/passwd is not a directory")
  }
}
