import Testing
@testable import PermissionModel

/// One row of BEHAVIOR.md §5, written out by hand so the test does not replay the rule data.
struct RequestCase: Sendable, CustomTestStringConvertible {
  let rule: RuleID
  let ios: String
  let origin: RequestOrigin
  let call: AuthorizationCall
  let alert: RuleID?
  /// Each button and the state it leads to; for an alert-less row, one entry with an empty label.
  let results: [(button: String, state: AuthorizationState)]
  let alwaysUsedAfter: Bool

  var testDescription: String { "\(rule) iOS \(ios): \(origin) + \(call)" }

  /// A row without an alert; AAp is reached through R9, which uses the Always request.
  static func silent(
    _ rule: RuleID, _ ios: String, _ origin: RequestOrigin, _ call: AuthorizationCall,
    becomes state: AuthorizationState? = nil, alwaysUsedAfter: Bool? = nil
  ) -> RequestCase {
    RequestCase(
      rule: rule, ios: ios, origin: origin, call: call, alert: nil, results: [("", state ?? origin.state)],
      alwaysUsedAfter: alwaysUsedAfter ?? (origin.alwaysRequested || origin == .provisionalAlways))
  }
}

@Suite("Requests (R1–R18)")
struct RequestTests {
  static let prompted: [RequestCase] = {
    var cases: [RequestCase] = []
    // R1: iOS 7, first use of location.
    cases.append(
      RequestCase(
        rule: .R1, ios: "7.0", origin: .notDetermined, call: .firstUseOfLocation, alert: .P1,
        results: [("OK", .always), ("Don’t Allow", .denied)], alwaysUsedAfter: false))
    // R2: iOS 8–12, When-In-Use from ND (P2 on 8–10, P3 on 11–12).
    for (ios, alert) in [("8.0", RuleID.P2), ("10.3", .P2), ("11.0", .P3), ("12.4", .P3)] {
      cases.append(
        RequestCase(
          rule: .R2, ios: ios, origin: .notDetermined, call: .requestWhenInUseAuthorization, alert: alert,
          results: [("Allow", .whenInUse), ("Don’t Allow", .denied)], alwaysUsedAfter: false))
    }
    // R3: iOS 8–10, Always from ND.
    for ios in ["8.0", "10.0"] {
      cases.append(
        RequestCase(
          rule: .R3, ios: ios, origin: .notDetermined, call: .requestAlwaysAuthorization, alert: .P4,
          results: [("Allow", .always), ("Don’t Allow", .denied)], alwaysUsedAfter: true))
    }
    // R4: iOS 8–10, Always from WIU with Always unused.
    for ios in ["8.4", "9.0", "10.3"] {
      cases.append(
        RequestCase(
          rule: .R4, ios: ios, origin: .whenInUseAlwaysUnused, call: .requestAlwaysAuthorization, alert: .P5,
          results: [("Allow", .always), ("Cancel", .whenInUse)], alwaysUsedAfter: true))
    }
    // R5: iOS 11–12, Always from ND or from WIU with Always unused.
    for ios in ["11.0", "12.4"] {
      for origin in [RequestOrigin.notDetermined, .whenInUseAlwaysUnused] {
        cases.append(
          RequestCase(
            rule: .R5, ios: ios, origin: origin, call: .requestAlwaysAuthorization, alert: .P6,
            results: [("Always Allow", .always), ("Only While Using the App", .whenInUse), ("Don’t Allow", .denied)],
            alwaysUsedAfter: true))
      }
    }
    // R6: iOS 13+, When-In-Use from ND.
    for ios in ["13.0", "14.0", "18.0"] {
      cases.append(
        RequestCase(
          rule: .R6, ios: ios, origin: .notDetermined, call: .requestWhenInUseAuthorization, alert: .P7,
          results: [
            ("Allow While Using App", .whenInUse), ("Allow Once", .temporaryWhenInUse), ("Don’t Allow", .denied),
          ], alwaysUsedAfter: false))
    }
    // R9: iOS 13+, Always from ND: provisional Always.
    for ios in ["13.0", "13.4", "14.0", "18.0"] {
      cases.append(
        RequestCase(
          rule: .R9, ios: ios, origin: .notDetermined, call: .requestAlwaysAuthorization, alert: .P7,
          results: [
            ("Allow While Using App", .provisionalAlways), ("Allow Once", .temporaryWhenInUse),
            ("Don’t Allow", .denied),
          ], alwaysUsedAfter: true))
    }
    // R12: iOS 13.4+, Always from permanent WIU with Always unused.
    for ios in ["13.4", "14.0", "18.0"] {
      cases.append(
        RequestCase(
          rule: .R12, ios: ios, origin: .whenInUseAlwaysUnused, call: .requestAlwaysAuthorization, alert: .P8,
          results: [("Change to Always Allow", .always), ("Keep Only While Using", .whenInUse)],
          alwaysUsedAfter: true))
    }
    return cases
  }()

  static let silent: [RequestCase] = {
    var cases: [RequestCase] = []
    // R1: from iOS 8 first use no longer prompts.
    for ios in ["8.0", "13.0", "18.0"] { cases.append(.silent(.R1, ios, .notDetermined, .firstUseOfLocation)) }
    // R11: iOS 13.0–13.3, Always from WIU: provisional Always without an alert.
    for ios in ["13.0", "13.3"] {
      cases.append(
        .silent(
          .R11, ios, .whenInUseAlwaysUnused, .requestAlwaysAuthorization, becomes: .provisionalAlways,
          alwaysUsedAfter: true))
    }
    // R14: WIU after the Always request was used.
    for ios in ["8.0", "11.0", "13.0", "14.0"] {
      cases.append(.silent(.R14, ios, .whenInUseAlwaysUsed, .requestAlwaysAuthorization))
    }
    // R15: WIUt asks for Always.
    for ios in ["13.0", "14.0", "18.0"] { cases.append(.silent(.R15, ios, .temporaryWhenInUse, .requestAlwaysAuthorization)) }
    // R16: DEN, RES, AA, AAp ignore every request.
    for ios in ["8.0", "11.0", "13.0", "13.4", "14.0", "18.0"] {
      let origins: [RequestOrigin] =
        ios.hasPrefix("1") && ios != "11.0" ? [.denied, .restricted, .always, .provisionalAlways] : [.denied, .restricted, .always]
      for origin in origins {
        for call in [AuthorizationCall.requestWhenInUseAuthorization, .requestAlwaysAuthorization] {
          cases.append(.silent(.R16, ios, origin, call))
        }
      }
    }
    // R17: WIU or WIUt asks for When-In-Use again.
    for ios in ["8.0", "12.0", "13.0", "14.0"] {
      cases.append(.silent(.R17, ios, .whenInUseAlwaysUnused, .requestWhenInUseAuthorization))
      cases.append(.silent(.R17, ios, .whenInUseAlwaysUsed, .requestWhenInUseAuthorization))
    }
    for ios in ["13.0", "14.0"] { cases.append(.silent(.R17, ios, .temporaryWhenInUse, .requestWhenInUseAuthorization)) }
    return cases
  }()

  @Test("each answer leads to BEHAVIOR.md's state, with a callback only on a change (C3)", arguments: prompted + silent)
  func request(_ row: RequestCase) throws {
    for (button, expected) in row.results {
      let scene = try Scene(ios: row.ios)
      try scene.reach(row.origin)
      let before = scene.app.callbacks.count
      try perform(row.call, on: scene.manager)
      if let alert = row.alert {
        let prompt = try #require(scene.prompt, "\(row.rule): no alert")
        #expect(prompt.rule == alert)
        try prompt.tap(button)
      } else {
        #expect(scene.prompt == nil, "\(row.rule): unexpected alert")
      }
      #expect(scene.state == expected, "\(row.rule) \(button)")
      #expect(scene.app.authorization.alwaysRequested == row.alwaysUsedAfter, "\(row.rule) \(button)")
      let callbacks = scene.app.callbacks[before...].filter(\.method.isAuthorizationCallback)
      let changed = expected.status != row.origin.state.status
      #expect(callbacks.count == (changed ? 1 : 0), "\(row.rule) \(button): C3")
      #expect(callbacks.last?.status == (changed ? expected.status : nil))
    }
  }

  @Test("R18: a request from the background changes nothing", arguments: Versions.requests)
  func backgroundRequestsAreIgnored(ios: String) throws {
    for call in [AuthorizationCall.requestWhenInUseAuthorization, .requestAlwaysAuthorization] {
      let scene = try Scene(ios: ios)
      try scene.app.background()
      try perform(call, on: scene.manager)
      #expect(scene.prompt == nil)
      #expect(scene.state == .notDetermined)
      #expect(scene.app.callbacks.count == 1)
      #expect(scene.app.authorization.alwaysRequested == false)
      #expect(scene.world.transcript.last?.hasSuffix("request ignored: not in the foreground (R18)") == true)
    }
  }

  @Test("§2 (assumed): a request while an alert is showing is ignored")
  func requestWhileAlertShowingIsIgnored() throws {
    let scene = try Scene(ios: "14.0")
    try scene.manager.requestWhenInUseAuthorization()
    let first = try #require(scene.prompt)
    try scene.manager.requestAlwaysAuthorization()
    #expect(scene.prompt == first)
    #expect(scene.app.authorization.alwaysRequested == false)
  }

  @Test("R12 vs R11: the 13.4 boundary decides between the immediate prompt and the silent upgrade")
  func thirteenFourBoundary() throws {
    for (ios, prompts) in [("13.3.1", false), ("13.4", true), ("13.4.1", true)] {
      let scene = try Scene(ios: ios)
      try scene.reach(.whenInUseAlwaysUnused)
      try scene.manager.requestAlwaysAuthorization()
      #expect((scene.prompt?.rule == .P8) == prompts, "iOS \(ios)")
    }
  }
}

func perform(_ call: AuthorizationCall, on manager: LocationManager) throws {
  switch call {
  case .firstUseOfLocation: try manager.startUpdatingLocation()
  case .requestWhenInUseAuthorization: try manager.requestWhenInUseAuthorization()
  case .requestAlwaysAuthorization: try manager.requestAlwaysAuthorization()
  }
}
