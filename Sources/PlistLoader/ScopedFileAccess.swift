#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The sandbox's file gate: resolves paths against a base directory and reads only files under one root.
///
/// A path is joined to its base, symbolic links and `..` are resolved the way the kernel would follow them,
/// and the result must lie under the root (itself resolved). A path outside the root is refused whether or
/// not anything exists there, so a scenario cannot probe the rest of the file system.
public struct ScopedFileAccess: Sendable, Hashable {
  /// The root: absolute, with every symbolic link resolved.
  public let root: String

  /// Creates a gate for `root`, an existing directory (a relative root is taken from the current directory).
  ///
  /// - Throws: ``FileAccessError`` when the root does not exist or is not a directory.
  public init(root: String) throws {
    let absolute = root.hasPrefix("/") ? root : FileManager.default.currentDirectoryPath + "/" + root
    guard let resolved = Self.realPath(absolute) else {
      throw FileAccessError(.notFound, path: root, description: "the scenario root \(root) does not exist")
    }
    guard let status = Self.status(resolved), status.st_mode & S_IFMT == S_IFDIR else {
      throw FileAccessError(.notDirectory, path: root, description: "the scenario root \(root) is not a directory")
    }
    self.root = resolved
  }

  // MARK: - Resolving

  /// Resolves `path` against `base` and returns its canonical absolute path, which lies under the root.
  ///
  /// - Parameters:
  ///   - path: A path as a scenario writes it: relative to `base`, or absolute.
  ///   - base: The directory relative paths start from: absolute, or relative to the root. Defaults to the root.
  /// - Returns: The path with symbolic links, `.` and `..` resolved; the file or directory exists.
  /// - Throws: ``FileAccessError`` `.outsideRoot`, `.notFound` or `.invalidPath`.
  public func resolve(_ path: String, relativeTo base: String? = nil) throws -> String {
    if path.utf8.contains(0) || base?.utf8.contains(0) == true {
      let shown = path.replacingOccurrences(of: "\u{0}", with: "\\0")
      throw FileAccessError(
        .invalidPath, path: shown, description: "\(shown): a path cannot contain a NUL byte (\\0)")
    }
    let anchor = base.map { $0.hasPrefix("/") ? $0 : root + "/" + $0 } ?? root
    let joined = path.hasPrefix("/") ? path : anchor + "/" + path
    if let resolved = Self.realPath(joined) {
      guard contains(resolved) else {
        let lexical = Self.normalized(joined)
        let through = contains(lexical) ? " (it resolves to \(resolved) through a symbolic link)" : ""
        throw FileAccessError(
          .outsideRoot, path: path, description: "\(path) is outside the scenario root \(root)\(through)")
      }
      return resolved
    }
    let missing = Self.canonicalMissingPath(joined)
    guard contains(missing) else {
      throw FileAccessError(.outsideRoot, path: path, description: "\(path) is outside the scenario root \(root)")
    }
    let shown = displayPath(missing)
    throw FileAccessError(.notFound, path: shown, description: "\(shown): no such file or directory")
  }

  /// Resolves `path` against `base` and reads the file's bytes.
  ///
  /// - Throws: ``FileAccessError``: `.outsideRoot`, `.notFound`, `.invalidPath`, `.isDirectory` or `.unreadable`
  ///   (also for what is not a regular file: reading a FIFO would wait forever).
  public func read(_ path: String, relativeTo base: String? = nil) throws -> Data {
    let (resolved, shown) = try regularFile(path, relativeTo: base)
    guard let data = Self.contents(resolved) else { throw Self.unreadable(shown) }
    return data
  }

  /// Resolves `path` against `base` and returns its canonical absolute path once it is known that
  /// ``read(_:relativeTo:)`` may read it (the file is opened, not read).
  ///
  /// - Throws: ``FileAccessError``, as ``read(_:relativeTo:)`` throws it.
  public func readable(_ path: String, relativeTo base: String? = nil) throws -> String {
    let (resolved, shown) = try regularFile(path, relativeTo: base)
    let descriptor = FileSystemName.withCString(resolved) { open($0, O_RDONLY | O_CLOEXEC) }
    guard descriptor >= 0 else { throw Self.unreadable(shown) }
    close(descriptor)
    return resolved
  }

  /// `path` resolved against `base`, and as messages show it, when it is not a directory nor anything
  /// else than a regular file (a path that `stat` cannot see is left to opening it to explain).
  private func regularFile(_ path: String, relativeTo base: String?) throws -> (resolved: String, shown: String) {
    let resolved = try resolve(path, relativeTo: base)
    let shown = displayPath(resolved)
    let kind = Self.status(resolved).map { $0.st_mode & S_IFMT }
    guard kind != S_IFDIR else {
      throw FileAccessError(.isDirectory, path: shown, description: "\(shown): is a directory, not a file")
    }
    guard kind.map({ $0 == S_IFREG }) ?? true else {
      throw FileAccessError(.unreadable, path: shown, description: "\(shown): cannot be read (not a regular file)")
    }
    return (resolved, shown)
  }

  /// The error of a file that could not be opened or read, with errno's reason.
  private static func unreadable(_ shown: String) -> FileAccessError {
    FileAccessError(.unreadable, path: shown, description: "\(shown): cannot be read (\(String(cString: strerror(errno))))")
  }

  /// The path relative to the root when it lies under it (`.` for the root itself), else the path unchanged;
  /// bytes of a name that are not UTF-8 shown as `\xFF` (``FileSystemName``).
  public func displayPath(_ absolutePath: String) -> String {
    if absolutePath == root { return "." }
    if root == "/" { return FileSystemName.shown(absolutePath) }
    if absolutePath.hasPrefix(root + "/") { return FileSystemName.shown(String(absolutePath.dropFirst(root.count + 1))) }
    return FileSystemName.shown(absolutePath)
  }

  // MARK: - Directories

  /// Whether `resolvedPath` (a result of ``resolve(_:relativeTo:)``) is a directory.
  func isDirectory(_ resolvedPath: String) -> Bool {
    Self.status(resolvedPath).map { $0.st_mode & S_IFMT == S_IFDIR } ?? false
  }

  /// The names in the directory `resolvedPath`, sorted; empty when it cannot be listed.
  func entries(ofDirectory resolvedPath: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: resolvedPath)) ?? []).sorted()
  }

  // MARK: - Paths

  private func contains(_ absolutePath: String) -> Bool {
    root == "/" || absolutePath == root || absolutePath.hasPrefix(root + "/")
  }

  private static func realPath(_ path: String) -> String? {
    guard let resolved = FileSystemName.withCString(path, { realpath($0, nil) }) else { return nil }
    defer { free(resolved) }
    return FileSystemName.string(UnsafeRawBufferPointer(start: resolved, count: strlen(resolved)))
  }

  /// What stat(2) says of `path` (symbolic links followed), or nil.
  private static func status(_ path: String) -> stat? {
    var status = stat()
    return FileSystemName.withCString(path) { stat($0, &status) } == 0 ? status : nil
  }

  /// The bytes of the regular file at `path`, or nil with errno set.
  private static func contents(_ path: String) -> Data? {
    let descriptor = FileSystemName.withCString(path) { open($0, O_RDONLY | O_CLOEXEC) }
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    let size = fstat(descriptor, &status) == 0 ? Int(status.st_size) : 0
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: min(max(size, 0) + 1, 1 << 20))
    while true {
      let count = buffer.withUnsafeMutableBytes { readBytes(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        return nil
      }
      if count == 0 { return data }
      buffer.withUnsafeBufferPointer { data.append($0.baseAddress.unsafelyUnwrapped, count: count) }
    }
  }


  /// Removes `.`, `..` and repeated slashes from an absolute path without touching the file system.
  private static func normalized(_ absolutePath: String) -> String {
    var components: [Substring] = []
    for component in absolutePath.split(separator: "/") {
      switch component {
      case ".": continue
      case "..": _ = components.popLast()
      default: components.append(component)
      }
    }
    return "/" + components.joined(separator: "/")
  }

  /// Where a path that does not exist would be: its deepest existing ancestor resolved, the rest appended.
  private static func canonicalMissingPath(_ absolutePath: String) -> String {
    var components = normalized(absolutePath).split(separator: "/")
    var rest: [Substring] = []
    while let last = components.popLast() {
      rest.insert(last, at: 0)
      let ancestor = "/" + components.joined(separator: "/")
      if let resolved = realPath(ancestor) {
        return (resolved == "/" ? "" : resolved) + "/" + rest.joined(separator: "/")
      }
    }
    return normalized(absolutePath)
  }
}

/// read(2), out of reach of the methods named `read`.
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}
