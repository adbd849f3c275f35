/// What the iOS 15+ location objects can do on one iOS version, as stacked data layers.
///
/// Each layer names the release that introduced it and only what changed then; `SessionFeatures(for:)`
/// folds the layers up to a version, as `RuleSet` folds request rules.
public struct SessionFeatures: Hashable, Sendable {
  /// `CLLocationButton` exists (LB1–LB6).
  public var locationButton = false
  /// `CLLocationUpdate.liveUpdates`, `CLMonitor` and `CLBackgroundActivitySession` exist (LU1, MN1, BA1).
  public var liveUpdatesAndMonitors = false
  /// `CLServiceSession` exists and the new APIs act as implicit sessions (SS0, IM1, XS1).
  public var serviceSessions = false
  /// An Always app needs an `always` service session for the new APIs while not in use (AW1).
  public var alwaysNeedsAlwaysSession = false
  /// Sessions, streams and monitors report diagnostics (DG1–DG10).
  public var diagnostics = false
  /// Under reduced accuracy monitors deliver no events (MN2, DG10).
  public var monitorsWithholdReducedAccuracy = false

  /// One release's changes.
  struct Layer {
    let since: OSVersion
    let apply: @Sendable (inout SessionFeatures) -> Void
  }

  /// The layers, oldest first.
  static let layers: [Layer] = [
    Layer(since: OSVersion(15, 0)) { $0.locationButton = true },
    Layer(since: OSVersion(17, 0)) { $0.liveUpdatesAndMonitors = true },
    Layer(since: OSVersion(18, 0)) {
      $0.serviceSessions = true
      $0.alwaysNeedsAlwaysSession = true
      $0.diagnostics = true
      $0.monitorsWithholdReducedAccuracy = true
    },
    // N1: iOS 26 keeps every iOS 18 rule.
  ]

  /// The features of a version: every layer up to it, applied in order.
  public init(for version: OSVersion) {
    for layer in Self.layers where layer.since <= version { layer.apply(&self) }
  }

  /// The release that introduced a feature, for "needs iOS N" errors.
  public static func introduction(of feature: KeyPath<SessionFeatures, Bool>) -> OSVersion? {
    var features = SessionFeatures(for: .oldestSupported)
    for layer in layers {
      layer.apply(&features)
      if features[keyPath: feature] { return layer.since }
    }
    return nil
  }
}
