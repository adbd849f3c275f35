/// A file that a scenario may not, or cannot, read through ``ScopedFileAccess``.
public struct FileAccessError: Error, Sendable, Hashable, CustomStringConvertible {
  /// Why the file cannot be read.
  public enum Kind: Sendable, Hashable {
    /// The path leads outside the scenario root, lexically or through a symbolic link.
    case outsideRoot
    /// Nothing exists at the path.
    case notFound
    /// The path names a directory where a file was expected.
    case isDirectory
    /// The scenario root names something other than a directory.
    case notDirectory
    /// The file exists but reading it failed, or it is not a regular file (a FIFO, a device).
    case unreadable
    /// The path holds a NUL byte, which no file name can: refused rather than cut short there.
    case invalidPath
  }

  /// Why the file cannot be read.
  public var kind: Kind
  /// The path as the scenario wrote it, or relative to the root once it is known to lie inside it.
  public var path: String
  /// The sentence that explains the refusal or failure.
  public var description: String

  init(_ kind: Kind, path: String, description: String) {
    self.kind = kind
    self.path = path
    self.description = description
  }
}
