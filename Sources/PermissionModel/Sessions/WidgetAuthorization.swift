/// Whether an app's widgets may use location, and the one P13 that asks (WG1, S4).
///
/// ```
///   ┌───────────┐  widget added while WIU/WIUt: P13   ┌────────┐  Allow / Don’t Allow  ┌──────────┐
///   │ not asked │ ──────────────────────────────────▶ │ asking │ ────────────────────▶ │ answered │
///   └───────────┘ ◀──────── Reset Location & Privacy (E7) ─────────────────────────── └──────────┘
/// ```
/// Always apps' widgets are authorized without an alert; ND, DEN and RES never (WG1).
public struct WidgetAuthorization: Sendable {
  private enum State: Sendable {
    case notAsked
    /// A widget was added while the app was not in the foreground: P13 waits for it (§14–§18 conventions).
    case waiting
    case asking
    case answered(allowed: Bool)
  }

  private var state: State = .notAsked

  /// Creates the record of an app whose widgets were never asked about.
  public init() {}

  /// The user added a widget whose extension declares `NSWidgetWantsLocation`: whether P13 shows now.
  ///
  /// Out of the foreground the alert waits: `promptWhenForeground` shows it later if still needed.
  public mutating func widgetAdded(authorization: AuthorizationState, foreground: Bool = true) -> Bool {
    guard case .notAsked = state else { return false }  // the first time only
    switch authorization {
    case .whenInUse, .temporaryWhenInUse:
      state = foreground ? .asking : .waiting
      return foreground
    case .notDetermined, .denied, .restricted, .always, .provisionalAlways:
      return false
    }
  }

  /// The app is in the foreground: whether a waiting P13 shows now (still When-In-Use), else it is dropped.
  public mutating func promptWhenForeground(authorization: AuthorizationState) -> Bool {
    guard case .waiting = state else { return false }
    switch authorization {
    case .whenInUse, .temporaryWhenInUse:
      state = .asking
      return true
    case .notDetermined, .denied, .restricted, .always, .provisionalAlways:
      state = .notAsked
      return false
    }
  }

  /// Whether a P13 waits for the app to come to the foreground.
  public var isWaiting: Bool {
    if case .waiting = state { return true }
    return false
  }

  /// The user answered P13.
  public mutating func answered(allow: Bool) {
    if case .asking = state { state = .answered(allowed: allow) }
  }

  /// P13 went away unanswered (D1): it may be asked again.
  public mutating func withdrawn() {
    if case .asking = state { state = .notAsked }
  }

  /// `isAuthorizedForWidgetUpdates` for an app in this authorization state (WG1).
  public func isAuthorized(_ authorization: AuthorizationState) -> Bool {
    switch authorization {
    case .always, .provisionalAlways: return true
    case .whenInUse, .temporaryWhenInUse:
      if case .answered(allowed: true) = state { return true }
      return false
    case .notDetermined, .denied, .restricted: return false
    }
  }

  /// Whether Settings says `While Using the App or Widgets` for a When-In-Use app (S4).
  public var allowedByUser: Bool {
    if case .answered(allowed: true) = state { return true }
    return false
  }

  /// E7: Reset Location & Privacy asks again next time.
  public mutating func reset() { state = .notAsked }
}
