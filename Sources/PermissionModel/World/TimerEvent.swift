/// What a timer does when it fires.
enum TimerEvent {
  /// L2: the grace period after leaving the foreground is over.
  case gracePeriodEnded(app: Int)
  /// A1, E3: 04:00 the day after an App Clip's When-In-Use grant.
  case appClipReset(app: Int)
  /// C6: `requestLocation` under ND gives up.
  case requestLocationTimeout(manager: Int)
  /// U3: a background session's location has not changed for the pause interval.
  case automaticPause(manager: Int)
  /// LU3: a live-update stream of the app has been still for the stationary interval.
  case sessionDeadline(app: Int)
}
