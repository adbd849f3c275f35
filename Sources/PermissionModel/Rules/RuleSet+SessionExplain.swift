// MARK: - What explain shows of the iOS 15+ objects, read from their machines (§14, §17)

extension RuleSet {
  /// The origins the new objects' prompts are listed from: the grant states an app can be in when it uses them.
  private static let sessionOrigins: [RequestOrigin] = [
    .notDetermined, .whenInUseAlwaysUnused, .whenInUseAlwaysUsed, .temporaryWhenInUse, .always, .denied,
  ]

  /// Lines for `explain`: the location button's taps (15+, LB1–LB3) and what a service session asks for
  /// from each state (18+, SS2, SS5–SS7), each with the alert and results of the request it raises.
  public func sessionExplanation(
    keys: Set<UsageDescriptionKey>, kind: AppKind = .app, in texts: SystemTexts = .english, on version: OSVersion
  ) -> [String] {
    let features = SessionFeatures(for: version)
    var lines: [String] = []
    if features.locationButton {
      lines.append("Location button (CLLocationButton):")
      for origin in Self.sessionOrigins where states.contains(origin.state) {
        var first = LocationButtonApproval()
        let tap = first.tap(authorization: origin.state, locationServicesEnabled: true)
        lines.append("  \(origin.description) + tap: " + describe(tap, after: &first, in: texts, on: version))
      }
    }
    guard features.serviceSessions else { return lines }
    lines.append("Service sessions (CLServiceSession), created in the foreground:")
    for origin in Self.sessionOrigins where states.contains(origin.state) {
      for requirement in ServiceSessionMachine.Requirement.allCases where requirement != .none {
        let machine = ServiceSessionMachine(requirement: requirement, fullAccuracyPurposeKey: nil, purposeKeyDeclared: false)
        let context = SessionContext(features: features, authorization: origin.state)
        let prompt = machine.wantedPrompt(context, alwaysRequested: origin.alwaysRequested, visit: 0)
        let session = "CLServiceSession(\(requirement))"
        let raised: (call: AuthorizationCall, rule: String)?
        switch prompt {
        case .whenInUse(let forAlways)?:
          raised = forAlways ? (.requestAlwaysAuthorization, "SS7") : (.requestWhenInUseAuthorization, "SS2")
        case .always?:
          raised = (.requestAlwaysAuthorization, "SS5")
        case .fullAccuracy?, nil:
          raised = nil
        }
        if let raised, let edge = edge(for: raised.call, from: origin, keys: keys, kind: kind) {
          lines.append("  \(session) acts as \(edge.description(in: texts, on: version)) (\(raised.rule))")
        } else if requirement == .always, origin.state == .whenInUse || origin.state == .temporaryWhenInUse {
          lines.append("  \(origin.description) + \(session): nothing, alwaysAuthorizationDenied (SS6, DG8)")
        } else if origin.state == .denied {
          lines.append("  \(origin.description) + \(session): nothing, authorizationDenied (SS4, DG1)")
        } else {
          lines.append("  \(origin.description) + \(session): nothing")
        }
      }
    }
    lines.append("  Implicit sessions (live updates, monitors, background activity sessions) ask as whenInUse unless NSLocationRequireExplicitServiceSession (IM1, XS1)")
    return lines
  }

  private func describe(
    _ action: LocationButtonApproval.Action, after button: inout LocationButtonApproval, in texts: SystemTexts,
    on version: OSVersion
  ) -> String {
    switch action {
    case .showLocationServicesAlert: return "P10 (LB6)"
    case .nothing: return "nothing (LB3)"
    case .grantOnce(let back): return "→ WIUt at once, ends back at \(back.shortName) (LB2, LB5)"
    case .showApproval:
      let title = AlertTemplate.p12.titleFormat(in: texts, on: version)
      var allowed = button
      guard case .grantOnce(let back) = allowed.answered(allow: true) else { return "P12 “\(title)” (LB1)" }
      let buttons = AlertTemplate.p12.buttonLabels(in: texts, on: version)
      return "P12 “\(title)”: \(buttons[0]) → unchanged · \(buttons[1]) → WIUt, then later taps grant at once; ends back at \(back.shortName) (LB1, LB5)"
    }
  }
}
