#if os(Linux)
import Foundation
import LuaBridge
import Testing

/// A watched budget costs nothing per instruction and never decides a verdict by timing (issue 11, item 3).
@Suite("The budget watch")
struct BudgetWatchTests {
  /// Runs `code` once, watched, on `state`: nil when the run must be repeated, counted.
  func watched(_ code: String, on state: LuaState) -> Result<Void, LuaError>? {
    state.watchingBudget { Result { () throws(LuaError) in _ = try state.run(code, chunkName: "=w") } }
  }

  @Test("a short run stands, and no count hook ran during it")
  func shortRunStands() throws {
    // A budget this large is watched for a second, room for the loop under valgrind and parallel tests.
    let state = LuaState(.init(instructionLimit: 10_000_000_000))
    let run = try #require(watched("local x = 0 for i = 1, 10000 do x = x + i end", on: state))
    try run.get()
    // Counted, the loop's 30,000 instructions would show; watched, only charges count.
    #expect(state.instructionCount == 0)
  }

  @Test("an endless run is stopped once the watch expires, and must be repeated", arguments: [
    "while true do end",
    "coroutine.wrap(function() while true do end end)()",
    "while true do pcall(function() while true do end end) end",
    "while true do coroutine.resume(coroutine.create(function() coroutine.yield() end)) end",
    "local co = coroutine.wrap(function() while true do coroutine.yield() end end) while true do co() end",
  ])
  func endlessRunRepeats(code: String) throws {
    let state = LuaState(.init(instructionLimit: 50_000_000))
    #expect(watched(code, on: state) == nil)
    // The state counts again afterwards: the same code ends with the counted budget error.
    let error = try #require(throws: LuaError.self) { _ = try state.run(code, chunkName: "=w") }
    #expect(error.kind == .budget)
    #expect(error.message.hasSuffix("instruction budget exceeded (50000000 instructions)"))
  }

  @Test("a run charged past its budget must be repeated")
  func chargedRunRepeats() {
    let state = LuaState(.init(instructionLimit: 10_000_000))
    #expect(watched("string.find(('a'):rep(3000), '.-.-.-b')", on: state) == nil)
  }

  @Test("a budget below the timers' resolution is counted, not watched")
  func smallBudgetIsCounted() throws {
    let state = LuaState(.init(instructionLimit: 1_000_000))
    let run = try #require(watched("local x = 0 for i = 1, 100000 do x = x + i end", on: state))
    try run.get()
    #expect(state.instructionCount >= 200_000)
    let stopped = try #require(watched("while true do end", on: state))
    #expect(throws: LuaError.self) { try stopped.get() }
  }

  @Test("a state watched from another thread is still stopped there")
  func anotherThread() {
    let state = LuaState(.init(instructionLimit: 50_000_000))
    #expect(watched("while true do end", on: state) == nil)
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) let moved = state  // used by one thread at a time
    nonisolated(unsafe) var result: Result<Void, LuaError>?? = .none
    let thread = Thread {
      result = .some(watched("while true do end", on: moved))
      done.signal()
    }
    thread.start()
    done.wait()
    #expect(result.map { $0 == nil } == true)
  }
}
#endif
