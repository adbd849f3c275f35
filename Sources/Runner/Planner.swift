import ScenarioRuntime

/// Turns the scenarios that files declared into the cases a run executes, following `permsim run`'s options.
///
/// The order of work is fixed so names never depend on the seed: expand versions and repeats, apply the
/// filters, number duplicate names, then keep this shard's files, then shuffle.
public struct Planner: Sendable {
  /// The options of `permsim run` that shape the plan.
  public struct Options: Sendable {
    /// `--ios`: unpinned scenarios run once per listed version.
    public var iosVersions: [String] = []
    /// The version unpinned scenarios get when `--ios` is not given (the newest the model supports).
    public var defaultVersion: String
    /// `--tags`: cases carrying none of these are skipped.
    public var includeTags: [String] = []
    /// `--exclude-tags`: cases carrying any of these are skipped.
    public var excludeTags: [String] = []
    /// `--repeat`.
    public var repeatCount: Int = 1
    /// `--shard K/N`.
    public var shard: Shard? = nil
    /// `--shuffle` (with `--seed`): the seed, or nil to keep the declared order.
    public var shuffleSeed: UInt64? = nil

    public init(defaultVersion: String) {
      self.defaultVersion = defaultVersion
    }
  }

  /// The name of the case that stands for a scenario file that could not be loaded.
  public static let loadFailureName = "(file failed to load)"

  public var options: Options

  public init(options: Options) {
    self.options = options
  }

  /// Plans the files, in the order given (sorted by path); `keep` is `--filter` applied to a full case name.
  public func plan(_ files: [CollectedFile], keep: (String) -> Bool = { _ in true }) -> RunPlan {
    var suites: [RunPlan.Suite] = []
    for (position, file) in files.enumerated() where options.shard?.contains(filePosition: position) ?? true {
      let cases: [RunPlan.Case]
      switch file {
      case .loadFailed:
        cases = [
          RunPlan.Case(
            scenario: ScenarioIdentity(index: 0, name: Self.loadFailureName, line: 0), name: Self.loadFailureName, line: 0,
            iosVersion: options.defaultVersion, tags: [], skipReason: nil)
        ]
      case .scenarios(let declared):
        cases = _numberDuplicates(_expand(declared).filter { keep($0.name) })
      }
      if !cases.isEmpty {
        suites.append(RunPlan.Suite(fileIndex: position, cases: cases))
      }
    }
    if let seed = options.shuffleSeed {
      var generator = SplitMix64(seed: seed)
      suites.shuffle(using: &generator)
      for i in suites.indices {
        suites[i].cases.shuffle(using: &generator)
      }
    }
    return RunPlan(suites: suites)
  }

  // MARK: - Steps

  private func _expand(_ declared: [DeclaredScenario]) -> [RunPlan.Case] {
    var cases: [RunPlan.Case] = []
    for iteration in 1...max(1, options.repeatCount) {
      for scenario in declared {
        for (version, suffixed) in _versions(of: scenario) {
          var name = scenario.name
          if suffixed { name += " [iOS \(version)]" }
          if options.repeatCount > 1 { name += " (repeat \(iteration)/\(options.repeatCount))" }
          cases.append(RunPlan.Case(
            scenario: scenario.identity,
            name: name,
            line: scenario.line,
            iosVersion: version,
            tags: scenario.tags,
            skipReason: scenario.skipReason ?? _tagSkipReason(scenario.tags)
          ))
        }
      }
    }
    return cases
  }

  private func _versions(of scenario: DeclaredScenario) -> [(String, Bool)] {
    switch scenario.versions {
    case .pinned(let version):
      return [(version, false)]
    case .matrix(let versions):
      return versions.map { ($0, true) }
    case .unpinned where options.iosVersions.isEmpty:
      return [(options.defaultVersion, false)]
    case .unpinned:
      return options.iosVersions.map { ($0, options.iosVersions.count > 1) }
    }
  }

  private func _tagSkipReason(_ tags: [String]) -> String? {
    if !options.includeTags.isEmpty, !tags.contains(where: options.includeTags.contains) {
      return "excluded by --tags \(options.includeTags.joined(separator: ","))"
    }
    if let excluded = tags.first(where: options.excludeTags.contains) {
      return "excluded by --exclude-tags (tag \(excluded))"
    }
    return nil
  }

  /// Names the second and later cases of a name `name #2`, `name #3`…, skipping numbers a scenario of the file
  /// already has as its own name (`dup #2`), so that every name in the file stays distinct.
  private func _numberDuplicates(_ cases: [RunPlan.Case]) -> [RunPlan.Case] {
    var taken = Set(cases.map(\.name))
    var seen: [String: Int] = [:]
    return cases.map { planned in
      var planned = planned
      var number = (seen[planned.name] ?? 0) + 1
      if number > 1 {
        while taken.contains("\(planned.name) #\(number)") { number += 1 }
        taken.insert("\(planned.name) #\(number)")
      }
      seen[planned.name] = number
      if number > 1 { planned.name += " #\(number)" }
      return planned
    }
  }
}
