import Foundation

/// A JUnit report file that could not be written; the previous file, if any, is left as it was.
public struct JUnitFileError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The report's path.
  public var path: String
  /// What was being done, as a verb phrase (`write the report beside`).
  public var operation: String
  /// The `errno` value the system reported.
  public var code: Int32

  public init(path: String, operation: String, code: Int32) {
    self.path = path
    self.operation = operation
    self.code = code
  }

  /// `could not <operation> <path>: <system message>`.
  public var description: String {
    "could not \(operation) \(path): \(String(cString: strerror(code)))"
  }
}
