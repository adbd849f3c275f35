import Foundation
import PlistLoader

/// A scenario file as the runner found it: where it is, and where its source comes from.
///
/// The source of a file on disk is read when an engine compiles it, not kept: a run of ten thousand
/// files holds their names, not their text.
public struct ScenarioFile: Sendable {
  /// The path relative to the run's root, with `/` separators: the suite name and the chunk name in messages.
  public let path: String
  /// The absolute path, symbolic links resolved.
  public let absolutePath: String
  private let _text: [UInt8]?

  /// The file at `path` (relative to the root, or absolute), checked through the environment's gate.
  ///
  /// - Throws: ``FileAccessError`` when the file is missing, a directory, or outside the root.
  public init(path: String, environment: ScenarioEnvironment) throws {
    absolutePath = try environment.files.readable(path)
    self.path = environment.files.displayPath(absolutePath)
    _text = nil
  }

  /// A file the runner found but may not or cannot read (outside the root, missing, unreadable): the
  /// runner reports it as its one errored case, under `path` as far as it lies under the root.
  public init(unreadable path: String, environment: ScenarioEnvironment) {
    absolutePath = path.hasPrefix("/") ? path : environment.files.root + "/" + path
    self.path = environment.files.displayPath(absolutePath)
    _text = nil
  }

  /// A file made from source text, for tests and the REPL (`path` is shown in messages).
  public init(path: String, absolutePath: String, source: String) {
    self.init(path: path, absolutePath: absolutePath, bytes: Array(source.utf8))
  }

  /// A file made from source bytes as they are, valid UTF-8 or not (the fuzzing harness's input).
  public init(path: String, absolutePath: String, bytes: [UInt8]) {
    self.path = path
    self.absolutePath = absolutePath
    _text = bytes
  }

  /// The source text, as bytes: read through the gate now, unless the file was made from text.
  func source(_ environment: ScenarioEnvironment) throws -> [UInt8] {
    if let _text { return _text }
    return try [UInt8](environment.files.read(absolutePath))
  }

  /// `source` as Lua's own loader reads a file (`lua5.4 file.lua`, `luaL_loadfile`): without a UTF-8
  /// byte order mark, and with a first line that starts with `#` (`#!/usr/bin/env lua`) emptied, so
  /// that line numbers stay the same.
  static func loadable(_ source: [UInt8]) -> [UInt8] {
    var start = source.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    if start < source.count, source[start] == UInt8(ascii: "#") {
      start = source[start...].firstIndex(of: UInt8(ascii: "\n")) ?? source.count
    }
    return start == 0 ? source : Array(source[start...])
  }

  /// The chunk name Lua reports positions with: `path:line`.
  var chunkName: String { "@" + path }

  /// The directory the file is in: paths in the scenario (plists, modules) are relative to it.
  var directory: String {
    guard let slash = absolutePath.lastIndex(of: "/") else { return "." }
    return slash == absolutePath.startIndex ? "/" : String(absolutePath[..<slash])
  }
}
