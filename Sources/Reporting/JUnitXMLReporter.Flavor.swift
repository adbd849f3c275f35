extension JUnitXMLReporter {
  /// Which JUnit dialect to write.
  public enum Flavor: String, Sendable, Hashable, CaseIterable {
    /// The default, for Jenkins, GitLab and GitHub reporters; valid against `junit-10-file-line.xsd`.
    ///
    /// `<testsuites>` carries the run's totals and timestamp; each `<testcase>` has `file` and
    /// `line` and its transcript in `<system-out>`.
    case rich
    /// The Apache Ant shape; valid against the windyroad `JUnit.xsd`.
    ///
    /// No attributes on `<testsuites>`; `package` and `id` on each suite; no `file`/`line`; no
    /// case-level output: each suite's `<system-out>` holds its cases' transcripts, each under a
    /// heading line.
    case strict
  }
}
