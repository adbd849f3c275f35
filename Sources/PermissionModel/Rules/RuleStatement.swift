/// What one rule of BEHAVIOR.md says, in one line, and the iOS versions it holds on.
///
/// The data `permsim explain --rules` and docs/rules.md are generated from: a rule id added to
/// ``RuleID`` needs a statement here (a test checks that every id has exactly one).
public struct RuleStatement: Sendable, Hashable {
  /// The rule.
  public let rule: RuleID
  /// The first version the rule holds on.
  public let since: OSVersion
  /// The first version it no longer holds on, or nil when it holds on the newest.
  public let until: OSVersion?
  /// The rule in one sentence.
  public let text: String

  /// A statement of `rule`, holding from `since` up to (not including) `until`.
  public init(_ rule: RuleID, since: OSVersion = OSVersion(7), until: OSVersion? = nil, _ text: String) {
    self.rule = rule
    self.since = since
    self.until = until
    self.text = text
  }

  /// Whether the rule holds on `version`.
  public func holds(on version: OSVersion) -> Bool {
    version >= since && until.map { version < $0 } ?? true
  }

  /// The statement of `rule`, or nil when it has none.
  public static func of(_ rule: RuleID) -> RuleStatement? {
    all.first { $0.rule == rule }
  }
}

extension RuleStatement {
  /// Every statement, in BEHAVIOR.md's order.
  public static let all: [RuleStatement] =
    keys + alerts + requests + events + callbacks + sessions + settings + objects + upgrades

  // MARK: - Keys (§3)

  static let keys = [
    RuleStatement(.K1, since: OSVersion(8), "A request needs its usage description, a non-empty String: When-In-Use needs NSLocationWhenInUseUsageDescription; Always needs NSLocationAlwaysUsageDescription on 8–10, NSLocationAlwaysAndWhenInUseUsageDescription and the When-In-Use key from 11."),
    RuleStatement(.K1b, since: OSVersion(11), "The iOS 11 key rule applies to apps linked against 11.0 or later; older apps keep the iOS 8–10 keys."),
    RuleStatement(.K2, since: OSVersion(8), "A missing key never crashes: no alert, no callback, status unchanged, and one console line naming the key."),
    RuleStatement(.K3, since: OSVersion(14), "NSLocationDefaultAccuracyReduced counts only as the Boolean true; any other type is ignored."),
    RuleStatement(.K4, since: OSVersion(14), "NSLocationTemporaryUsageDescriptionDictionary maps purpose keys to the text the temporary full accuracy alert shows."),
    RuleStatement(.K5, "Alert messages are localized: the key's entry in <locale>.lproj/InfoPlist.strings, else the Info.plist value."),
    RuleStatement(.K6, "UIBackgroundModes containing location is the background capability (B1, B2)."),
  ]

  // MARK: - Alerts (§4)

  static let alerts = [
    RuleStatement(.P1, until: OSVersion(8), "“%@” Would Like to Use Your Current Location: the first-use alert, Don’t Allow · OK."),
    RuleStatement(.P2, since: OSVersion(8), until: OSVersion(11), "Allow “%@” to access your location while you use the app? — When-In-Use from notDetermined, Don’t Allow · Allow."),
    RuleStatement(.P3, since: OSVersion(11), until: OSVersion(13), "Allow “%@” to access your location while you are using the app? — When-In-Use from notDetermined, Don’t Allow · Allow."),
    RuleStatement(.P4, since: OSVersion(8), until: OSVersion(11), "Allow “%@” to access your location even when you are not using the app? — Always from notDetermined, Don’t Allow · Allow."),
    RuleStatement(.P5, since: OSVersion(8), until: OSVersion(11), "Allow “%@” to also access your location even when you are not using the app? — Always from When-In-Use, Cancel · Allow."),
    RuleStatement(.P6, since: OSVersion(11), until: OSVersion(13), "Allow “%@” to access your location? — Always, three choices: Only While Using the App · Always Allow · Don’t Allow."),
    RuleStatement(.P7, since: OSVersion(13), "Allow “%@” to use your location? — the first prompt of either request, with Allow Once; a map and a Precise switch from 14."),
    RuleStatement(.P8, since: OSVersion(13), "Allow “%@” to also use your location even when you are not using the app? — the Always upgrade, Keep Only While Using · Change to Always Allow."),
    RuleStatement(.P9, since: OSVersion(14), "Allow “%@” to use your precise location once? — temporary full accuracy, Allow Once · Don’t Allow."),
    RuleStatement(.P10, "Turn On Location Services to Allow “%@” to Determine Your Location — shown when Location Services are off, Settings · Cancel."),
    RuleStatement(.P11, since: OSVersion(13), "“%@” has been using your location in the background over the past 3 days… — the background-use reminder (R21); from 17 “%@” has used your location N times in the background over the past D days…, counting the background deliveries since Always was granted or the last reminder."),
    RuleStatement(.P14, since: OSVersion(14), "An App Clip's first prompt: as P7 without Allow Once; Allow While Using Until Tomorrow · Don’t Allow."),
    RuleStatement(.D1, "An authorization alert that is showing is withdrawn, unanswered, when its app stops being in use or is terminated (assumed)."),
  ]

  // MARK: - Requests (§5)

  static let requests = [
    RuleStatement(.R1, "The first use of location prompts with P1 on iOS 7; from 8 it prompts nothing: the app must request."),
    RuleStatement(.R1b, since: OSVersion(8), "An app linked against an SDK before 8.0 still prompts on first use, with the device's Always alert and no key needed."),
    RuleStatement(.R2, since: OSVersion(8), until: OSVersion(13), "requestWhenInUseAuthorization from ND shows P2/P3: Allow → WIU · Don’t Allow → DEN."),
    RuleStatement(.R3, since: OSVersion(8), until: OSVersion(11), "requestAlwaysAuthorization from ND shows P4: Allow → AA · Don’t Allow → DEN."),
    RuleStatement(.R4, since: OSVersion(8), until: OSVersion(11), "requestAlwaysAuthorization from WIU (Always unused) shows P5: Allow → AA · Cancel → WIU, no callback."),
    RuleStatement(.R5, since: OSVersion(11), until: OSVersion(13), "requestAlwaysAuthorization from ND or WIU (Always unused) shows P6: Always Allow → AA · Only While Using → WIU · Don’t Allow → DEN."),
    RuleStatement(.R6, since: OSVersion(13), "requestWhenInUseAuthorization from ND shows P7: Allow While Using App → WIU · Allow Once → WIUt · Don’t Allow → DEN."),
    RuleStatement(.R9, since: OSVersion(13), "requestAlwaysAuthorization from ND shows P7: Allow While Using App → AAp (provisional Always) · Allow Once → WIUt · Don’t Allow → DEN."),
    RuleStatement(.R11, since: OSVersion(13), until: OSVersion(13, 4), "requestAlwaysAuthorization from WIU (Always unused) shows nothing: → AAp, with a callback (assumed)."),
    RuleStatement(.R12, since: OSVersion(13, 4), "requestAlwaysAuthorization from WIU (Always unused) shows P8 at once: Change to Always Allow → AA · Keep Only While Using → WIU, no callback."),
    RuleStatement(.R14, since: OSVersion(8), "requestAlwaysAuthorization from WIU once Always was used: unchanged, no callback."),
    RuleStatement(.R15, since: OSVersion(13), "requestAlwaysAuthorization from WIUt: unchanged."),
    RuleStatement(.R16, "Any request from DEN, RES, AA or AAp: unchanged, no callback."),
    RuleStatement(.R17, since: OSVersion(8), "requestWhenInUseAuthorization from WIU or WIUt: unchanged."),
    RuleStatement(.R18, "Any request while the app is not in the foreground: unchanged."),
    RuleStatement(.R19, since: OSVersion(13), "AAp and an Always-only event while the app is not in use: the deferred P8; Change to Always Allow → AA and the event is delivered · Keep Only While Using → WIU."),
    RuleStatement(.R21, since: OSVersion(13), "AA with background locations on 3 separate days: P11 at the next unlock; Change to Only While Using → WIU · Always Allow → AA."),
    RuleStatement(.T1, since: OSVersion(14), "A temporary full accuracy request while authorized, reduced and in the foreground, with its purpose key: P9; Allow Once → full accuracy until the app stops being in use."),
    RuleStatement(.T2, since: OSVersion(14), "A temporary full accuracy request with full accuracy already: no alert, completion promptDeclined."),
    RuleStatement(.T3, since: OSVersion(14), "A temporary full accuracy request while not in the foreground: no alert, completion promptDeclined."),
    RuleStatement(.T4, since: OSVersion(14), "A temporary full accuracy request whose purpose key is not in the dictionary: no alert, completion promptDeclined."),
    RuleStatement(.T5, since: OSVersion(14), "A temporary full accuracy request from ND, DEN or RES: no alert, completion promptDeclined (assumed)."),
  ]

  // MARK: - Events (§6)

  static let events = [
    RuleStatement(.E1, since: OSVersion(13), "A WIUt (Allow Once) app that stops being in use, or is terminated, returns to ND."),
    RuleStatement(.E2, since: OSVersion(14), "An app with temporary full accuracy that stops being in use returns to reduced accuracy."),
    RuleStatement(.E3, since: OSVersion(14), "An App Clip's When-In-Use grant ends at 04:00 local time the next day: → ND."),
    RuleStatement(.E4, "Location Services switched off: every app reports DEN, each remembering its status."),
    RuleStatement(.E5, "Location Services switched on: each app's remembered status returns."),
    RuleStatement(.E6, "The user changes the app in Settings: Never → DEN · Ask Next Time → ND · While Using → WIU · Always → AA · the Precise switch → accuracy."),
    RuleStatement(.E6b, since: OSVersion(14), "After the user picks Ask Next Time in Settings, accuracyAuthorization reads fullAccuracy while ND, whatever the Precise switch; the switch keeps its setting for the next grant."),
    RuleStatement(.E7, "Reset Location & Privacy: every app → ND, Always unused again."),
    RuleStatement(.E8, "A restriction on or off: → RES, or back to the previous status."),
    RuleStatement(.E12, "An Always-only event (significant change, region) while not in use: delivered to AA (launching the app), deferred for AAp (R19), not delivered to WIU."),
  ]

  // MARK: - Callbacks, lifecycle (§7, §8)

  static let callbacks = [
    RuleStatement(.C1, "Callbacks go to every manager of the app, in creation order, at the virtual instant of the change."),
    RuleStatement(.C2, "Creating a manager delivers one authorization callback with the current status (and accuracy from 14)."),
    RuleStatement(.C3, "After that, an authorization callback is delivered only when status or accuracy changes."),
    RuleStatement(.C4, "The callback is didChangeAuthorization(status) before 14, locationManagerDidChangeAuthorization from 14."),
    RuleStatement(.C5, "A running app (foreground, or background and not suspended) receives callbacks at once; a suspended app's are held until it runs."),
    RuleStatement(.C6, "didFailWithError(denied) when a location service is started (or requestLocation called) under DEN or RES."),
    RuleStatement(.C7, since: OSVersion(14), "The temporary full accuracy completion runs when P9 is answered (T1) or at once (T2–T5)."),
    RuleStatement(.L1, "An app is in use in the foreground, and in the background with a location session that shows the indicator (B3)."),
    RuleStatement(.L2, "Leaving the foreground keeps the app in use for a 10 s grace period; then an app with no background session is suspended."),
    RuleStatement(.L3, "phone:lock() sends the foreground app to the background; unlock() shows the alerts that waited for it."),
  ]

  // MARK: - Background, locations (§9, §10)

  static let sessions = [
    RuleStatement(.B1, "A running update session continues in the background when the app has K6 (and, from 9, allowsBackgroundLocationUpdates)."),
    RuleStatement(.B2, since: OSVersion(9), "Setting allowsBackgroundLocationUpdates to true without K6 crashes the app in the setter (NSInternalInconsistencyException; from 17 the reason ends “|| _CFMZEnabled()”)."),
    RuleStatement(.B3, "The background location indicator (blue bar; a pill from 13) shows while a WIU or WIUt app receives locations in the background, and for AA from 11 when showsBackgroundLocationIndicator is true."),
    RuleStatement(.U1, "A manager that is updating receives didUpdateLocations on each phone:set_location while the app is authorized and in use (or per B1)."),
    RuleStatement(.U2, since: OSVersion(14), "Reduced accuracy: coordinates snapped to a 0.05° grid, horizontalAccuracy 5000, at most one delivery per 15 minutes (assumed)."),
    RuleStatement(.U3, "With pausesLocationUpdatesAutomatically, a background session whose location has not changed for 15 minutes pauses (didPauseLocationUpdates)."),
    RuleStatement(.U4, "Region monitoring and significant changes need AA on 8–12; from 13 they start under WIU but reach an app not in use only with AA (E12); reduced accuracy fails regions."),
  ]

  // MARK: - Settings, Wi-Fi, App Clips, iOS 26 (§11–§13, §21)

  static let settings = [
    RuleStatement(.S1, "Settings lists Never, Ask Next Time (13–14; Ask Next Time Or When I Share from 15), While Using the App and Always, as the app's keys allow."),
    RuleStatement(.S1b, since: OSVersion(8), "An app linked against an SDK before 8.0 has the Settings options of an app with both keys (While Using the App and Always), so whatever S2 selects is shown (assumed)."),
    RuleStatement(.S2, "The selected Settings label: DEN → Never · ND or WIUt → Ask Next Time · WIU or AAp → While Using the App · AA → Always."),
    RuleStatement(.S3, since: OSVersion(14), "The Precise Location switch exists from 14; it starts off with K3."),
    RuleStatement(.D2, "Selecting the Settings option already selected changes nothing: no callback (assumed)."),
    RuleStatement(.W1, "fetch_current_wifi_ssid returns the SSID only with a network, the entitlement (12+), authorization (13+) and full accuracy (14+); else nil."),
    RuleStatement(.A1, since: OSVersion(14), "An App Clip's When-In-Use grant expires at 04:00 the next day (E3)."),
    RuleStatement(.A2, since: OSVersion(14), "requestAlwaysAuthorization in an App Clip is an error of the scenario."),
    RuleStatement(.A3, since: OSVersion(14), "An App Clip's first prompt is P14: no Allow Once; its While-Using button grants the A1 grant."),
    RuleStatement(.N1, since: OSVersion(26), "iOS 26 keeps every iOS 18 rule: Apple documents no change to location authorization."),
  ]
}

extension RuleStatement {
  // MARK: - Upgrading iOS in place (§22)

  static let upgrades = [
    RuleStatement(.UP1, "phone:upgrade(version) restarts the phone on a newer iOS: every app is terminated, the alert showing is withdrawn, the phone is unlocked again and the clock does not move; a version that is not newer is an error."),
    RuleStatement(.UP2, "Each app keeps its authorization, its Settings choice, its used Always request and its Precise switch; Allow Once and temporary full accuracy end with the app (E1, E2)."),
    RuleStatement(.UP3, since: OSVersion(14), "Crossing 14.0, an app authorized before the upgrade gets the Precise switch on (fullAccuracy); an app still ND gets the 14 default, off with K3 (assumed)."),
    RuleStatement(.UP4, "From then on every rule, label and system text reads the new version; each app's linked SDK stays what it was."),
    RuleStatement(.UP5, "The transcript records the upgrade and each app's changes with their rule ids; a delegate hears a changed status or accuracy at the app's next launch (C2)."),
  ]
}
