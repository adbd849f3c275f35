/// What the iOS 15+ location objects can do on one iOS version: flags the rule layers turn on.
///
/// Each `RuleLayer` names the features its release introduced (`RuleLayer.sessionFeatures`), and
/// `RuleSet` folds them with the rest of the layer, so a version's features come from the same data
/// as its request rules.
public struct SessionFeatures: OptionSet, Hashable, Sendable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// Widgets may use location: `NSWidgetWantsLocation`, P13 (WG1, S4).
  public static let widgets = SessionFeatures(rawValue: 1 << 6)
  /// `CLLocationButton` exists (LB1–LB6).
  public static let locationButton = SessionFeatures(rawValue: 1 << 0)
  /// `CLLocationUpdate.liveUpdates`, `CLMonitor` and `CLBackgroundActivitySession` exist (LU1, MN1, BA1).
  public static let liveUpdatesAndMonitors = SessionFeatures(rawValue: 1 << 1)
  /// `CLServiceSession` exists and the new APIs act as implicit sessions (SS0, IM1, XS1).
  public static let serviceSessions = SessionFeatures(rawValue: 1 << 2)
  /// An Always app needs an `always` service session for the new APIs while not in use (AW1).
  public static let alwaysNeedsAlwaysSession = SessionFeatures(rawValue: 1 << 3)
  /// Sessions, streams and monitors report diagnostics (DG1–DG10).
  public static let diagnostics = SessionFeatures(rawValue: 1 << 4)
  /// Under reduced accuracy monitors deliver no events (MN2, DG10).
  public static let monitorsWithholdReducedAccuracy = SessionFeatures(rawValue: 1 << 5)

  public var widgets: Bool { contains(.widgets) }
  public var locationButton: Bool { contains(.locationButton) }
  public var liveUpdatesAndMonitors: Bool { contains(.liveUpdatesAndMonitors) }
  public var serviceSessions: Bool { contains(.serviceSessions) }
  public var alwaysNeedsAlwaysSession: Bool { contains(.alwaysNeedsAlwaysSession) }
  public var diagnostics: Bool { contains(.diagnostics) }
  public var monitorsWithholdReducedAccuracy: Bool { contains(.monitorsWithholdReducedAccuracy) }

  /// The features of a version, folded from the rule layers up to it.
  public init(for version: OSVersion) { self = RuleSet.forVersion(version).sessionFeatures }

  /// The release whose layer introduced a feature, for "needs iOS N" errors.
  public static func introduction(of feature: SessionFeatures) -> OSVersion? {
    RuleLayer.all.first { $0.sessionFeatures.contains(feature) }?.since
  }
}
