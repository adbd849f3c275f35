/// One situation of `permsim preview` on a run of iOS versions: the alert it shows, in each language.
public struct PreviewGroup: Sendable, Hashable {
  /// When the alert appears (`first request for When-In-Use`).
  public var situation: String
  /// The versions, as lint names ranges (`iOS 14.0–26.x`).
  public var versions: String
  /// The rule that shows the alert (`R6`).
  public var rule: String
  /// The alert in each language, with what lint says about it.
  public var alerts: [PreviewAlert]

  public init(situation: String, versions: String, rule: String, alerts: [PreviewAlert]) {
    self.situation = situation
    self.versions = versions
    self.rule = rule
    self.alerts = alerts
  }
}
