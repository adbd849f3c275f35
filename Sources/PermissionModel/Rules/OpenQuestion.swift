/// A behaviour some field reports describe and others contradict, kept visible but not modelled until the evidence settles it.
///
/// docs/rules.md lists each one (`permsim explain --rules`) with the reports on both sides and what the
/// model does meanwhile, so a QA author who meets the reported behaviour knows it is known.
public struct OpenQuestion: Sendable, Hashable {
  /// The behaviour in question.
  public let question: String
  /// The rules that would change if it were adopted.
  public let rules: [RuleID]
  /// What the model does meanwhile.
  public let model: String
  /// The reports that describe the behaviour.
  public let reportsFor: [String]
  /// The sources the model follows instead.
  public let reportsAgainst: [String]

  /// Creates an open question.
  public init(
    _ question: String, rules: [RuleID], model: String, reportsFor: [String], reportsAgainst: [String]
  ) {
    self.question = question
    self.rules = rules
    self.model = model
    self.reportsFor = reportsFor
    self.reportsAgainst = reportsAgainst
  }
}

extension OpenQuestion {
  /// Every open question, in the order of the rules they touch.
  public static let all = [
    OpenQuestion(
      "Does choosing Ask Next Time in Settings make the one Always request available again?", rules: [.R14, .E6],
      model: "An app's Always request stays used until Reset Location & Privacy (E7): a later requestAlwaysAuthorization from When-In-Use shows nothing (R14).",
      reportsFor: ["zoontek/react-native-permissions#490: after the user picked Ask Next Time in Settings, requesting Always upgraded again"],
      reportsAgainst: [
        "the CLLocationManager header: an app with When-In-Use that has never requested Always \"may use this method to request always authorization one time only\"",
        "Apple, Choosing the Location Services Authorization to Request: \"apps may make only one request for Always authorization\"",
      ]),
    OpenQuestion(
      "Does setting allowsBackgroundLocationUpdates only after the app has left the foreground give no background session?",
      rules: [.B1],
      model: "B1 reads the property whenever it is set: a running update session continues in the background once it is true (with the background mode).",
      reportsFor: [
        "the Bluedot SDK documentation: the property set only after the app left the foreground gives no background session",
        "Apple's allowsBackgroundLocationUpdates documentation, read the same way: it speaks of updates started while the property is true",
      ],
      reportsAgainst: ["the CLLocationManager header and developers' iOS 11 table of background updates, which B1 follows: the background mode and the property decide, not when the property was set"]),
    OpenQuestion(
      "Does a provisional Always app whose session shows no indicator get no background updates?", rules: [.B1, .B3, .L1],
      model: "A provisional Always app reports authorizedAlways and, like an Always app, keeps receiving background updates without the indicator (B1, B3), while not in use (L1).",
      reportsFor: ["Almoullim/background_location#29 and #39: a provisional Always app whose background session showed no indicator got no background updates"],
      reportsAgainst: ["the CLLocationManager header and documentation: a provisional Always app reports authorizedAlways, and showsBackgroundLocationIndicator only decides whether an Always app shows the indicator; B1 needs the background mode and the property"]),
    OpenQuestion(
      "Are sessions started in the 10 s grace after leaving the foreground inactive?", rules: [.L2, .BA1, .SS3],
      model: "The grace counts as in use (L2): a background activity session or service session created in it is active and reports no insufficientlyInUse (BA1, SS3).",
      reportsFor: ["Apple forum thread 767865 (an Apple engineer): a session started while the app is not sufficiently in use, from the background, is inactive and reports insufficientlyInUse"],
      reportsAgainst: ["a developer's measurement of the grace (an app stays in use about 10 s after leaving the foreground) and Apple's \"in use\" definition, which includes the moments after an app leaves the foreground"]),
  ]
}
