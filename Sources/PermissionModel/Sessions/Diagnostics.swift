/// The diagnostics a session, live-update stream or monitor reports on iOS 18+ (BEHAVIOR.md §18).
///
/// A set of flags, each true when its row of §18 holds. Scenarios see the true flags as a table
/// keyed by Apple's property names (`{ insufficientlyInUse = true }`).
public struct Diagnostics: OptionSet, Hashable, Sendable, CustomStringConvertible {
  public let rawValue: UInt16
  public init(rawValue: UInt16) { self.rawValue = rawValue }

  /// DG1: DEN, or Location Services off.
  public static let authorizationDenied = Diagnostics(rawValue: 1 << 0)
  /// DG2: Location Services off.
  public static let authorizationDeniedGlobally = Diagnostics(rawValue: 1 << 1)
  /// DG3: RES.
  public static let authorizationRestricted = Diagnostics(rawValue: 1 << 2)
  /// DG4: the goal needs the app in use and it is not (SS3, BA5, IM1).
  public static let insufficientlyInUse = Diagnostics(rawValue: 1 << 3)
  /// DG5: XS1 applies and no qualifying explicit session is held.
  public static let serviceSessionRequired = Diagnostics(rawValue: 1 << 4)
  /// DG6: an authorization alert raised for the object is showing.
  public static let authorizationRequestInProgress = Diagnostics(rawValue: 1 << 5)
  /// DG7: the session's full-accuracy prompt was declined or cannot be shown (SS9).
  public static let fullAccuracyDenied = Diagnostics(rawValue: 1 << 6)
  /// DG8: an `always` session while the app is When-In-Use (SS5, SS6).
  public static let alwaysAuthorizationDenied = Diagnostics(rawValue: 1 << 7)
  /// DG9: no location could be given (live updates).
  public static let locationUnavailable = Diagnostics(rawValue: 1 << 8)
  /// DG10: reduced accuracy (live updates, monitors).
  public static let accuracyLimited = Diagnostics(rawValue: 1 << 9)

  /// Every flag with its rule id and Apple's name, in §18's order: the one table names come from.
  public static let catalog: [(flag: Diagnostics, rule: String, name: String)] = [
    (.authorizationDenied, "DG1", "authorizationDenied"),
    (.authorizationDeniedGlobally, "DG2", "authorizationDeniedGlobally"),
    (.authorizationRestricted, "DG3", "authorizationRestricted"),
    (.insufficientlyInUse, "DG4", "insufficientlyInUse"),
    (.serviceSessionRequired, "DG5", "serviceSessionRequired"),
    (.authorizationRequestInProgress, "DG6", "authorizationRequestInProgress"),
    (.fullAccuracyDenied, "DG7", "fullAccuracyDenied"),
    (.alwaysAuthorizationDenied, "DG8", "alwaysAuthorizationDenied"),
    (.locationUnavailable, "DG9", "locationUnavailable"),
    (.accuracyLimited, "DG10", "accuracyLimited"),
  ]

  /// The flags that stop a stream from delivering locations (§18: DG1–DG6).
  public static let blocking: Diagnostics = [
    .authorizationDenied, .authorizationDeniedGlobally, .authorizationRestricted,
    .insufficientlyInUse, .serviceSessionRequired, .authorizationRequestInProgress,
  ]

  /// The true flags' names, in §18's order.
  public var names: [String] { Self.catalog.filter { contains($0.flag) }.map(\.name) }

  /// `{authorizationDenied, authorizationDeniedGlobally}`, or `{}`.
  public var description: String { "{" + names.joined(separator: ", ") + "}" }

  /// The flags every kind of object shares (DG1–DG3, DG5, DG6), from the app's state.
  ///
  /// - Parameters:
  ///   - context: the app's state.
  ///   - requestShowing: whether an authorization alert raised for this object is showing (DG6).
  ///   - qualifies: whether this object is itself an explicit session satisfying XS1 (DG5).
  static func shared(_ context: SessionContext, requestShowing: Bool, qualifies: Bool = false) -> Diagnostics {
    var flags: Diagnostics = []
    if !context.locationServicesEnabled {
      flags.formUnion([.authorizationDenied, .authorizationDeniedGlobally])  // DG1, DG2
    }
    if context.authorization == .denied { flags.insert(.authorizationDenied) }  // DG1
    if context.authorization == .restricted { flags.insert(.authorizationRestricted) }  // DG3
    if context.explicitSessionMissing, !qualifies { flags.insert(.serviceSessionRequired) }  // DG5
    if requestShowing { flags.insert(.authorizationRequestInProgress) }  // DG6
    return flags
  }
}
