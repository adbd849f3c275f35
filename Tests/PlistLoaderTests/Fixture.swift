import Foundation
import PlistLoader
import Testing

/// The committed files under `Fixtures/`, reached through the test bundle.
enum Fixture {
  /// The absolute path of the `Fixtures` folder.
  static func root() throws -> String {
    try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil)).path
  }

  /// A gate whose root is the `Fixtures` folder, so paths in messages read `WiFiFinder/Info.plist`.
  static func access() throws -> ScopedFileAccess {
    try ScopedFileAccess(root: root())
  }

  /// The bytes of a fixture, by its path under `Fixtures`.
  static func data(_ path: String) throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: root() + "/" + path))
  }

  /// Loads an Info.plist fixture (and the strings beside it) through the gate.
  static func document(_ path: String) throws -> InfoPlistDocument {
    try InfoPlistDocument(contentsOf: path, access: access())
  }
}
