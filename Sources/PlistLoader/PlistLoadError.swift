/// A property list, strings file or String Catalog that could not be read as one.
public struct PlistLoadError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What kind of problem the file has.
  public enum Kind: Sendable, Hashable {
    /// The file does not parse: Foundation's parser (or the JSON parser) rejected it.
    case malformed
    /// The file parses, but its top level is not what the file kind needs (a dictionary, a catalog).
    case unexpectedStructure
    /// The bytes are neither UTF-8 nor UTF-16 text.
    case unsupportedEncoding
  }

  /// What kind of problem the file has.
  public var kind: Kind
  /// The file, relative to the scenario root when it lies inside it.
  public var path: String
  /// The 1-based line the parser points at, when it gives one.
  public var line: Int?
  /// The parser's explanation, without the path or the line.
  public var reason: String

  /// Creates an error for the file at `path`.
  public init(_ kind: Kind, path: String, line: Int? = nil, reason: String) {
    self.kind = kind
    self.path = path
    self.line = line
    self.reason = reason
  }

  /// `path: line N: reason`, or `path: reason` when there is no line.
  public var description: String {
    if let line { "\(path): line \(line): \(reason)" } else { "\(path): \(reason)" }
  }
}
