import Foundation

/// Debian's `chromium`, run headless: what tests read an HTML page's DOM through, after its script ran.
///
/// `Scripts/bootstrap` installs it; tests that need it say so when it is missing.
public enum HeadlessChromium {
  /// The browser on `PATH`, if any.
  public static let executable: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    .split(separator: ":")
    .flatMap { ["\($0)/chromium", "\($0)/chromium-browser"] }
    .first { FileManager.default.isExecutableFile(atPath: $0) }

  /// The DOM of the page at `file` (with `query`, such as `?outcome=failed`) once loaded and scripted, serialized.
  public static func dumpDOM(of file: URL, query: String = "") throws -> String {
    guard let executable else { return "" }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    let profile = FileManager.default.temporaryDirectory.appendingPathComponent("permsim-chromium-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: profile) }
    process.arguments = [
      "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=\(profile.path)",
      "--dump-dom", file.absoluteString + query,
    ]
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("permsim-dom-\(UUID().uuidString)")
    _ = FileManager.default.createFile(atPath: output.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: output) }
    let handle = try FileHandle(forWritingTo: output)
    defer { try? handle.close() }
    process.standardOutput = handle
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return String(decoding: try Data(contentsOf: output), as: UTF8.self)
  }
}
