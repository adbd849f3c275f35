/// One test case: a scenario, or one row of its iOS matrix.
public struct CaseInfo: Sendable, Hashable {
  /// The scenario file's path relative to the run's root, as in its `SuiteInfo`.
  public var suitePath: String
  /// The full name, unique within the file (`onboarding › asks once [iOS 14.0]`, `… #2`), at most 1 KiB
  /// (a longer one keeps its start and end around `…`).
  public var name: String
  /// The line of the `scenario` call, when known.
  public var line: Int?
  /// The iOS version this case runs on, when the runner knows it before running.
  public var iOSVersion: String?
  /// The scenario's tags, in the order the file lists them.
  public var tags: [String]

  public init(
    suitePath: String,
    name: String,
    line: Int? = nil,
    iOSVersion: String? = nil,
    tags: [String] = []
  ) {
    self.suitePath = suitePath
    self.name = Excerpt.bounded(name, maxBytes: ReportLimits.nameBytes)
    self.line = line
    self.iOSVersion = iOSVersion
    self.tags = tags
  }
}
