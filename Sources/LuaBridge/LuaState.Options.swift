extension LuaState {
  /// How a state starts: its library set and its limits.
  public struct Options: Sendable {
    /// The default memory limit per state: 64 MiB.
    public static let defaultMemoryLimit = 64 << 20
    /// The default instruction budget (per scenario case): 50 million.
    public static let defaultInstructionLimit = 50_000_000

    /// Whether only the scenario subset of the standard library is open (see ``LuaState``).
    public var sandbox: Bool
    /// Bytes the state may allocate while Lua code runs; 0 means no limit.
    public var memoryLimit: Int
    /// Instructions Lua code may run (counted in steps of 1000); 0 means no limit.
    public var instructionLimit: Int
    /// The seed of `math.random`, also used by `math.randomseed()` without arguments.
    public var randomSeed: Int

    /// Creates options; the defaults are a sandboxed state with the default limits and seed 0.
    public init(
      sandbox: Bool = true,
      memoryLimit: Int = Options.defaultMemoryLimit,
      instructionLimit: Int = Options.defaultInstructionLimit,
      randomSeed: Int = 0
    ) {
      self.sandbox = sandbox
      self.memoryLimit = memoryLimit
      self.instructionLimit = instructionLimit
      self.randomSeed = randomSeed
    }
  }
}
