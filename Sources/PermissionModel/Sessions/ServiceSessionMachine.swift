/// A `CLServiceSession`: declares what a feature needs and asks for it on the app's behalf (SS0–SS10).
///
/// ```
///   CLServiceSession(authorization:) ──▶ ┌──────┐ ── invalidate() (SS10) ──▶ invalidated
///                                        │ held │ ── app terminates (SS10) ─▶ lost
///   rejoined within 5 s of a launch ───▶ └──────┘
/// ```
/// A held session is `active` (SS0) whatever the authorization; what it still needs is `wantedPrompt`
/// (asked at most once per foreground visit, §14–§18 conventions) and what it lacks is `diagnostics`.
public struct ServiceSessionMachine: Sendable {
  /// `CLServiceSession.AuthorizationRequirement`.
  public enum Requirement: String, CaseIterable, Sendable {
    case none, whenInUse, always
  }

  /// What the session requires.
  public let requirement: Requirement
  /// The `fullAccuracyPurposeKey`, if any (SS9).
  public let fullAccuracyPurposeKey: String?

  /// What a held session remembers.
  private struct Held: Sendable {
    /// Its purpose key's prompt was declined or cannot be shown (DG7).
    var fullAccuracyDenied: Bool
    /// The foreground visit it last asked in.
    var askedInVisit: Int?
    /// It rejoined a session held at the last termination (SS10).
    let rejoined: Bool
    /// It was created out of use and the app has not been in use since (SS3).
    var createdOutOfUse: Bool
  }

  private enum State: Sendable {
    case held(Held)
    case invalidated
    case lost
  }

  private var state: State

  /// The session's current diagnostics (18+).
  public private(set) var diagnostics: Diagnostics = []

  /// Creates a held session.
  ///
  /// - Parameter purposeKeyDeclared: whether the purpose key is in
  ///   `NSLocationTemporaryUsageDescriptionDictionary`; a missing key is `fullAccuracyDenied` at once (SS9).
  ///   - rejoined: whether it rejoins a session held at the last termination (SS10).
  ///   - createdOutOfUse: whether the app was not in use when it was created (SS3).
  public init(
    requirement: Requirement, fullAccuracyPurposeKey: String?, purposeKeyDeclared: Bool, rejoined: Bool = false,
    createdOutOfUse: Bool = false
  ) {
    self.requirement = requirement
    self.fullAccuracyPurposeKey = fullAccuracyPurposeKey
    state = .held(
      Held(
        fullAccuracyDenied: fullAccuracyPurposeKey != nil && !purposeKeyDeclared, askedInVisit: nil, rejoined: rejoined,
        createdOutOfUse: createdOutOfUse))
  }

  /// SS0: active from creation until invalidated or lost at termination.
  public var isActive: Bool {
    switch state {
    case .held: true
    case .invalidated, .lost: false
    }
  }

  /// Whether it rejoined a session held at the last termination (SS10).
  public var isRejoined: Bool {
    guard case .held(let held) = state else { return false }
    return held.rejoined
  }

  /// Whether it satisfies XS1: a held session requiring authorization, or `none` with authorization (SS1).
  public func qualifies(_ context: SessionContext) -> Bool {
    guard isActive else { return false }
    return requirement != .none || context.isAuthorized
  }

  // MARK: - Prompts

  /// The alert the session needs now, if it may ask in this context and has not asked this visit.
  ///
  /// SS2, SS7, SS8: P7 from ND; SS5: P8 from permanent When-In-Use with Always unused; SS9: P9 under
  /// reduced accuracy. Only in the foreground (SS3), never while RES or DEN (SS4), and not with
  /// Location Services off (the world shows P10 for that at creation).
  public func wantedPrompt(_ context: SessionContext, alwaysRequested: Bool, visit: Int) -> SessionPrompt? {
    guard case .held(let held) = state, held.askedInVisit != visit, context.foreground,
      context.locationServicesEnabled
    else { return nil }
    switch (requirement, context.authorization) {
    case (.whenInUse, .notDetermined): return .whenInUse(forAlways: false)  // SS2, SS8
    case (.always, .notDetermined): return .whenInUse(forAlways: true)  // SS7 (assumed, as R9)
    case (.always, .whenInUse) where !alwaysRequested: return .always  // SS5
    case (.none, _), (.whenInUse, _), (.always, _): break
    }
    if let key = fullAccuracyPurposeKey, !held.fullAccuracyDenied, context.isAuthorized,
      context.accuracy == .reducedAccuracy
    {
      return .fullAccuracy(purposeKey: key)  // SS9
    }
    return nil
  }

  /// The session asked (its alert showed, or was refused) in this visit.
  public mutating func asked(inVisit visit: Int) {
    updateHeld { $0.askedInVisit = visit }
  }

  /// SS9: the user declined the purpose key's prompt.
  public mutating func fullAccuracyDeclined() {
    updateHeld { $0.fullAccuracyDenied = true }
  }

  /// Changes what a held session remembers; an ended session has nothing to change.
  private mutating func updateHeld(_ change: (inout Held) -> Void) {
    guard case .held(var held) = state else { return }
    change(&held)
    state = .held(held)
  }

  // MARK: - Ending

  /// SS10: `invalidate()` ends it at once.
  public mutating func invalidate() { state = .invalidated }

  /// SS10: at termination the object reads `active = false`; returns whether it was held.
  public mutating func terminate() -> Bool {
    guard isActive else { return false }
    state = .lost
    return true
  }

  // MARK: - Diagnostics

  /// Recomputes §18's flags for this session.
  public mutating func refresh(_ context: SessionContext) {
    if context.inUse { updateHeld { $0.createdOutOfUse = false } }  // SS3: in use at last
    guard case .held(let held) = state, context.features.diagnostics else {
      diagnostics = []
      return
    }
    diagnostics = Diagnostics.shared(context, requestShowing: requestShowing(context), qualifies: qualifies(context))
    // DG4: out of use, unless Always covers the requirement; SS3: a session created out of use
    // reports it until the app is in use, Always or not; SS10: a rejoined one never does.
    if requirement != .none, !context.inUse, held.createdOutOfUse || !context.isAlways, !held.rejoined {
      diagnostics.insert(.insufficientlyInUse)
    }
    if held.fullAccuracyDenied { diagnostics.insert(.fullAccuracyDenied) }  // DG7
    if requirement == .always,
      context.authorization == .whenInUse || context.authorization == .temporaryWhenInUse
    {
      diagnostics.insert(.alwaysAuthorizationDenied)  // DG8
    }
  }

  /// DG6: an authorization alert that serves this session's requirement is showing.
  private func requestShowing(_ context: SessionContext) -> Bool {
    switch (context.promptShowing, requirement) {
    case (.whenInUse?, .whenInUse), (.whenInUse?, .always), (.always?, .always): true
    case (nil, _), (.fullAccuracy?, _), (_, .none), (.always?, .whenInUse): false
    }
  }
}
