import Testing
@testable import PermissionModel

/// Each event of the authorization machine returns what it changed that the app can observe (issue 12).
@Suite("AuthorizationMachine: events return their transition")
struct AuthorizationTransitionTests {
  static func machine(_ ios: OSVersion = OSVersion(14)) -> AuthorizationMachine {
    AuthorizationMachine(
      rules: RuleSet.forVersion(ios),
      profile: AppProfile(plist: InfoPlist(usageDescriptions: [.whenInUse: "x"]), linkedSDK: ios))
  }

  @Test("E6, E7: Settings and reset return the state change; a change to nothing returns nil (D2)")
  func settings() {
    var machine = Self.machine()
    let allowed = machine.select(.whileUsing)
    #expect(allowed?.fromState == .notDetermined && allowed?.toState == .whenInUse)
    #expect(allowed?.line(because: .E6) == "notDetermined → authorizedWhenInUse, fullAccuracy (E6)")
    #expect(machine.select(.whileUsing) == nil)
    #expect(machine.reset()?.toState == .notDetermined)
  }

  @Test("E2, S3: an accuracy-only change keeps the state in its line; LB5: a button grant ends back at DEN")
  func accuracyAndButton() {
    var machine = Self.machine()
    _ = machine.select(.whileUsing)
    let reduced = machine.setPrecise(false)
    #expect(reduced?.line(because: .E6) == "fullAccuracy → reducedAccuracy (E6)")
    _ = machine.select(.never)
    #expect(machine.grantOnce(returningTo: .denied)?.toState == .temporaryWhenInUse)
    #expect(machine.stoppedBeingInUse()?.toState == .denied)
    #expect(machine.answerLocationServicesAlert() == nil)
  }
}
