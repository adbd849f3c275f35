extension LuaState {
  /// Bytes the state may allocate while Lua code runs; 0 means no limit.
  ///
  /// Past the limit, an allocation made by Lua code fails with a memory error. Swift functions
  /// called from Lua may go past it; the memory error is then raised when they return.
  public var memoryLimit: Int {
    get { LuaStack.memoryLimit(L) }
    set { LuaStack.setMemoryLimit(L, newValue) }
  }

  /// How many memory errors the memory limit caused since the state began (an allocation refused
  /// again after Lua's emergency collection), whether or not Lua code caught them (`pcall`): what a
  /// host asks to know that a limit was hit.
  public var memoryRefusals: Int { LuaStack.memoryRefusals(L) }

  /// Bytes the state has allocated.
  public var memoryUsed: Int { LuaStack.memoryUsed(L) }

  /// Switches the collector to generational mode, which frees short-lived objects soon after they die.
  ///
  /// Use it for a state that runs many short jobs: their garbage, and the host objects it holds, go early.
  public func useGenerationalCollector() {
    LuaStack.current(self).useGenerationalCollector()
  }

  /// Runs a full garbage collection, so `memoryUsed` counts only what is still reachable.
  public func collectGarbage() {
    LuaStack.current(self).collectGarbage()
  }

  /// Instructions Lua code may run in this state before it fails with a budget error; 0 means no limit.
  public var instructionLimit: Int {
    get { LuaStack.instructionLimit(L) }
    set { LuaStack.setInstructionLimit(L, newValue) }
  }

  /// Instructions run so far, in steps of 1000 (coroutines included); set it to 0 to start a new budget.
  public var instructionCount: Int {
    get { LuaStack.instructionCount(L) }
    set { LuaStack.setInstructionCount(L, newValue) }
  }

  /// Runs `body` under a new instruction budget that is watched rather than counted; nil when that run
  /// may have come near the budget and must be repeated, counted.
  ///
  /// Lua 5.4 traps every VM instruction while a count hook is set. A watched run sets none: a timer on
  /// the thread's CPU clock stops it once it could have spent its budget (its elapsed time at more
  /// instructions a second than any machine runs), and it stands only if its elapsed time and charges
  /// show it stayed within. A repeated run, counted from the start, gives the verdict a counted run
  /// always gives; so the outcome never depends on timing, as long as `body` gives the same outcome
  /// every time it runs. Budgets under about 10 million instructions, or none, are counted as before
  /// (and off Linux, all are): then `body` runs once and its result is returned. An interrupt during a
  /// watched run takes effect once the timer fires.
  public func watchingBudget<Result>(_ body: () -> Result) -> Result? {
    guard LuaStack.beginBudgetWatch(L) else { return body() }
    let result = body()
    return LuaStack.endBudgetWatch(L) ? result : nil
  }

  /// Makes the running Lua code fail with "interrupted!" within 1000 instructions (thread-safe).
  public func interrupt() {
    LuaStack.interrupt(L)
  }

  /// Runs `body` with Ctrl-C (SIGINT) interrupting this state's Lua code, as the `lua` REPL does.
  ///
  /// A second Ctrl-C before the code stops ends the process (the signal's default action). One state
  /// at a time may do this (the REPL's); the previous SIGINT handler is restored afterwards.
  public func interruptingOnSIGINT<Result>(_ body: () throws -> Result) rethrows -> Result {
    let caught = LuaStack.catchInterruptSignal(L)
    defer { if caught { LuaStack.releaseInterruptSignal() } }
    return try body()
  }
}
