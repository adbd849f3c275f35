import Testing
@testable import PermissionModel

@Suite("LocationSessionMachine: a manager's update session (U1, U3)")
struct LocationSessionMachineTests {
  static let manager = ManagerID(0)
  static let t0 = VirtualInstant.start + VirtualDuration(nanoseconds: 1_000_000_000)
  static let t1 = t0 + Assumptions.automaticPauseAfter

  @Test("U1: start updates from now; stop ends the session")
  func startStop() {
    var session = LocationSessionMachine(manager: Self.manager)
    #expect(!session.isUpdating)
    let started = session.start(now: Self.t0)
    #expect(started == nil)
    #expect(session.isUpdating && session.isDelivering && !session.isPaused)
    #expect(session.updatingSince == Self.t0)
    let stopped = session.stop()
    #expect(stopped == nil)  // no pause timer to cancel
    #expect(!session.isUpdating && !session.isDelivering)
  }

  @Test("U3: a derived pause deadline schedules the timer once; a new one replaces it; stop cancels it")
  func pauseDeadline() {
    var session = LocationSessionMachine(manager: Self.manager)
    _ = session.start(now: Self.t0)
    let scheduled = session.derivePause(due: Self.t1)
    guard case .schedule(.automaticPause, Self.t1) = scheduled.first, scheduled.count == 1 else {
      Issue.record("expected one pause timer, got \(scheduled)")
      return
    }
    let unchanged = session.derivePause(due: Self.t1)
    #expect(unchanged.isEmpty)  // unchanged: nothing to do
    let moved = session.derivePause(due: Self.t1 + Assumptions.automaticPauseAfter)
    guard moved.count == 2, case .cancel(.automaticPause) = moved[0], case .schedule = moved[1] else {
      Issue.record("expected the timer replaced, got \(moved)")
      return
    }
    let stoppedWithTimer = session.stop()
    guard case .cancel(.automaticPause) = stoppedWithTimer else {
      Issue.record("expected the pause timer cancelled, got \(String(describing: stoppedWithTimer))")
      return
    }
  }

  @Test("U3: the pause delivers didPause; restarting resumes with didResume")
  func pauseAndResume() {
    var session = LocationSessionMachine(manager: Self.manager)
    _ = session.start(now: Self.t0)
    let paused = session.pause(blocks: false)
    #expect(session.isPaused && session.isUpdating && !session.isDelivering)
    guard case .callback(.locationManagerDidPauseLocationUpdates, _, _) = paused else {
      Issue.record("expected didPause, got \(String(describing: paused))")
      return
    }
    let resumed = session.start(now: Self.t1)
    guard case .callback(.locationManagerDidResumeLocationUpdates, _, _) = resumed else {
      Issue.record("expected didResume, got \(String(describing: resumed))")
      return
    }
    #expect(session.isDelivering)
  }

  @Test("U3: a When-In-Use session paused in the background delivers nothing, even restarted, until the foreground")
  func blockedUntilForeground() {
    var session = LocationSessionMachine(manager: Self.manager)
    _ = session.start(now: Self.t0)
    _ = session.pause(blocks: true)
    _ = session.start(now: Self.t1)
    #expect(session.isUpdating && !session.isDelivering)
    session.appEnteredForeground()
    #expect(session.isDelivering)
  }

  @Test("U3: a pause timer firing on a session that is not updating does nothing")
  func pauseWhenIdle() {
    var session = LocationSessionMachine(manager: Self.manager)
    let effect = session.pause(blocks: true)
    #expect(effect == nil)
    #expect(!session.isPaused)
  }
}
