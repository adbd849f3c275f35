import Foundation
import PlistLoader

/// A scenario file as the runner found it: where it is, its source, and once collected, its compiled chunk.
public struct ScenarioFile: Sendable {
  /// The path relative to the run's root, with `/` separators: the suite name and the chunk name in messages.
  public let path: String
  /// The absolute path, symbolic links resolved.
  public let absolutePath: String
  /// The source text, as bytes.
  public let source: [UInt8]
  /// The main chunk compiled by ``ScenarioSession/collect()``, loaded into each case's state without re-parsing.
  public var bytecode: [UInt8]?

  /// Reads the file at `path` (relative to the root, or absolute) through the environment's gate.
  ///
  /// - Throws: ``FileAccessError`` when the file is missing, unreadable or outside the root.
  public init(path: String, environment: ScenarioEnvironment) throws {
    absolutePath = try environment.files.resolve(path)
    self.path = environment.files.displayPath(absolutePath)
    source = try [UInt8](environment.files.read(absolutePath))
  }

  /// A file made from source text, for tests and the REPL (`path` is shown in messages).
  public init(path: String, absolutePath: String, source: String) {
    self.path = path
    self.absolutePath = absolutePath
    self.source = Array(source.utf8)
  }

  /// The chunk name Lua reports positions with: `path:line`.
  var chunkName: String { "@" + path }

  /// The directory the file is in: paths in the scenario (plists, modules) are relative to it.
  var directory: String {
    guard let slash = absolutePath.lastIndex(of: "/") else { return "." }
    return slash == absolutePath.startIndex ? "/" : String(absolutePath[..<slash])
  }
}
