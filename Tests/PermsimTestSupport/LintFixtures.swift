import Foundation

/// The lint fixture apps under `Tests/Fixtures/Lint`, found from this file's path.
///
/// They live outside the test target because SwiftPM treats `.lproj` folders inside a target as
/// localized resources (and then demands a `defaultLocalization`).
public enum LintFixtures {
  /// The package's root folder.
  public static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

  /// The folder of the fixture app `name`.
  public static func path(_ name: String) -> String {
    packageRoot + "/Tests/Fixtures/Lint/" + name
  }

  /// A fresh temporary file path that does not exist yet.
  public static func temporaryPath(_ suffix: String) -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("permsim-\(UUID().uuidString)-\(suffix)").path
  }
}
