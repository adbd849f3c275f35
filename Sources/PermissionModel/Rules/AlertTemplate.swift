/// One of BEHAVIOR.md's alerts P1–P14: its kind, message source and buttons in display order.
///
/// The texts are data (Z0): the title comes from the device language's table by the alert's id, and
/// each button from it by the English label the template names it with (``SystemTexts``).
public struct AlertTemplate: Hashable, Sendable {
  /// The alert's id, P1 … P11, P14.
  public let id: RuleID
  /// What the alert is about.
  public let kind: AlertKind
  /// Where the message comes from.
  public let message: AlertMessage
  /// The buttons in display order, by their English labels (U+2019 apostrophes): the model's names for them.
  public let buttons: [String]
  /// P7 and P14 (A3) have a map and a Precise switch from iOS 14, and their grants set the accuracy.
  public let hasPreciseSwitch: Bool
  /// D1: the alert is withdrawn unanswered when the app's authorization changes by another route or
  /// the app ends; P10 and P11 are not.
  public let isWithdrawable: Bool

  /// Creates a template; most alerts have no Precise switch and can be withdrawn (D1).
  public init(
    id: RuleID, kind: AlertKind, message: AlertMessage, buttons: [String], hasPreciseSwitch: Bool = false,
    isWithdrawable: Bool = true
  ) {
    self.id = id
    self.kind = kind
    self.message = message
    self.buttons = buttons
    self.hasPreciseSwitch = hasPreciseSwitch
    self.isWithdrawable = isWithdrawable
  }

  /// The title for an app, in a language, on a version (Z0, Z1): `%@` becomes the app's name inside “ ”,
  /// and the numbers fill `%d` / `%1$d` in order (P11 from 17: background uses, then days).
  public func title(appName: String, counts: [Int] = [], in texts: SystemTexts = .english, on version: OSVersion) -> String {
    texts.title(id, appName: appName, counts: counts, on: version)
  }

  /// The title with `%@` where the quoted app name goes, in a language, on a version.
  public func titleFormat(in texts: SystemTexts = .english, on version: OSVersion) -> String {
    texts.titleFormat(id, on: version)
  }

  /// The button labels as shown in a language on a version, in display order.
  public func buttonLabels(in texts: SystemTexts, on version: OSVersion) -> [String] {
    buttons.map { texts.button($0, on: version) }
  }

  /// The Precise switch (on by default) and the map the alert shows: P7 and P14 on iOS 14+ (A3), where
  /// K3 leaves no switch and an approximate map.
  public func accuracyControls(reportsAccuracy: Bool, defaultAccuracyReduced: Bool) -> (precise: Bool?, map: AlertMap?) {
    guard hasPreciseSwitch, reportsAccuracy else { return (nil, nil) }
    return defaultAccuracyReduced ? (nil, .approximate) : (true, .precise)
  }

  /// The message as shown for an app: the system's own (Z0), the usage description (K5, K1b), or the
  /// purpose text the request named (K4); nil when there is none or it is empty.
  public func messageText(for plist: InfoPlist, in texts: SystemTexts, on version: OSVersion, purposeText: String?) -> String? {
    switch message {
    case .none: texts.message(id, on: version)
    case .usageDescription(let key): plist.usageDescriptions[key].flatMap { $0.isEmpty ? nil : $0 }
    case .firstUsageDescription(let keys): keys.lazy.compactMap { plist.usageDescriptions[$0] }.first { !$0.isEmpty }
    case .purposeText: purposeText
    }
  }

  /// The same alert with its message taken from elsewhere (K1b, R1b: the device's Always alert with
  /// the old key's text or `NSLocationUsageDescription`).
  public func withMessage(_ message: AlertMessage) -> AlertTemplate {
    AlertTemplate(
      id: id, kind: kind, message: message, buttons: buttons, hasPreciseSwitch: hasPreciseSwitch,
      isWithdrawable: isWithdrawable)
  }

  /// A button label with straight apostrophes turned curly, so that `Don't Allow` finds `Don’t Allow`.
  public static func normalizedLabel(_ label: String) -> String {
    SystemTexts.normalized(label)
  }

  // MARK: - The alerts (BEHAVIOR.md §4; their texts: SystemStrings/*.json)

  /// P1, iOS 7: first use of location.
  public static let p1 = AlertTemplate(
    id: .P1, kind: .authorization, message: .usageDescription(.location), buttons: ["Don’t Allow", "OK"])
  /// P2, iOS 8–10: When-In-Use from ND.
  public static let p2 = AlertTemplate(
    id: .P2, kind: .authorization, message: .usageDescription(.whenInUse), buttons: ["Don’t Allow", "Allow"])
  /// P3, iOS 11–12: When-In-Use from ND.
  public static let p3 = AlertTemplate(
    id: .P3, kind: .authorization, message: .usageDescription(.whenInUse), buttons: ["Don’t Allow", "Allow"])
  /// P4, iOS 8–10: Always from ND.
  public static let p4 = AlertTemplate(
    id: .P4, kind: .authorization, message: .usageDescription(.always), buttons: ["Don’t Allow", "Allow"])
  /// P5, iOS 8–10: Always from When-In-Use.
  public static let p5 = AlertTemplate(
    id: .P5, kind: .alwaysUpgrade, message: .usageDescription(.always), buttons: ["Cancel", "Allow"])
  /// P6, iOS 11–12: Always from ND or When-In-Use.
  public static let p6 = AlertTemplate(
    id: .P6, kind: .authorization, message: .usageDescription(.alwaysAndWhenInUse),
    buttons: ["Only While Using the App", "Always Allow", "Don’t Allow"])
  /// P7, iOS 13.x: the first prompt for either request, Allow While Using App first.
  public static let p7iOS13 = AlertTemplate(
    id: .P7, kind: .authorization, message: .usageDescription(.whenInUse),
    buttons: ["Allow While Using App", "Allow Once", "Don’t Allow"], hasPreciseSwitch: true)
  /// P7, iOS 14+: Allow Once first; a map and a Precise switch.
  public static let p7 = AlertTemplate(
    id: .P7, kind: .authorization, message: .usageDescription(.whenInUse),
    buttons: ["Allow Once", "Allow While Using App", "Don’t Allow"], hasPreciseSwitch: true)
  /// P8, iOS 13+: the upgrade to Always (R12 immediate, R19 deferred).
  public static let p8 = AlertTemplate(
    id: .P8, kind: .alwaysUpgrade, message: .usageDescription(.alwaysAndWhenInUse),
    buttons: ["Keep Only While Using", "Change to Always Allow"])
  /// P9, iOS 14+: temporary full accuracy (title from simulator runtimes, ios15-26-research §7; SystemStrings).
  public static let p9 = AlertTemplate(
    id: .P9, kind: .temporaryFullAccuracy, message: .purposeText, buttons: ["Allow Once", "Don’t Allow"])
  /// P10, all versions: Location Services are off.
  public static let p10 = AlertTemplate(
    id: .P10, kind: .locationServicesOff, message: .none, buttons: ["Settings", "Cancel"], isWithdrawable: false)
  /// P11, iOS 13+: the background-use reminder (R21).
  public static let p11 = AlertTemplate(
    id: .P11, kind: .backgroundReminder, message: .none, buttons: ["Change to Only While Using", "Always Allow"],
    isWithdrawable: false)

  /// P12, iOS 15+: the location button's one-time confirmation (LB1; texts assumed, SystemStrings).
  public static let p12 = AlertTemplate(
    id: .P12, kind: .locationButton, message: .none, buttons: ["Don’t Allow", "Allow"])
  /// P13, iOS 14+: a widget that wants location is added (WG1; button order assumed).
  public static let p13 = AlertTemplate(
    id: .P13, kind: .widgets, message: .none, buttons: ["Don’t Allow", "Allow"])

  /// P14, iOS 14+: an App Clip's first prompt (A3): as P7 without Allow Once. The While-Using button's
  /// wording is assumed (``Assumptions/appClipWhileUsingButton`` names it; its texts are listed as assumed
  /// in SystemStrings/*.json).
  public static let p14 = AlertTemplate(
    id: .P14, kind: .authorization, message: .usageDescription(.whenInUse), buttons: [Assumptions.appClipWhileUsingButton, "Don’t Allow"],
    hasPreciseSwitch: true)

  /// Every alert, P1 … P14 (P7 in its 13.x and 14+ orders).
  public static let all: [AlertTemplate] = [p1, p2, p3, p4, p5, p6, p7iOS13, p7, p8, p9, p10, p11, p12, p13, p14]
}
