/// What the caller must do after an authorization request (the machine has already updated itself).
public enum OnRequest: Hashable, Sendable {
  /// A2: a scenario error, "App Clips cannot request Always authorization".
  case appClipCannotRequestAlways
  /// R18: the app is not in the foreground; nothing happens.
  case ignoredNotInForeground
  /// §2 *(assumed)*: another alert is showing; nothing happens.
  case ignoredAlertShowing
  /// K2: log the console line; nothing else happens.
  case missingUsageDescription(KeyRequirement)
  /// P10: show the Location Services alert instead of any other.
  case showLocationServicesAlert
  /// P10 was answered twice already: nothing happens.
  case locationServicesOff
  /// Show the rule's alert.
  case showPrompt(RequestRule)
  /// The rule changed the state without an alert (R11), and what the app sees changed.
  case changed(RequestRule, AuthorizationTransition?)
  /// The rule leaves everything as it is (R1 after iOS 7, R14–R17).
  case unchanged(RequestRule)
  /// The version has no row for this origin: a gap in the rule data, which the tests forbid.
  case noRule(RequestOrigin)

  /// What the request changed that the app can observe.
  public var transition: AuthorizationTransition? {
    switch self {
    case .changed(_, let transition): transition
    case .appClipCannotRequestAlways, .ignoredNotInForeground, .ignoredAlertShowing, .missingUsageDescription,
      .showLocationServicesAlert, .locationServicesOff, .showPrompt, .unchanged, .noRule:
      nil
    }
  }
}
