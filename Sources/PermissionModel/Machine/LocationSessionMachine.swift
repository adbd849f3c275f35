/// One manager's standard location session (BEHAVIOR.md U1, U3): idle, updating, or paused.
///
/// ```
///            startUpdatingLocation (U1)             pause deadline reached (U3)
///   ┌──────┐ ────────────────────────▶ ┌──────────┐ ───────────────────────────▶ ┌────────┐
///   │ idle │                           │ updating │                              │ paused │
///   └──────┘ ◀── stopUpdatingLocation ─└──────────┘ ◀── startUpdatingLocation ── └────────┘
///       ▲             or the launch ends               (didResume…, U3)              │
///       └──────────────────────────── stopUpdatingLocation ──────────────────────────┘
/// ```
/// `blocked` (U3) is carried by every state: a When-In-Use session paused in the background gets
/// nothing, even restarted, until its app comes to the foreground.
///
/// ### Implementation
/// A struct over a private enum: the pause deadline the world derived lives only in the updating
/// state. Events return the effect to apply, if any (a callback, a timer; at most one, so no array
/// is allocated on the timer path); whether a session runs in the background (B1) and when it
/// pauses are derived by the world from the app's state.
struct LocationSessionMachine {
  private enum State {
    case idle(blocked: Bool)
    /// U3: `pauseDue` is when the automatic pause fires, `nil` while none is scheduled.
    case updating(since: VirtualInstant, pauseDue: VirtualInstant?, blocked: Bool)
    case paused(blocked: Bool)
  }

  let manager: ManagerID
  private var state: State = .idle(blocked: false)

  init(manager: ManagerID) {
    self.manager = manager
  }

  // MARK: - Reading

  /// `isUpdatingLocation`: started and not stopped, paused or not.
  var isUpdating: Bool {
    switch state {
    case .idle: false
    case .updating, .paused: true
    }
  }

  /// U3: paused automatically.
  var isPaused: Bool {
    switch state {
    case .paused: true
    case .idle, .updating: false
    }
  }

  /// U1, U3: updating, not paused, not blocked until the foreground.
  var isDelivering: Bool {
    switch state {
    case .updating(_, _, let blocked): !blocked
    case .idle, .paused: false
    }
  }

  /// When the current updating began (U3 counts from it).
  var updatingSince: VirtualInstant? {
    switch state {
    case .updating(let since, _, _): since
    case .idle, .paused: nil
    }
  }

  /// U3: when the scheduled automatic pause fires.
  var pauseDue: VirtualInstant? {
    switch state {
    case .updating(_, let due, _): due
    case .idle, .paused: nil
    }
  }

  // MARK: - Events

  /// U1: `startUpdatingLocation`; a paused session resumes (U3) and says so.
  mutating func start(now: VirtualInstant) -> Effect? {
    switch state {
    case .idle(let blocked):
      state = .updating(since: now, pauseDue: nil, blocked: blocked)
      return nil
    case .updating(_, let due, let blocked):
      state = .updating(since: now, pauseDue: due, blocked: blocked)
      return nil
    case .paused(let blocked):
      state = .updating(since: now, pauseDue: nil, blocked: blocked)
      return .callback(.locationManagerDidResumeLocationUpdates, to: manager)  // U3
    }
  }

  /// `stopUpdatingLocation`, or the end of the launch: the session and its pause timer end.
  mutating func stop() -> Effect? {
    switch state {
    case .idle:
      return nil
    case .updating(_, let due, let blocked):
      state = .idle(blocked: blocked)
      return due == nil ? nil : .cancel(.automaticPause(manager: manager))
    case .paused(let blocked):
      state = .idle(blocked: blocked)
      return nil
    }
  }

  /// U3: the pause timer fired; a When-In-Use session (`blocks`) then waits for the foreground.
  /// Returns the `didPause` callback, `nil` when the session was not updating.
  mutating func pause(blocks: Bool) -> Effect? {
    switch state {
    case .updating(_, _, let blocked):
      state = .paused(blocked: blocked || blocks)
      return .callback(.locationManagerDidPauseLocationUpdates, to: manager)
    case .idle, .paused:
      return nil
    }
  }

  /// U3: the app came to the foreground; a blocked session delivers again.
  mutating func appEnteredForeground() {
    switch state {
    case .idle: state = .idle(blocked: false)
    case .updating(let since, let due, _): state = .updating(since: since, pauseDue: due, blocked: false)
    case .paused: state = .paused(blocked: false)
    }
  }

  /// U3: the world derived when the session pauses (`nil`: it does not); returns the timer effects.
  mutating func derivePause(due: VirtualInstant?) -> [Effect] {
    switch state {
    case .updating(let since, let current, let blocked):
      guard due != current else { return [] }
      state = .updating(since: since, pauseDue: due, blocked: blocked)
      let cancel: [Effect] = current == nil ? [] : [.cancel(.automaticPause(manager: manager))]
      return cancel + (due.map { [.schedule(.automaticPause(manager: manager), at: $0)] } ?? [])
    case .idle, .paused:
      return []
    }
  }
}
