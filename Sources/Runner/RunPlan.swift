import PermissionModel
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
    public var iosVersion: RequestedVersion
    /// `options.tags`.
    public var tags: [String]
    /// Why the case is reported as skipped instead of run, or nil.
    public var skipReason: String?

    /// The scenario's registration index in its file (1-based), or 0 for a file that failed to load.
    public var scenarioIndex: Int { scenario.index }

    /// The scenario's own name, which `name` begins with.
    public var scenarioName: String = ""
    /// Whether `iosVersion` came from `--ios` (the scenario pins none).
    public var versionFromOption = false

    /// The versions of the devices a run of the case created, if they never included `iosVersion`
    /// (a `device { ios = … }` pinned another one), or nil when it ran on its planned version.
    public func versionsElsewhere(_ ranOn: [String]) -> [String]? {
      let planned = try? iosVersion.version
      guard !ranOn.isEmpty, !ranOn.contains(where: { $0 == planned?.description }) else { return nil }
      return ranOn
    }

    /// The version to report: the one that ran when a device pinned another than planned.
    public func reportedVersion(ranOn: [String]) -> String {
      versionsElsewhere(ranOn)?.joined(separator: ", ") ?? iosVersion.text
    }

    /// The name to report. When `--ios` planned the case but its devices pinned another version, the
    /// `[iOS X]` suffix (or its place) says which ran: `name [ran on iOS 12.0, not --ios 14.0]`; the
    /// `--ios` value keeps the names of a matrix distinct.
    public func reportedName(ranOn: [String]) -> String {
      guard versionFromOption, let ran = versionsElsewhere(ranOn), name.hasPrefix(scenarioName) else { return name }
      var rest = name.dropFirst(scenarioName.count)
      let suffix = " [iOS \(iosVersion.text)]"
      if rest.hasPrefix(suffix) { rest = rest.dropFirst(suffix.count) }
      return scenarioName + " [ran on iOS \(ran.joined(separator: ", ")), not --ios \(iosVersion.text)]" + rest
    }
  }

  /// The suites in run order.
  public var suites: [Suite]

  /// Cases of scenarios pinned to versions (`options.ios`) that `--ios` does not list, left out of the plan.
  public var omittedByVersion = 0

  /// Where a case is in the plan: its suite and its place in the suite.
  public struct Place: Sendable, Equatable {
    public var suite: Int
    public var index: Int
  }

  /// Every case's place, in plan order (a case's position in the run is its place's index here).
  public var places: [Place] {
    suites.indices.flatMap { suite in suites[suite].cases.indices.map { Place(suite: suite, index: $0) } }
  }

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
