import ScenarioRuntime

/// The cases of a run, grouped by scenario file, in the order they run and are reported.
public struct RunPlan: Sendable, Equatable {
  /// One scenario file's cases; it becomes one `<testsuite>` in JUnit.
  public struct Suite: Sendable, Equatable {
    /// Position of the file in the list the plan was made from.
    public var fileIndex: Int
    /// The file's cases in run order.
    public var cases: [Case]
  }

  /// One test case: a scenario on one iOS version, in one repetition.
  public struct Case: Sendable, Equatable {
    /// The registration the case runs (index 0 for a file that failed to load).
    public var scenario: ScenarioIdentity
    /// The name, unique within the file: matrix suffixes `[iOS X]`, repeats, then `#2` for duplicates.
    public var name: String
    /// The line of the scenario's registration.
    public var line: Int
    /// The iOS version a device gets when the scenario does not say otherwise.
    public var iosVersion: String
    /// `options.tags`.
    public var tags: [String]
    /// Why the case is reported as skipped instead of run, or nil.
    public var skipReason: String?

    /// The scenario's registration index in its file (1-based), or 0 for a file that failed to load.
    public var scenarioIndex: Int { scenario.index }
  }

  /// The suites in run order.
  public var suites: [Suite]

  /// The number of cases in all suites.
  public var caseCount: Int { suites.reduce(0) { $0 + $1.cases.count } }
}

/// What a scenario file gave when it was loaded to collect its scenarios.
public enum CollectedFile: Sendable, Equatable {
  /// The file registered these scenarios (none: a helper module, not a test file).
  case scenarios([DeclaredScenario])
  /// The file could not be loaded; it is reported as one errored case.
  case loadFailed
}
