import PermissionModel
import ScenarioRuntime
import Runner
import Testing

@Suite("Planner")
struct PlannerTests {
  private func declared(_ name: String, index: Int, versions: DeclaredScenario.Versions = .unpinned, tags: [String] = [], skip: String? = nil) -> DeclaredScenario {
    DeclaredScenario(index: index, name: name, line: index * 10, tags: tags, versions: versions, skipReason: skip)
  }

  private func names(_ plan: RunPlan) -> [[String]] {
    plan.suites.map { $0.cases.map(\.name) }
  }

  @Test("unpinned scenarios take the default version, without a suffix")
  func defaultVersion() {
    let plan = Planner(options: .init(defaultVersion: .init(OSVersion(18)))).plan([.scenarios([declared("a", index: 1)])])
    #expect(plan.suites[0].cases.map(\.iosVersion.text) == ["18.0"])
    #expect(names(plan) == [["a"]])
  }

  @Test("--ios limits the run: unpinned scenarios run per version, pinned ones and matrix rows only when listed; all named [iOS X]")
  func iosMatrix() {
    var options = Planner.Options(defaultVersion: .init(OSVersion(18)))
    options.iosVersions = ["13.0", "14.0"].map(RequestedVersion.init(written:))
    let plan = Planner(options: options).plan([.scenarios([
      declared("free", index: 1),
      declared("pinned", index: 2, versions: .pinned(RequestedVersion(written: "12.0"))),
      declared("pinned here", index: 3, versions: .pinned(RequestedVersion(written: "14"))),
      declared("listed", index: 4, versions: .matrix(["8", "13.0", "14.0.1"].map(RequestedVersion.init(written:)))),
    ])])
    #expect(names(plan) == [["free [iOS 13.0]", "free [iOS 14.0]", "pinned here [iOS 14]", "listed [iOS 13.0]"]])
    #expect(plan.suites[0].cases.map(\.iosVersion.text) == ["13.0", "14.0", "14", "13.0"])
    #expect(plan.omittedByVersion == 3, "the pinned 12.0 case and the matrix rows 8 and 14.0.1 are counted, so the run can say so")
    #expect(Planner(options: Planner.Options(defaultVersion: .init(OSVersion(18)))).plan([.scenarios([declared("p", index: 1, versions: .pinned(RequestedVersion(written: "12.0")))])]).omittedByVersion == 0)
  }

  @Test("a single --ios version is part of every name, so per-version jobs never share a case")
  func singleIOS() {
    var identities: [Set<String>] = []
    for version in ["13.0", "14.0"] {
      var options = Planner.Options(defaultVersion: .init(OSVersion(18)))
      options.iosVersions = [RequestedVersion(written: version)]
      let plan = Planner(options: options).plan([
        .scenarios([declared("a", index: 1), declared("m", index: 2, versions: .matrix(["13.0", "14.0"].map(RequestedVersion.init(written:))))]), .loadFailed,
      ])
      #expect(plan.suites[0].cases.map(\.iosVersion.text) == [version, version])
      identities.append(Set(plan.suites.flatMap { suite in suite.cases.map { "\(suite.fileIndex) \($0.name)" } }))
    }
    #expect(identities[0].contains("0 a [iOS 13.0]"))
    #expect(identities[1].contains("1 \(Planner.loadFailureName) [iOS 14.0]"))
    #expect(identities[0].isDisjoint(with: identities[1]))
  }

  @Test("duplicate names get #2, #3 in declaration order")
  func duplicates() {
    let plan = Planner(options: .init(defaultVersion: .init(OSVersion(18)))).plan([.scenarios([
      declared("same", index: 1), declared("same", index: 2), declared("other", index: 3), declared("same", index: 4),
    ])])
    #expect(names(plan) == [["same", "same #2", "other", "same #3"]])
    #expect(plan.suites[0].cases.map(\.scenarioIndex) == [1, 2, 3, 4])
  }

  @Test("tags: cases outside --tags or inside --exclude-tags are skipped with the reason; pending keeps its own")
  func tags() {
    var options = Planner.Options(defaultVersion: .init(OSVersion(18)))
    options.includeTags = ["accuracy"]
    options.excludeTags = ["slow"]
    let plan = Planner(options: options).plan([.scenarios([
      declared("in", index: 1, tags: ["accuracy"]),
      declared("out", index: 2, tags: ["other"]),
      declared("slow", index: 3, tags: ["accuracy", "slow"]),
      declared("later", index: 4, tags: ["accuracy"], skip: "pending"),
    ])])
    let reasons = plan.suites[0].cases.map(\.skipReason)
    #expect(reasons == [nil, "excluded by --tags accuracy", "excluded by --exclude-tags (tag slow)", "pending"])
  }

  @Test("--filter drops cases; files left empty and helper modules are not suites")
  func filterAndEmptyFiles() {
    let plan = Planner(options: .init(defaultVersion: .init(OSVersion(18)))).plan(
      [.scenarios([declared("keep me", index: 1), declared("drop", index: 2)]), .scenarios([]), .scenarios([declared("drop too", index: 1)])],
      keep: { $0.hasPrefix("keep") }
    )
    #expect(names(plan) == [["keep me"]])
    #expect(plan.suites.map(\.fileIndex) == [0])
  }

  @Test("a file that failed to load is one errored case named after the failure")
  func loadFailure() {
    let plan = Planner(options: .init(defaultVersion: .init(OSVersion(18)))).plan([.loadFailed])
    #expect(names(plan) == [[Planner.loadFailureName]])
    #expect(plan.suites[0].cases[0].scenarioIndex == 0)
  }

  @Test("--repeat runs every case N times with distinct names")
  func repeats() {
    var options = Planner.Options(defaultVersion: .init(OSVersion(18)))
    options.repeatCount = 2
    let plan = Planner(options: options).plan([.scenarios([declared("a", index: 1), declared("b", index: 2)])])
    #expect(names(plan) == [["a (repeat 1/2)", "b (repeat 1/2)", "a (repeat 2/2)", "b (repeat 2/2)"]])
  }

  @Test("shards split by case, balanced, deterministically, and together cover the run exactly once", arguments: [1, 2, 3, 5, 20])
  func shards(count: Int) {
    let files: [CollectedFile] = (0..<7).map { f in .scenarios((1...(f + 1)).map { declared("f\(f) s\($0)", index: $0) }) }
    let paths = (0..<7).map { "dir/file\($0).lua" }
    let all = Planner(options: .init(defaultVersion: .init(OSVersion(18)))).plan(files, paths: paths)
    var seen: [String] = []
    var sizes: [Int] = []
    for k in 1...count {
      var options = Planner.Options(defaultVersion: .init(OSVersion(18)))
      options.shard = Shard(index: k, count: count)
      let plan = Planner(options: options).plan(files, paths: paths)
      seen += plan.suites.flatMap { suite in suite.cases.map { "\(suite.fileIndex) \($0.name)" } }
      sizes.append(plan.caseCount)
      #expect(plan == Planner(options: options).plan(files, paths: paths))
      #expect(plan.suites.allSatisfy { !$0.cases.isEmpty })
    }
    #expect(seen.sorted() == all.suites.flatMap { suite in suite.cases.map { "\(suite.fileIndex) \($0.name)" } }.sorted())
    #expect((sizes.max() ?? 0) - (sizes.min() ?? 0) <= 1, "28 cases over \(count) shards: \(sizes)")
  }

  @Test("the shard hash is FNV-1a 64, the same in every process")
  func stableHash() {
    #expect(Shard.stableHash("") == 0xcbf2_9ce4_8422_2325)
    #expect(Shard.stableHash("a") == 0xaf63_dc4c_8601_ec8c)
    #expect(Shard.stableHash("foobar") == 0x85944171f73967e8)
  }

  @Test("shard syntax K/N")
  func shardParsing() {
    #expect(Shard("2/3") == Shard(index: 2, count: 3))
    #expect(Shard("0/3") == nil)
    #expect(Shard("4/3") == nil)
    #expect(Shard("a/b") == nil)
    #expect(Shard("3") == nil)
  }

  @Test("shuffle is a permutation fixed by the seed; names do not depend on it")
  func shuffle() {
    let files: [CollectedFile] = (0..<5).map { f in .scenarios((1...6).map { declared("f\(f) s\($0)", index: $0) }) }
    var options = Planner.Options(defaultVersion: .init(OSVersion(18)))
    options.shuffleSeed = 42
    let a = Planner(options: options).plan(files)
    let b = Planner(options: options).plan(files)
    options.shuffleSeed = 43
    let c = Planner(options: options).plan(files)
    let unshuffled = Planner(options: .init(defaultVersion: .init(OSVersion(18)))).plan(files)
    #expect(a == b)
    #expect(a != c)
    #expect(a != unshuffled)
    #expect(Set(a.suites.flatMap { $0.cases.map(\.name) }) == Set(unshuffled.suites.flatMap { $0.cases.map(\.name) }))
  }
}
