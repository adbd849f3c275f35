/// A place in a scenario file, shown as `path:line`.
public struct ScriptLocation: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The file's path relative to the run's root.
  public var path: String
  /// The line, when known.
  public var line: Int?

  public init(path: String, line: Int? = nil) {
    self.path = path
    self.line = line
  }

  /// `path:line`, or the path alone when the line is unknown.
  public var description: String {
    guard let line else { return path }
    return "\(path):\(line)"
  }
}
