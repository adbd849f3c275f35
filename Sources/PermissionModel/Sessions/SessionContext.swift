/// What the iOS 15+ location objects read of their app at one moment; the world derives it.
///
/// The objects never reach into the world: the world builds this value from the app's records
/// after every change, hands it to each object, and compares diagnostics before and after (§18).
public struct SessionContext: Hashable, Sendable {
  /// The version's features.
  public var features: SessionFeatures
  /// The app's authorization, with a restriction overlaid (RES).
  public var authorization: AuthorizationState
  /// Whether Location Services are on (E4).
  public var locationServicesEnabled: Bool
  /// Full or reduced accuracy (S3, T1).
  public var accuracy: AccuracyAuthorization
  /// Whether the app is in use: L1 with L2's grace, or kept in use by an active background
  /// activity session (BA2).
  public var inUse: Bool
  /// Whether the app is in the foreground (prompts show only then, §14–§18 conventions).
  public var foreground: Bool
  /// Whether the app declares `UIBackgroundModes` `location` (K6).
  public var declaresBackgroundLocation: Bool
  /// Whether `NSLocationRequireExplicitServiceSession` is true and the version reads it (XS1).
  public var requiresExplicitSession: Bool
  /// Whether the app holds an explicit session that satisfies XS1 (SS1, XS1).
  public var holdsQualifyingSession: Bool
  /// Whether the app holds an active `always` service session (AW1).
  public var holdsAlwaysSession: Bool
  /// The authorization alert the new APIs raised for the app that is showing, if any (DG6).
  public var promptShowing: SessionPrompt?

  /// Creates a context; the defaults describe an authorized app in the foreground.
  public init(
    features: SessionFeatures, authorization: AuthorizationState = .whenInUse,
    locationServicesEnabled: Bool = true, accuracy: AccuracyAuthorization = .fullAccuracy,
    inUse: Bool = true, foreground: Bool = true, declaresBackgroundLocation: Bool = false,
    requiresExplicitSession: Bool = false, holdsQualifyingSession: Bool = false,
    holdsAlwaysSession: Bool = false, promptShowing: SessionPrompt? = nil
  ) {
    self.features = features
    self.authorization = authorization
    self.locationServicesEnabled = locationServicesEnabled
    self.accuracy = accuracy
    self.inUse = inUse
    self.foreground = foreground
    self.declaresBackgroundLocation = declaresBackgroundLocation
    self.requiresExplicitSession = requiresExplicitSession
    self.holdsQualifyingSession = holdsQualifyingSession
    self.holdsAlwaysSession = holdsAlwaysSession
    self.promptShowing = promptShowing
  }

  /// Whether the app has a grant the new APIs can use (WIU, WIUt, AA, AAp) and Location Services are on.
  public var isAuthorized: Bool {
    guard locationServicesEnabled else { return false }
    switch authorization {
    case .whenInUse, .temporaryWhenInUse, .always, .provisionalAlways: return true
    case .notDetermined, .denied, .restricted: return false
    }
  }

  /// Whether the grant is Always (AA or AAp).
  public var isAlways: Bool { authorization == .always || authorization == .provisionalAlways }

  /// Whether XS1 withholds the new APIs: the key is set and no qualifying explicit session is held (DG5).
  public var explicitSessionMissing: Bool {
    features.serviceSessions && requiresExplicitSession && !holdsQualifyingSession
  }

  /// Whether a live-update stream or monitor may receive while not in use: an Always app on 17.x,
  /// or one holding an `always` session from 18 (LU1, MN2, AW1).
  public var receivesWhileNotInUse: Bool {
    isAlways && (!features.alwaysNeedsAlwaysSession || holdsAlwaysSession)
  }

  /// Whether an implicit session would prompt now: 18+, ND, Location Services on, in the foreground,
  /// and XS1 not set (IM1).
  public var implicitSessionPrompts: Bool {
    features.serviceSessions && !requiresExplicitSession && authorization == .notDetermined
      && locationServicesEnabled && foreground
  }
}
