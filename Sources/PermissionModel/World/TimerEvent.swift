/// What a timer does when it fires; also the timer's identity, since at most one is pending per event.
enum TimerEvent: Hashable {
  /// L2: the grace period after leaving the foreground is over.
  case gracePeriodEnded(app: AppID)
  /// A1, E3: 04:00 the day after an App Clip's When-In-Use grant.
  case appClipReset(app: AppID)
  /// C6: `requestLocation` under ND gives up.
  case requestLocationTimeout(manager: ManagerID)
  /// U3: a background session's location has not changed for the pause interval.
  case automaticPause(manager: ManagerID)
  /// LU3: a live-update stream of the app has been still for the stationary interval.
  case sessionDeadline(app: AppID)
}
