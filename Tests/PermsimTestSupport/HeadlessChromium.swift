import Foundation

/// Debian's `chromium`, run headless: what tests read an HTML page's DOM through, after its script ran.
///
/// `Scripts/bootstrap` installs it; tests that need it say so when it is missing.
public enum HeadlessChromium {
  /// The browser on `PATH`, if any.
  public static let executable: String? = ToolProcess.find("chromium", "chromium-browser")

  /// The DOM of the page at `file` (with `query`, such as `?outcome=failed`) once loaded and scripted, serialized.
  public static func dumpDOM(of file: URL, query: String = "") throws -> String {
    guard let executable else { return "" }
    let profile = FileManager.default.temporaryDirectory.appendingPathComponent("permsim-chromium-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: profile) }
    let arguments = [
      "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=\(profile.path)",
      "--dump-dom", file.absoluteString + query,
    ]
    return try ToolProcess.run(executable, arguments, keepsErrors: false).output
  }
}
