import Foundation
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
  /// Directories are walked recursively, skipping hidden ones (`.build`, `.git`). Paths are returned as given
  /// joined with what was found below them, without duplicates.
  public static func files(in paths: [String], matching pattern: LuaPattern) throws -> [String] {
    var found = Set<String>()
    let manager = FileManager.default
    for path in paths {
      var isDirectory: ObjCBool = false
      guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else { throw MissingPath(path: path) }
      guard isDirectory.boolValue else {
        found.insert(path)
        continue
      }
      let base = path.hasSuffix("/") ? String(path.dropLast()) : path
      guard let walker = manager.enumerator(atPath: base) else { continue }
      while let relative = walker.nextObject() as? String {
        let name = (relative as NSString).lastPathComponent
        if name.hasPrefix(".") {
          walker.skipDescendants()
          continue
        }
        let full = base + "/" + relative
        var entryIsDirectory: ObjCBool = false
        if manager.fileExists(atPath: full, isDirectory: &entryIsDirectory), !entryIsDirectory.boolValue,
          pattern.matches(name)
        {
          found.insert(full)
        }
      }
    }
    return found.sorted()
  }
}
