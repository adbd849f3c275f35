import PermissionModel
import ScenarioRuntime

/// Turns the scenarios that files declared into the cases a run executes, following `permsim run`'s options.
///
/// The order of work is fixed so names never depend on the seed or the shard: expand versions and
/// repeats, apply the filters, number duplicate names, then keep this shard's cases, then shuffle.
///
/// `--ios` limits the run to its versions: unpinned scenarios run once per listed version, pinned
/// scenarios and matrix rows only when their version is listed, and every case's name ends in
/// `[iOS X]`, so per-version CI jobs never report the same case.
public struct Planner: Sendable {
  /// The options of `permsim run` that shape the plan.
  public struct Options: Sendable {
    /// `--ios`: the versions the run is limited to (unpinned scenarios run once per listed version).
    public var iosVersions: [RequestedVersion] = []
    /// The version unpinned scenarios get when `--ios` is not given (the newest the model supports).
    public var defaultVersion: RequestedVersion
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

    public init(defaultVersion: RequestedVersion) {
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
  ///
  /// `paths` are the files' paths as reports show them: with the cases' names, they are the identities
  /// `--shard` splits by (without them, a file's position stands for its path).
  ///
  /// `planned` holds, by position, files whose cases ``cases(of:keep:)`` planned already (with the same `keep`).
  public func plan(
    _ files: [CollectedFile], paths: [String] = [], planned: [Int: [RunPlan.Case]] = [:],
    keep: (String) -> Bool = { _ in true }
  ) -> RunPlan {
    var suites: [RunPlan.Suite] = []
    var omitted = 0
    for (position, file) in files.enumerated() {
      let cases: [RunPlan.Case]
      switch file {
      case .loadFailed:
        var name = Self.loadFailureName
        if !options.iosVersions.isEmpty { name += " [iOS \(options.iosVersions.map(\.text).joined(separator: ", "))]" }
        let version = options.iosVersions.first ?? options.defaultVersion
        cases = [
          RunPlan.Case(
            scenario: ScenarioIdentity(index: 0, name: Self.loadFailureName, line: 0), name: name, line: 0,
            iosVersion: version, tags: [], skipReason: nil)
        ]
      case .scenarios(let declared):
        cases = planned[position] ?? self.cases(of: declared, keep: keep)
        omitted += declared.reduce(0) { $0 + _omittedVersions(of: $1) } * max(1, options.repeatCount)
      }
      if !cases.isEmpty {
        suites.append(RunPlan.Suite(fileIndex: position, cases: cases))
      }
    }
    if let shard = options.shard {
      suites = _keep(shard, of: suites, paths: paths)
    }
    if let seed = options.shuffleSeed {
      var generator = SplitMix64(seed: seed)
      suites.shuffle(using: &generator)
      for i in suites.indices {
        suites[i].cases.shuffle(using: &generator)
      }
    }
    var plan = RunPlan(suites: suites)
    plan.omittedByVersion = omitted
    return plan
  }

  /// The cases of one file's registrations, as ``plan(_:paths:planned:keep:)`` plans them before `--shard` and `--shuffle`.
  public func cases(of declared: [DeclaredScenario], keep: (String) -> Bool = { _ in true }) -> [RunPlan.Case] {
    _numberDuplicates(_expand(declared).filter { keep($0.name) })
  }

  /// Whether a file's cases are planned from that file alone (no `--shard`, no `--shuffle`), so the run
  /// may start them as soon as the file is collected.
  public var plansFileByFile: Bool { options.shard == nil && options.shuffleSeed == nil }

  /// The identity `--shard` hashes: the file's path and the case's name.
  public static func identity(path: String, name: String) -> String {
    path + "\n" + name
  }

  // MARK: - Steps

  private func _expand(_ declared: [DeclaredScenario]) -> [RunPlan.Case] {
    var cases: [RunPlan.Case] = []
    for iteration in 1...max(1, options.repeatCount) {
      for scenario in declared {
        for (version, suffixed, fromOption) in _versions(of: scenario) {
          var name = scenario.name
          if suffixed { name += " [iOS \(version.text)]" }
          if options.repeatCount > 1 { name += " (repeat \(iteration)/\(options.repeatCount))" }
          cases.append(RunPlan.Case(
            scenario: scenario.identity,
            name: name,
            line: scenario.line,
            iosVersion: version,
            tags: scenario.tags,
            skipReason: scenario.skipReason ?? _tagSkipReason(scenario.tags),
            scenarioName: scenario.name,
            versionFromOption: fromOption
          ))
        }
      }
    }
    return cases
  }

  /// How many of a pinned scenario's versions `--ios` leaves out.
  private func _omittedVersions(of scenario: DeclaredScenario) -> Int {
    switch scenario.versions {
    case .unpinned: 0
    case .pinned: 1 - _versions(of: scenario).count
    case .matrix(let versions): versions.count - _versions(of: scenario).count
    }
  }

  /// Each version a scenario runs on, whether its name gets the `[iOS X]` suffix, and whether `--ios` gave it.
  private func _versions(of scenario: DeclaredScenario) -> [(RequestedVersion, Bool, Bool)] {
    let limited = !options.iosVersions.isEmpty
    let listed = options.iosVersions  // a few at most: no set made for every scenario
    switch scenario.versions {
    case .pinned(let version):
      guard limited else { return [(version, false, false)] }
      return listed.contains(version) ? [(version, true, false)] : []
    case .matrix(let versions):
      return versions.filter { !limited || listed.contains($0) }.map { ($0, true, false) }
    case .unpinned where !limited:
      return [(options.defaultVersion, false, false)]
    case .unpinned:
      return options.iosVersions.map { ($0, true, true) }
    }
  }

  /// The cases of `suites` that belong to `shard`, in their order; suites left empty are dropped.
  private func _keep(_ shard: Shard, of suites: [RunPlan.Suite], paths: [String]) -> [RunPlan.Suite] {
    var identities: [String] = []
    var owners: [(suite: Int, index: Int)] = []
    for (suiteIndex, suite) in suites.enumerated() {
      let path = suite.fileIndex < paths.count ? paths[suite.fileIndex] : "#\(suite.fileIndex)"
      for (caseIndex, planned) in suite.cases.enumerated() {
        identities.append(Self.identity(path: path, name: planned.name))
        owners.append((suiteIndex, caseIndex))
      }
    }
    var kept: [[RunPlan.Case]] = Array(repeating: [], count: suites.count)
    for position in shard.positions(of: identities) {
      let owner = owners[position]
      kept[owner.suite].append(suites[owner.suite].cases[owner.index])
    }
    return suites.indices.compactMap { index in
      kept[index].isEmpty ? nil : RunPlan.Suite(fileIndex: suites[index].fileIndex, cases: kept[index])
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
    // No name twice (nearly every file): nothing to number, but the cases are still copied into an array
    // of their exact size, as the numbering's `map` makes one (a plan of 100,000 cases held in the
    // arrays `filter` grew took 10 MB more).
    guard taken.count < cases.count else { return cases.map { $0 } }
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
