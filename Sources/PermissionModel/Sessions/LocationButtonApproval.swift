/// An app's `CLLocationButton` approval: the one P12 the user answers, and what a tap does (LB1–LB6).
///
/// ```
///   ┌──────────────┐  tap while ND/DEN: P12 (LB1)  ┌──────────┐  Allow: one-time grant  ┌──────────┐
///   │ not approved │ ────────────────────────────▶ │ approval │ ──────────────────────▶ │ approved │
///   └──────────────┘ ◀── Don’t Allow (LB1) ─────── │ showing  │                         └──────────┘
///          ▲                                       └──────────┘   tap while ND/DEN: grant at once (LB2)
///          └──────────── Reset Location & Privacy (E7) ─────────────────────────────────────┘
/// ```
public struct LocationButtonApproval: Sendable {
  private enum State: Sendable {
    case notApproved
    /// P12 is showing for a tap made from this state of the app's authorization.
    case approvalShowing(from: AuthorizationState)
    case approved
  }

  /// What the world does after a tap or an answer.
  public enum Action: Equatable, Sendable {
    /// LB6: Location Services are off: P10.
    case showLocationServicesAlert
    /// LB1: show P12.
    case showApproval
    /// LB1 (Allow), LB2: a one-time grant that ends as Allow Once does and returns to `returnTo` (LB5).
    case grantOnce(returnTo: AuthorizationState)
    /// LB1 (Don’t Allow), LB3: nothing changes, no callback.
    case nothing
  }

  private var state: State = .notApproved

  /// Creates the record of an app that never saw P12.
  public init() {}

  /// Whether the user agreed to P12 (until E7).
  public var isApproved: Bool {
    switch state {
    case .approved: true
    case .notApproved, .approvalShowing: false
    }
  }

  /// The user taps the button while the app is in the foreground.
  public mutating func tap(authorization: AuthorizationState, locationServicesEnabled: Bool) -> Action {
    guard locationServicesEnabled else { return .showLocationServicesAlert }  // LB6
    switch (authorization, state) {
    case (.notDetermined, .notApproved), (.denied, .notApproved):
      state = .approvalShowing(from: authorization)
      return .showApproval  // LB1
    case (.notDetermined, .approved), (.denied, .approved):
      return .grantOnce(returnTo: authorization)  // LB2
    case (.notDetermined, .approvalShowing), (.denied, .approvalShowing):
      return .nothing  // an alert is showing (§2)
    case (.whenInUse, _), (.temporaryWhenInUse, _), (.always, _), (.provisionalAlways, _), (.restricted, _):
      return .nothing  // LB3; RES (assumed): nothing to grant
    }
  }

  /// The user answered P12.
  public mutating func answered(allow: Bool) -> Action {
    guard case .approvalShowing(let from) = state else { return .nothing }
    guard allow else {
      state = .notApproved
      return .nothing  // LB1 (assumed): unchanged, no callback
    }
    state = .approved
    return .grantOnce(returnTo: from)  // LB1, LB5
  }

  /// P12 went away unanswered (D1): the tap is forgotten.
  public mutating func withdrawn() {
    if case .approvalShowing = state { state = .notApproved }
  }

  /// E7: Reset Location & Privacy clears the approval.
  public mutating func reset() { state = .notApproved }
}
