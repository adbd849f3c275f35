/// What region monitoring and significant-change monitoring need to start (U4).
public enum MonitoringRule: Hashable, Sendable {
  /// iOS 7–12: Always; When-In-Use fails.
  case requiresAlways
  /// iOS 13+: any authorization; events while not in use still reach only Always apps (E12).
  case anyAuthorization
}
