import Foundation
import PermissionModel
import PlistLoader

/// An Info.plist named on the command line, read through a file gate rooted at its folder.
///
/// The path is an Info.plist file or a folder holding one (an app folder, a built `.app`). The gate's
/// root is that folder, so the `.lproj` folders and `InfoPlist.xcstrings` beside the Info.plist are read
/// and nothing outside it; paths in messages read as the user wrote the folder (`Examples/apps/X/Info.plist`).
public struct PlistInput {
  /// The gate; its root is the folder of the Info.plist.
  public let access: ScopedFileAccess
  /// The Info.plist relative to the root (`.` for the folder itself).
  public let name: String
  /// The folder as the user wrote it, without a trailing slash; empty for the current directory.
  public let folder: String

  /// Resolves `path` without reading it.
  ///
  /// - Throws: ``PlistInputError`` when nothing exists at `path`; ``FileAccessError`` when its folder cannot be used.
  public init(path: String) throws {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw PlistInputError(description: "\(path): no such file or directory")
    }
    var trimmed = path
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
    if isDirectory.boolValue {
      folder = trimmed == "." ? "" : trimmed
      name = "."
    } else if let slash = trimmed.lastIndex(of: "/") {
      folder = slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
      name = String(trimmed[trimmed.index(after: slash)...])
    } else {
      folder = ""
      name = trimmed
    }
    access = try ScopedFileAccess(root: folder.isEmpty ? "." : folder)
  }

  /// Reads the Info.plist and the localized strings beside it.
  ///
  /// - Throws: ``PlistInputError`` for a file that cannot be read; ``PlistLoadError`` for one that does not parse.
  public func load() throws -> InfoPlistDocument {
    do {
      return try InfoPlistDocument(contentsOf: name, access: access)
    } catch let error as FileAccessError {
      let prefix = error.path + ": "
      let reason = error.description.hasPrefix(prefix) ? String(error.description.dropFirst(prefix.count)) : nil
      throw PlistInputError(description: reason.map { shown(error.path) + ": " + $0 } ?? error.description)
    }
  }

  /// The deployment target of the Xcode project whose target builds this Info.plist: the first folder
  /// above it (up to the repository's top, a folder holding `.git`) with an `.xcodeproj` naming it.
  package func deploymentTarget() -> DeploymentTarget? {
    let manager = FileManager.default
    let plist = URL(fileURLWithPath: shown(name == "." ? "Info.plist" : name)).standardizedFileURL
    var folder = plist.deletingLastPathComponent()
    for _ in 0..<Self.projectSearchDepth {
      let entries = (try? manager.contentsOfDirectory(atPath: folder.path))?.sorted() ?? []
      let relative = plist.path.hasPrefix(folder.path + "/") ? String(plist.path.dropFirst(folder.path.count + 1)) : nil
      for entry in entries where entry.hasSuffix(".xcodeproj") {
        let pbxproj = folder.appendingPathComponent(entry).appendingPathComponent("project.pbxproj")
        guard let relative, let data = try? Data(contentsOf: pbxproj),
          let project = try? XcodeProject(data: data, path: pbxproj.path),
          let version = project.deploymentTarget(forInfoPlist: relative)
        else { continue }
        return DeploymentTarget(version: version, project: Self.shownPath(of: folder.appendingPathComponent(entry)))
      }
      if entries.contains(".git") || folder.path == "/" { break }
      folder = folder.deletingLastPathComponent()
    }
    return nil
  }

  /// How many folders above the Info.plist ``deploymentTarget()`` looks in.
  static let projectSearchDepth = 8

  /// A project's path as messages show it: relative to the current directory when it lies below it.
  private static func shownPath(of url: URL) -> String {
    let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
    let path = url.standardizedFileURL.path
    return path.hasPrefix(current + "/") ? String(path.dropFirst(current.count + 1)) : path
  }

  /// A path relative to the root, as messages show it: under the folder the user named.
  public func shown(_ path: String) -> String {
    switch folder {
    case "": path
    case "/": "/" + path
    default: folder + "/" + path
    }
  }

  /// Where a file that does not parse went wrong, as messages show it: `folder/Info.plist:5`, or the path alone.
  public func location(of error: PlistLoadError) -> String {
    shown(error.path) + (error.line.map { ":\($0)" } ?? "")
  }
}
