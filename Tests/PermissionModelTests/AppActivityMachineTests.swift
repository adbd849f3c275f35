import Testing
@testable import PermissionModel

@Suite("AppActivityMachine: the lifecycle as returned effects (L1–L3, C5, E12)")
struct AppActivityMachineTests {
  static let app = AppID(0)
  static let t0 = VirtualInstant.start + VirtualDuration(nanoseconds: 5_000_000_000)

  static func effect(_ result: Result<Effect?, AppActivityMachine.Refusal>) throws -> Effect? {
    try result.get()
  }

  @Test("L1: launch is allowed only when not running; a second launch is refused with the state")
  func launch() throws {
    var machine = AppActivityMachine(app: Self.app)
    #expect(machine.appState == .notRunning)
    #expect(try Self.effect(machine.launch()) == nil)
    #expect(machine.appState == .foreground)
    guard case .failure(.alreadyRunning(.foreground)) = machine.launch() else {
      Issue.record("a second launch was not refused")
      return
    }
  }

  @Test("L2: going to the background schedules the grace timer; foreground cancels it")
  func graceTimer() throws {
    var machine = AppActivityMachine(app: Self.app)
    _ = machine.launch()
    let effect = try Self.effect(machine.background(now: Self.t0))
    guard case .schedule(.gracePeriodEnded(let app), let at) = effect else {
      Issue.record("expected the grace timer, got \(String(describing: effect))")
      return
    }
    #expect(app == Self.app)
    #expect(at == Self.t0 + Assumptions.inUseGracePeriod)
    #expect(machine.isInGracePeriod)
    #expect(machine.backgroundSince == Self.t0)
    let back = try Self.effect(machine.foreground())
    guard case .cancel(.gracePeriodEnded) = back else {
      Issue.record("expected the grace timer cancelled, got \(String(describing: back))")
      return
    }
    #expect(machine.appState == .foreground)
  }

  @Test("L2: an app is suspended only past its grace period; C5 then holds callbacks")
  func suspension() {
    var machine = AppActivityMachine(app: Self.app)
    _ = machine.launch()
    _ = machine.background(now: Self.t0)
    let suspendedInGrace = machine.suspend()
    #expect(!suspendedInGrace)  // still in the grace period
    #expect(machine.route() == .deliver)
    let graceEnded = machine.gracePeriodEnded()
    #expect(graceEnded)
    #expect(machine.isPastGracePeriod)
    let suspended = machine.suspend()
    #expect(suspended)
    #expect(machine.appState == .suspended)
    #expect(machine.route() == .hold)  // C5
  }

  @Test("C5: foregrounding a suspended app releases its held callbacks")
  func foregroundReleasesHeld() throws {
    var machine = AppActivityMachine(app: Self.app)
    _ = machine.launch()
    _ = machine.background(now: Self.t0)
    _ = machine.gracePeriodEnded()
    _ = machine.suspend()
    let effect = try Self.effect(machine.foreground())
    guard case .releaseHeld(let app) = effect else {
      Issue.record("expected the held callbacks released, got \(String(describing: effect))")
      return
    }
    #expect(app == Self.app)
  }

  @Test("L1: foreground needs a running app (launch instead); background needs the foreground")
  func refusals() {
    var machine = AppActivityMachine(app: Self.app)
    guard case .failure(.notLaunched) = machine.foreground() else {
      Issue.record("foreground of an app not running was not refused")
      return
    }
    guard case .failure(.notForeground(.notRunning)) = machine.background(now: Self.t0) else {
      Issue.record("background of an app not running was not refused")
      return
    }
    #expect(machine.route() == .drop)
  }

  @Test("E12, §14–§18 conventions: an event launches an app into the background: it runs for the grace period but is not in use")
  func wake() {
    var machine = AppActivityMachine(app: Self.app)
    guard let (from, effect) = machine.wake(now: Self.t0) else {
      Issue.record("the app was not woken")
      return
    }
    #expect(from == .notRunning)
    #expect(machine.appState == .background)
    #expect(!machine.isInGracePeriod)  // launched into the background: not in use
    #expect(!machine.isPastGracePeriod)  // …but running until its timer fires
    guard case .schedule(.gracePeriodEnded, Self.t0 + Assumptions.inUseGracePeriod) = effect else {
      Issue.record("expected a grace timer, got \(String(describing: effect))")
      return
    }
    let again = machine.wake(now: Self.t0)
    #expect(again == nil)  // already running
  }

  @Test("Ending a launch in the grace period cancels its timer; ending one not running is refused")
  func end() throws {
    var machine = AppActivityMachine(app: Self.app)
    _ = machine.launch()
    _ = machine.background(now: Self.t0)
    let effect = try Self.effect(machine.end())
    guard case .cancel(.gracePeriodEnded) = effect else {
      Issue.record("expected the grace timer cancelled, got \(String(describing: effect))")
      return
    }
    #expect(machine.appState == .notRunning)
    guard case .failure(.notRunning) = machine.end() else {
      Issue.record("ending an app not running was not refused")
      return
    }
  }
}
