import Foundation
import Reporting

/// Runs `xmllint --noout --schema` against the JUnit schemas in `../shared/schemas` beside the package.
public enum SchemaValidator {
  public static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  public static let schemas = packageRoot.appendingPathComponent("../shared/schemas").standardizedFileURL

  /// The xmllint executable on `PATH`, if any.
  public static let xmllint: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    .split(separator: ":")
    .map { "\($0)/xmllint" }
    .first { FileManager.default.isExecutableFile(atPath: $0) }

  /// Whether both xmllint and the schemas folder are there.
  public static var isAvailable: Bool {
    xmllint != nil && FileManager.default.fileExists(atPath: schemas.appendingPathComponent(schemaName(for: .rich)).path)
  }

  /// The schema each flavour must satisfy.
  public static func schemaName(for flavor: JUnitXMLReporter.Flavor) -> String {
    switch flavor {
    case .rich: "junit-10-file-line.xsd"
    case .strict: "junit-windyroad.xsd"
    }
  }

  /// Validates `document`; returns nil when valid, or xmllint's complaint.
  public static func problems(in document: [UInt8], flavor: JUnitXMLReporter.Flavor) throws -> String? {
    guard let xmllint else { return "xmllint is not installed" }
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("permsim-junit-\(UUID().uuidString).xml")
    try Data(document).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }

    let process = Process()
    process.executableURL = URL(fileURLWithPath: xmllint)
    process.arguments = ["--noout", "--schema", schemas.appendingPathComponent(schemaName(for: flavor)).path, file.path]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let complaint = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return process.terminationStatus == 0 ? nil : String(decoding: complaint, as: UTF8.self)
  }
}
