/// Where one app is in its lifecycle (BEHAVIOR.md L1–L3, C5), and what each lifecycle event makes the world do.
///
/// ```
///                launch (L1)                  background / lock (L2, L3)
///   ┌────────────┐ ─────────────▶ ┌────────────┐ ─────────────────────────▶ ┌──────────────────────────┐
///   │ notRunning │                │ foreground │ ◀──── foreground (L1) ──── │ background(since, grace) │
///   └────────────┘ ◀── end ────── └────────────┘                            └──────────────────────────┘
///        ▲  │  E12 wake (AA)            ▲  foreground: held callbacks arrive (C5)   │ grace over, no
///        │  └───────────────────────────┼──────────────────────▶ background        │ session (L2)
///        │                              │                                           ▼
///        └────────── end (E1, E2) ───── └───────────────────────────────────── ┌───────────┐
///                                                                              │ suspended │
///                                                                              └───────────┘
/// ```
///
/// ### Implementation
/// A struct over a private enum in the swift-nio-http2 style: the grace deadline lives only in the
/// background state, and every event returns the effect the world must apply, if any (a timer to
/// set or cancel, held callbacks to release; never more than one, so nothing is allocated), or a
/// refusal the world turns into a scenario error. Whether
/// a grant ends (E1, E2) or a background app is suspended (L2) is derived by the world, not decided here.
struct AppActivityMachine {
  private enum State {
    case notRunning
    case foreground
    /// L2: `graceEnds` is the end of the grace period, `nil` once it is over. `launched` marks a
    /// launch or wake into the background (E12, MN2): the app runs until `graceEnds` but is not in
    /// use (§14–§18 conventions).
    case background(since: VirtualInstant, graceEnds: VirtualInstant?, launched: Bool)
    /// C5: callbacks are held until the app runs again.
    case suspended
  }

  /// Why a lifecycle call was refused.
  enum Refusal: Error {
    case alreadyRunning(AppState)
    case notRunning
    /// Foregrounding an app that is not running: it needs `launch()` instead.
    case notLaunched
    case alreadyForeground
    case notForeground(AppState)
  }

  /// Where a callback for the app goes (C5).
  enum Route {
    case deliver
    case hold
    case drop
  }

  let app: AppID
  private var state: State = .notRunning

  init(app: AppID) {
    self.app = app
  }

  // MARK: - Reading

  /// The state `app.state` reports.
  var appState: AppState {
    switch state {
    case .notRunning: .notRunning
    case .foreground: .foreground
    case .background: .background
    case .suspended: .suspended
    }
  }

  /// When the app last left the foreground, while it is in the background (U3 counts from it).
  var backgroundSince: VirtualInstant? {
    switch state {
    case .background(let since, _, _): since
    case .notRunning, .foreground, .suspended: nil
    }
  }

  /// L2: the app is in the background and its grace period has not ended.
  var isInGracePeriod: Bool {
    switch state {
    case .background(_, let graceEnds, let launched): graceEnds != nil && !launched
    case .notRunning, .foreground, .suspended: false
    }
  }

  /// L2: in the background with the grace period over: the world suspends the app unless a session keeps it running.
  var isPastGracePeriod: Bool {
    switch state {
    case .background(_, let graceEnds, _): graceEnds == nil
    case .notRunning, .foreground, .suspended: false
    }
  }

  /// C5: a running app gets a callback now, a suspended one when it next runs, one not running never.
  func route() -> Route {
    switch state {
    case .foreground, .background: .deliver
    case .suspended: .hold
    case .notRunning: .drop
    }
  }

  // MARK: - Events

  /// L1: we can launch an app only when it is not running.
  mutating func launch() -> Result<Effect?, Refusal> {
    switch state {
    case .notRunning:
      state = .foreground
      return .success(nil)
    case .foreground, .background, .suspended:
      return .failure(.alreadyRunning(appState))
    }
  }

  /// L1: we can bring an app to the foreground from the background (ending its grace period) or
  /// from suspension (its held callbacks arrive, C5).
  mutating func foreground() -> Result<Effect?, Refusal> {
    switch state {
    case .notRunning:
      return .failure(.notLaunched)
    case .foreground:
      return .failure(.alreadyForeground)
    case .background(_, let graceEnds, _):
      state = .foreground
      return .success(graceEnds == nil ? nil : .cancel(.gracePeriodEnded(app: app)))
    case .suspended:
      state = .foreground
      return .success(.releaseHeld(app))
    }
  }

  /// L2, L3: we can send only a foreground app to the background; it stays in use for the grace period.
  mutating func background(now: VirtualInstant) -> Result<Effect?, Refusal> {
    switch state {
    case .foreground:
      let ends = now + Assumptions.inUseGracePeriod
      state = .background(since: now, graceEnds: ends, launched: false)
      return .success(.schedule(.gracePeriodEnded(app: app), at: ends))
    case .notRunning, .background, .suspended:
      return .failure(.notForeground(appState))
    }
  }

  /// L2: the grace period's timer fired; returns whether the app was still in the background.
  mutating func gracePeriodEnded() -> Bool {
    switch state {
    case .background(let since, _, let launched):
      state = .background(since: since, graceEnds: nil, launched: launched)
      return true
    case .notRunning, .foreground, .suspended:
      return false
    }
  }

  /// L2: the world found nothing keeping the app running past its grace period; returns whether it was suspended.
  mutating func suspend() -> Bool {
    switch state {
    case .background(_, nil, _):
      state = .suspended
      return true
    case .background(_, _?, _), .notRunning, .foreground, .suspended:
      return false
    }
  }

  /// E12: an event wakes a suspended app or launches one not running into the background, with a
  /// grace period; returns the effects and the state it was in, `nil` when it was already running.
  mutating func wake(now: VirtualInstant) -> (from: AppState, effect: Effect)? {
    switch state {
    case .notRunning, .suspended:
      let from = appState
      let ends = now + Assumptions.inUseGracePeriod
      state = .background(since: now, graceEnds: ends, launched: true)
      return (from, .schedule(.gracePeriodEnded(app: app), at: ends))
    case .foreground, .background:
      return nil
    }
  }

  /// B2, terminate: we can end a launch in any state but notRunning; a pending grace timer is cancelled.
  mutating func end() -> Result<Effect?, Refusal> {
    switch state {
    case .notRunning:
      return .failure(.notRunning)
    case .background(_, _?, _):
      state = .notRunning
      return .success(.cancel(.gracePeriodEnded(app: app)))
    case .foreground, .background(_, nil, _), .suspended:
      state = .notRunning
      return .success(nil)
    }
  }
}
