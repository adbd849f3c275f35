extension JUnitXMLReporter {
  /// Which JUnit dialect to write.
  public enum Flavor: String, Sendable, Hashable, CaseIterable {
    /// The default, for GitLab, GitHub's test reporters and Jenkins' `junit` step; valid against
    /// `junit-10-file-line.xsd`.
    ///
    /// `<testsuites>` carries the run's totals and timestamp (UTC, with its zone); suites are named
    /// by their file's path; each `<testcase>` has `file` and `line` (where a failed case failed)
    /// and, as the output policy says, its transcript in `<system-out>`.
    case rich
    /// The Apache Ant shape, for Jenkins' xUnit plugin and Ant tools; valid against the windyroad `JUnit.xsd`.
    ///
    /// No attributes on `<testsuites>`; suites named by their dotted classname, with `package` and
    /// `id`, and timestamps without a zone (the schema forbids one); no `file`/`line`; no case-level
    /// output: each suite's `<system-out>` holds its cases' transcripts, each under a heading line.
    case strict
  }
}
