/// A command-line path that names nothing.
struct PlistInputError: Error, CustomStringConvertible {
  /// `path: no such file or directory`.
  let description: String
}
