/// What a run is about to do, posted with `runStarted`.
public struct RunInfo: Sendable, Hashable {
  /// The permsim version that runs the scenarios.
  public var version: String
  /// The machine's host name; reports use `localhost` when it is empty.
  public var hostname: String
  /// The run's root folder as the user gave it; scenario file paths are relative to it.
  public var root: String
  /// The seed of the shuffled order, when the run was shuffled or given one.
  public var seed: UInt64?
  /// How many cases the runner planned, filtered-out ones included.
  public var plannedCaseCount: Int
  /// The iOS versions of the run's matrix, when the run has one (for example from the command line).
  public var iOSVersions: [String]
  /// The part of the cases this run holds (`--shard K/N`, written `K/N`), when the run is sharded.
  public var shard: String?

  public init(
    version: String,
    hostname: String = "localhost",
    root: String = ".",
    seed: UInt64? = nil,
    plannedCaseCount: Int = 0,
    iOSVersions: [String] = [],
    shard: String? = nil
  ) {
    self.version = version
    self.hostname = hostname
    self.root = root
    self.seed = seed
    self.plannedCaseCount = plannedCaseCount
    self.iOSVersions = iOSVersions
    self.shard = shard
  }
}
