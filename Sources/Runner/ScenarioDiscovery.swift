#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import PlistLoader
import ScenarioRuntime

/// Finds the scenario files under the paths given to `permsim run`, in a stable order.
public enum ScenarioDiscovery {
  /// A path that is neither a file nor a directory.
  public struct MissingPath: Error, CustomStringConvertible {
    public var path: String
    public var description: String { "\(path): no such file or directory" }
  }

  /// The files under `paths` whose name matches `pattern`, sorted by path; a file named directly is always taken.
  ///
  /// Directories are walked recursively, skipping hidden ones (`.build`, `.git`) and not following
  /// symbolic links to directories. Every other entry whose name matches is taken, readable or not (a
  /// link that leads nowhere or out of the root, a FIFO): the runner reports what it cannot read as an
  /// errored case instead of leaving it out. A name that is not UTF-8 is carried as ``FileSystemName``
  /// says. Paths are returned as given joined with what was found below them, without duplicates.
  public static func files(in paths: [String], matching pattern: LuaPattern) throws -> [String] {
    var found = Set<String>()
    for path in paths {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw MissingPath(path: path) }
      guard isDirectory.boolValue else {
        found.insert(path)
        continue
      }
      walk(path.hasSuffix("/") ? String(path.dropLast()) : path, matching: pattern, into: &found)
    }
    return found.sorted()
  }

  private static func walk(_ directory: String, matching pattern: LuaPattern, into found: inout Set<String>) {
    guard let stream = FileSystemName.withCString(directory, { opendir($0) }) else { return }
    defer { closedir(stream) }
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        FileSystemName.string(raw.prefix(while: { $0 != 0 }))
      }
      if name.hasPrefix(".") { continue }
      let full = directory + "/" + name
      switch kind(of: full) {
      case .directory:
        walk(full, matching: pattern, into: &found)
      case .linkToDirectory:
        continue
      case .other:
        if pattern.matches(name) { found.insert(full) }
      }
    }
  }

  private enum Kind { case directory, linkToDirectory, other }

  private static func kind(of path: String) -> Kind {
    var status = stat()
    guard FileSystemName.withCString(path, { lstat($0, &status) }) == 0 else { return .other }
    switch status.st_mode & S_IFMT {
    case S_IFDIR:
      return .directory
    case S_IFLNK:
      var target = stat()
      let isDirectory = FileSystemName.withCString(path, { stat($0, &target) }) == 0 && target.st_mode & S_IFMT == S_IFDIR
      return isDirectory ? .linkToDirectory : .other
    default:
      return .other
    }
  }
}
