import CBuildInfo

/// What `permsim --version` prints: the version and, in a release archive, the commit it was built from.
package enum PermsimVersion {
  /// The version of permsim; a release is tagged `v` followed by it, which the workflow of `permsim init` uses.
  package static let number = "0.1.0"

  /// The commit Scripts/package recorded in the binary, or nil in a development build.
  package static var commit: String? {
    permsim_build_commit().map { String(cString: $0) }
  }

  /// `0.1.0 (commit 1a2b3c4d5e6f)`, or `0.1.0 (development build)`.
  package static var text: String {
    "\(number) (\(commit.map { "commit \($0)" } ?? "development build"))"
  }
}
