/// A command-line path that names nothing.
public struct PlistInputError: Error, CustomStringConvertible {
  /// `path: no such file or directory`.
  public let description: String
}
