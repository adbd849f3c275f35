/// The authorization record of one app on one device (BEHAVIOR.md §2) and the rules that change it.
///
/// ```
///            request → P2/P3/P4/P6/P7 (R2–R9)                requestAlways → P5/P6/P8 (R4, R5, R12)
///   ┌────┐ ─────────────────────────────────────▶ ┌─────┐ ───────────────────────────────────────▶ ┌────┐
///   │ ND │          Allow Once (R6, R9)           │ WIU │ ◀─────── Keep Only While Using (R19) ──── │ AA │
///   └────┘ ─────────────────────▶ ┌──────┐        └─────┘ ◀─── Change to Only While Using (R21) ─── └────┘
///    ▲ ▲ │                        │ WIUt │           │  requestAlways on 13.0–13.3 (R11)             ▲
///    │ │ │ Don’t Allow            └──────┘           ▼                                               │
///    │ │ ▼                           │            ┌─────┐    Change to Always Allow (R19)            │
///    │ │ ┌─────┐                     │            │ AAp │ ───────────────────────────────────────────┘
///    │ │ │ DEN │                     │            └─────┘ ◀── requestAlways from ND, Allow While Using App (R9)
///    │ │ └─────┘                     │
///    │ └─ not in use (E1) ───────────┘   App Clip WIU at 04:00 the next day (E3) ─▶ ND
///    └─── Ask Next Time (E6), Reset Location & Privacy (E7)
///
///   Settings (E6) sets DEN, ND, WIU or AA from any state. A restriction (E8) overlays RES and
///   Location Services off (E4) reports DEN; both keep the grant underneath for when they end.
/// ```
///
/// ### Implementation
/// The machine is a value with no clock, no I/O and no knowledge of alerts on screen: every event
/// is a `mutating func` named after what happened, and it returns what the caller must do (`OnRequest`,
/// `AuthorizationTransition` — what changed that the app can observe —,
/// `OnTemporaryFullAccuracyRequest`). Request rows come from the version's `RuleSet`, never from
/// `if version >= …` here. Callbacks are not decided here either: the world compares the
/// `reported(locationServicesEnabled:)` snapshot before and after each event (C3).
public struct AuthorizationMachine: Sendable {
  /// The rules of the device's version; an upgrade replaces them (UP4).
  public private(set) var rules: RuleSet
  /// The app's kind, keys and SDK.
  public let profile: AppProfile
  /// Whether a restriction overlays the user's grant (E8); each state carries the grant.
  private enum Access: Sendable {
    /// The app has the user's grant.
    case granted(AuthorizationState)
    /// E8: parental controls or device management show RES; the grant waits underneath for when they are lifted.
    case restricted(underneath: AuthorizationState)
  }

  private var access = Access.granted(.notDetermined)

  /// Whether the one Always request has been used.
  public private(set) var alwaysRequested = false
  /// The Precise Location switch (S3); starts off with K3.
  public private(set) var preciseEnabled: Bool
  /// Full accuracy granted by P9 until the app stops being in use (T1, E2), the Precise switch is
  /// flipped (E6) or the record is reset (E7); a change of grant in Settings keeps it.
  public private(set) var temporaryFullAccuracy = false
  /// How many P10 alerts the user has answered for this app.
  public private(set) var locationServicesAlertsAnswered = 0
  /// What a temporary When-In-Use grant ends as (E1): ND, or DEN for a location-button grant made
  /// while denied (LB5).
  public private(set) var temporaryGrantEndsAs: AuthorizationState = .notDetermined
  /// E6b: the user picked Ask Next Time in Settings on 14+, and the app is still ND since: it reads
  /// full accuracy, whatever the Precise switch (which keeps its own setting for the next grant).
  public private(set) var askedNextTimeInSettings = false

  /// A fresh record: ND, Always unused, the Precise switch as K3 sets it.
  public init(rules: RuleSet, profile: AppProfile) {
    self.rules = rules
    self.profile = profile
    self.preciseEnabled = !(rules.reportsAccuracy && profile.defaultAccuracyReduced)  // K3, S3
  }

  // MARK: - Reading

  /// The user's grant; never `.restricted`, which a restriction overlays (E8).
  public var grant: AuthorizationState {
    switch access {
    case .granted(let grant), .restricted(let grant): grant
    }
  }

  /// Parental controls or device management (E8).
  public var isRestricted: Bool {
    switch access {
    case .granted: false
    case .restricted: true
    }
  }

  /// The state, with the restriction overlaid.
  public var state: AuthorizationState {
    switch access {
    case .granted(let grant): grant
    case .restricted: .restricted
    }
  }

  /// Changes the user's grant, under the restriction if one is in effect (E8).
  private mutating func setGrant(_ grant: AuthorizationState, endingAs ending: AuthorizationState = .notDetermined) {
    temporaryGrantEndsAs = ending
    askedNextTimeInSettings = false  // E6b lasts while the Settings choice does
    switch access {
    case .granted: access = .granted(grant)
    case .restricted: access = .restricted(underneath: grant)
    }
  }

  /// The origin the request rules look up.
  public var origin: RequestOrigin { RequestOrigin(state: state, alwaysRequested: alwaysRequested) }

  /// What the app observes.
  public func reported(locationServicesEnabled: Bool) -> AuthorizationSnapshot {
    // E4 over E8 (assumed): with Location Services off every app reports denied.
    let status = locationServicesEnabled ? state.status : .denied
    return AuthorizationSnapshot(status: status, accuracy: accuracy)
  }

  /// `accuracyAuthorization`: full with the Precise switch on or a temporary grant, `nil` before iOS 14;
  /// full, too, while ND after the user picked Ask Next Time in Settings (E6b).
  public var accuracy: AccuracyAuthorization? {
    guard rules.reportsAccuracy else { return nil }
    return preciseEnabled || temporaryFullAccuracy || askedNextTimeInSettings ? .fullAccuracy : .reducedAccuracy
  }

  /// Runs an event's changes and returns what they changed that the app can observe, `nil` for nothing.
  private mutating func observing(_ change: (inout Self) -> Void) -> AuthorizationTransition? {
    let (state, accuracy) = (self.state, self.accuracy)
    change(&self)
    guard state != self.state || accuracy != self.accuracy else { return nil }
    return AuthorizationTransition(fromState: state, fromAccuracy: accuracy, toState: self.state, toAccuracy: self.accuracy)
  }

  // MARK: - Requests

  /// An app asks for authorization, or (iOS 7) starts using location.
  ///
  /// We can handle a request in every state. The circumstances are checked first, in order:
  /// A2, R18, an alert showing (§2), K2, P10; then the version's request row decides.
  public mutating func request(_ call: AuthorizationCall, in context: RequestContext) -> OnRequest {
    if call == .requestAlwaysAuthorization, profile.kind == .appClip {
      return .appClipCannotRequestAlways  // A2
    }
    guard context.isForeground else { return .ignoredNotInForeground }  // R18
    guard !context.isAlertShowing else { return .ignoredAlertShowing }  // §2 (assumed)
    if let requirement = rules.keyRequirement(for: call), !requirement.isMet(by: profile.usageDescriptions) {
      return .missingUsageDescription(requirement)  // K1, K2
    }
    guard context.locationServicesEnabled else { return onLocationServicesOff }
    guard let rule = rules.rule(for: call, from: origin) else {
      return .noRule(origin)
    }
    if rule.usesAlwaysRequest { alwaysRequested = true }
    switch rule.outcome {
    case .prompt: return .showPrompt(rule)
    case .becomes(let state):
      return .changed(rule, observing { $0.setGrant(state) })
    case .unchanged: return .unchanged(rule)
    }
  }

  /// P10: with Location Services off, the alert shows at most twice per app, counting answered ones.
  /// Requests ask it, and so do the iOS 15+ objects that need authorization (§14–§18 conventions).
  public var onLocationServicesOff: OnRequest {
    locationServicesAlertsAnswered < 2 ? .showLocationServicesAlert : .locationServicesOff
  }

  /// The user tapped a button of a request's alert.
  ///
  /// On iOS 14+ a grant from P7 (or P14) also sets the accuracy from the Precise switch; a missing switch (K3) means reduced.
  @discardableResult
  public mutating func answer(_ choice: PromptChoice, of rule: RequestRule, precise: Bool?) -> AuthorizationTransition? {
    observing {
      $0.setGrant(choice.result)
      if $0.rules.reportsAccuracy, rule.alert?.hasPreciseSwitch == true, choice.result.status.isAuthorized {
        $0.preciseEnabled = precise ?? false
      }
    }
  }

  /// The user answered a system prompt (R19's deferred P8 or R21's P11).
  @discardableResult
  public mutating func answer(_ choice: PromptChoice, of prompt: SystemPromptRule) -> AuthorizationTransition? {
    observing { $0.setGrant(choice.result) }
  }

  /// The user answered a P10 alert, whichever button.
  @discardableResult
  public mutating func answerLocationServicesAlert() -> AuthorizationTransition? {
    locationServicesAlertsAnswered += 1
    return nil  // P10 changes nothing the app sees
  }

  // MARK: - Temporary full accuracy

  /// An app asks for temporary full accuracy with a purpose key (T1–T5).
  ///
  /// The checks follow the order of BEHAVIOR.md's table's conditions: T3, T5, T2, T4, then an alert showing.
  public func requestTemporaryFullAccuracy(
    hasPurposeText: Bool, in context: RequestContext
  ) -> OnTemporaryFullAccuracyRequest {
    guard context.isForeground else { return .declined(.T3) }
    guard reported(locationServicesEnabled: context.locationServicesEnabled).status.isAuthorized else {
      return .declined(.T5)  // T5 (assumed promptDeclined)
    }
    guard accuracy == .reducedAccuracy else { return .declined(.T2) }
    guard hasPurposeText else { return .declined(.T4) }
    guard !context.isAlertShowing else { return .declinedAlertShowing }
    return .showPrompt
  }

  /// The user answered P9: Allow Once grants temporary full accuracy, Don’t Allow changes nothing (T1).
  @discardableResult
  public mutating func answerTemporaryFullAccuracy(allow: Bool) -> AuthorizationTransition? {
    observing { if allow { $0.temporaryFullAccuracy = true } }
  }

  // MARK: - Events

  /// The app stopped being in use (L2) or was terminated: Allow Once ends (E1), temporary accuracy ends (E2).
  @discardableResult
  public mutating func stoppedBeingInUse() -> AuthorizationTransition? {
    observing {
      if $0.grant == .temporaryWhenInUse { $0.setGrant($0.temporaryGrantEndsAs) }  // E1, LB5
      $0.temporaryFullAccuracy = false  // E2
    }
  }

  /// A location-button grant (LB1, LB2): When-In-Use until the app stops being in use, then back to
  /// `returnTo` (LB5). Accuracy follows the Precise setting (LB5, assumed).
  @discardableResult
  public mutating func grantOnce(returningTo returnTo: AuthorizationState) -> AuthorizationTransition? {
    observing { $0.setGrant(.temporaryWhenInUse, endingAs: returnTo) }
  }

  /// An App Clip's When-In-Use grant reached 04:00 of the next day (A1, E3).
  @discardableResult
  public mutating func appClipGrantExpired() -> AuthorizationTransition? {
    observing { if $0.grant == .whenInUse { $0.setGrant(.notDetermined) } }
  }

  /// The user picked an option in Settings (E6); Always and While Using are permanent grants.
  @discardableResult
  public mutating func select(_ option: SettingsOption) -> AuthorizationTransition? {
    observing {
      $0.setGrant(option.result)
      // E6b (reference §8; transistorsoft/react-native-background-geolocation#1930): Ask Next Time on
      // 14+ reads fullAccuracy while ND, whatever the Precise switch.
      if option == .askNextTime, $0.rules.reportsAccuracy { $0.askedNextTimeInSettings = true }
    }
  }

  /// The phone installed a newer iOS (UP2–UP4): the record is kept and read by `newRules` from now on;
  /// each layer the upgrade crosses applies its ``UpgradeEffect``s (UP3: Precise on for an authorized app
  /// crossing 14.0). The caller has ended the grants that end with the app (UP1, UP2).
  @discardableResult
  public mutating func upgrade(to newRules: RuleSet) -> AuthorizationTransition? {
    let crossed = newRules.layers.filter { $0.since > rules.since }
    return observing {
      $0.rules = newRules  // UP4: the linked SDK and kind stay; the caller resolved the rules for them
      for effect in crossed.flatMap(\.upgradeEffects) {
        switch effect {
        case .preciseOnForAuthorizedApps:  // UP3 (assumed)
          $0.preciseEnabled = $0.grant.status.isAuthorized || !$0.profile.defaultAccuracyReduced
        }
      }
    }
  }

  /// The user flipped the Precise Location switch in Settings (E6, S3).
  @discardableResult
  public mutating func setPrecise(_ on: Bool) -> AuthorizationTransition? {
    observing {
      $0.preciseEnabled = on
      $0.temporaryFullAccuracy = false
    }
  }

  /// Parental controls or device management took effect or were lifted (E8).
  @discardableResult
  public mutating func setRestricted(_ on: Bool) -> AuthorizationTransition? {
    observing { $0.access = on ? .restricted(underneath: $0.grant) : .granted($0.grant) }
  }

  /// Reset Location & Privacy: ND, Always unused again, the Precise switch back to its default (E7).
  @discardableResult
  public mutating func reset() -> AuthorizationTransition? {
    observing {
      $0.setGrant(.notDetermined)
      $0.alwaysRequested = false
      $0.temporaryFullAccuracy = false
      $0.preciseEnabled = !($0.rules.reportsAccuracy && $0.profile.defaultAccuracyReduced)
      $0.locationServicesAlertsAnswered = 0
    }
  }
}
