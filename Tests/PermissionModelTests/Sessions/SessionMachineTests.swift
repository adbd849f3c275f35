import Testing
@testable import PermissionModel

/// Unit tests of the iOS 15+ machines on their own, without a world (§14–§18).
@Suite("iOS 15+ machines: streams, monitors, sessions, the button, diagnostics (§14–§18)")
struct SessionMachineTests {
  static let ios17 = SessionFeatures(for: OSVersion(17, 4))
  static let ios18 = SessionFeatures(for: OSVersion(18, 0))
  static let here = try! Coordinate(checkedLatitude: 51.5, longitude: -0.12)
  static let there = try! Coordinate(checkedLatitude: 51.6, longitude: -0.12)
  static func at(_ seconds: Double) -> VirtualInstant { .start + .seconds(seconds) }

  // MARK: Versions as layers

  @Test("Features are rule-layer data: 15 adds the button, 17 live updates, 18 sessions and diagnostics; 26 keeps 18 (N1)")
  func featureLayers() {
    #expect(!SessionFeatures(for: OSVersion(14, 8)).locationButton)
    #expect(SessionFeatures(for: OSVersion(15, 0)).locationButton)
    #expect(!SessionFeatures(for: OSVersion(16, 7)).liveUpdatesAndMonitors)
    #expect(Self.ios17.liveUpdatesAndMonitors && !Self.ios17.diagnostics)
    #expect(Self.ios18.serviceSessions && Self.ios18.diagnostics && Self.ios18.alwaysNeedsAlwaysSession)
    #expect(SessionFeatures(for: OSVersion(26, 0)) == Self.ios18)
    #expect(SessionFeatures.introduction(of: .serviceSessions) == OSVersion(18, 0))
    #expect(SessionFeatures.introduction(of: .locationButton) == OSVersion(15, 0))
  }

  // MARK: Live updates

  @Test("LU1: starting while authorized and in use delivers the location at once, then one per move")
  func liveUpdatesDeliver() {
    var stream = LiveUpdateMachine(configuration: .fitness)
    let context = SessionContext(features: Self.ios17)
    let first = stream.start(context, at: Self.here, now: Self.at(0))
    #expect(first.map(\.location?.latitude) == [51.5])
    #expect(first.first?.diagnostics == nil)  // no diagnostics before 18
    #expect(stream.moved(context, to: Self.there, now: Self.at(1)).map(\.location?.latitude) == [51.6])
  }

  @Test("LU2: on 17.x a stream under ND delivers nothing and prompts nothing until authorization exists")
  func liveUpdatesUnderNotDetermined17() {
    var stream = LiveUpdateMachine(configuration: .default)
    var context = SessionContext(features: Self.ios17, authorization: .notDetermined)
    #expect(stream.start(context, at: Self.here, now: Self.at(0)).isEmpty)
    #expect(stream.moved(context, to: Self.there, now: Self.at(1)).isEmpty)
    context.authorization = .whenInUse
    #expect(stream.refresh(context, at: Self.there, now: Self.at(2)).map(\.location?.latitude) == [51.6])
  }

  @Test("LU3: 15 minutes still delivers one stationary update and pauses; the next move resumes")
  func stationary() {
    var stream = LiveUpdateMachine(configuration: .default)
    let context = SessionContext(features: Self.ios17)
    _ = stream.start(context, at: Self.here, now: Self.at(0))
    #expect(stream.deadline == Self.at(900))
    #expect(stream.deadlinePassed(context, at: Self.here, now: Self.at(899)).isEmpty)
    let paused = stream.deadlinePassed(context, at: Self.here, now: Self.at(900))
    #expect(paused.map(\.stationary) == [true])
    #expect(stream.deadline == nil)
    let resumed = stream.moved(context, to: Self.there, now: Self.at(1000))
    #expect(resumed.map(\.stationary) == [false])
    #expect(stream.deadline == Self.at(1900))
  }

  @Test("LU1, U2: reduced accuracy delivers snapped locations at most every 15 minutes")
  func reducedStream() {
    var stream = LiveUpdateMachine(configuration: .default)
    let context = SessionContext(features: Self.ios17, accuracy: .reducedAccuracy)
    let first = stream.start(context, at: Self.here, now: Self.at(0))
    #expect(first.first?.location?.horizontalAccuracy == Assumptions.reducedHorizontalAccuracy)
    #expect(stream.moved(context, to: Self.there, now: Self.at(60)).isEmpty)
    #expect(stream.moved(context, to: Self.here, now: Self.at(901)).count == 1)
  }

  @Test("LU4: a When-In-Use app leaving use stops getting updates and gets them again when in use")
  func leavesUse() {
    var stream = LiveUpdateMachine(configuration: .default)
    var context = SessionContext(features: Self.ios17)
    _ = stream.start(context, at: Self.here, now: Self.at(0))
    context.inUse = false
    context.foreground = false
    #expect(stream.refresh(context, at: Self.here, now: Self.at(20)).isEmpty)  // 17.x: silent
    #expect(stream.moved(context, to: Self.there, now: Self.at(30)).isEmpty)
    context.authorization = .always  // LU1: AA on 17.x receives in the background
    #expect(stream.refresh(context, at: Self.there, now: Self.at(40)).count == 1)
  }

  @Test("§18, DG4, DG9: on 18 a withheld stream delivers one update without a location per change of diagnostics")
  func withheldStream18() {
    var stream = LiveUpdateMachine(configuration: .default)
    var context = SessionContext(features: Self.ios18)
    _ = stream.start(context, at: Self.here, now: Self.at(0))
    context.inUse = false
    let lost = stream.refresh(context, at: Self.here, now: Self.at(20))
    #expect(lost.map(\.location) == [nil])
    #expect(lost.first?.diagnostics == [.insufficientlyInUse, .locationUnavailable])
    #expect(stream.refresh(context, at: Self.here, now: Self.at(21)).isEmpty)  // unchanged: nothing
    #expect(stream.moved(context, to: Self.there, now: Self.at(22)).isEmpty)  // nothing on moves
    context.locationServicesEnabled = false
    let off = stream.refresh(context, at: Self.there, now: Self.at(23))
    #expect(off.first?.diagnostics?.contains([.authorizationDenied, .authorizationDeniedGlobally]) == true)
  }

  @Test("AW1: on 18 an Always app's stream reaches it while not in use only holding an `always` session")
  func alwaysNeedsSession() {
    var context = SessionContext(features: Self.ios18, authorization: .always, inUse: false, foreground: false)
    #expect(!LiveUpdateMachine.deliversLocations(context))
    context.holdsAlwaysSession = true
    #expect(LiveUpdateMachine.deliversLocations(context))
    context.features = Self.ios17
    context.holdsAlwaysSession = false
    #expect(LiveUpdateMachine.deliversLocations(context))  // LU1: AA on 17.x
  }

  @Test("XS1, DG5: with the explicit-session key nothing flows until a qualifying session is held")
  func explicitKey() {
    var context = SessionContext(features: Self.ios18, requiresExplicitSession: true)
    #expect(!LiveUpdateMachine.deliversLocations(context))
    #expect(LiveUpdateMachine.diagnostics(context, allowed: false).contains(.serviceSessionRequired))
    context.holdsQualifyingSession = true
    #expect(LiveUpdateMachine.deliversLocations(context))
    #expect(!context.implicitSessionPrompts)  // XS1 turns implicit sessions off
  }

  // MARK: Diagnostics

  @Test("DG1–DG3, DG10: denied, off, restricted and reduced accuracy map to their flags")
  func sharedFlags() {
    let denied = SessionContext(features: Self.ios18, authorization: .denied)
    #expect(Diagnostics.shared(denied, requestShowing: false) == .authorizationDenied)
    let restricted = SessionContext(features: Self.ios18, authorization: .restricted)
    #expect(Diagnostics.shared(restricted, requestShowing: false) == .authorizationRestricted)
    let off = SessionContext(features: Self.ios18, locationServicesEnabled: false)
    #expect(Diagnostics.shared(off, requestShowing: false) == [.authorizationDenied, .authorizationDeniedGlobally])
    let reduced = SessionContext(features: Self.ios18, accuracy: .reducedAccuracy)
    #expect(MonitorMachine.diagnostics(reduced) == .accuracyLimited)
    #expect(Diagnostics([.insufficientlyInUse, .accuracyLimited]).names == ["insufficientlyInUse", "accuracyLimited"])
  }

  // MARK: Monitors

  @Test("MN1: a condition is evaluated when added; each change of state, the first included, is an event")
  func monitorEvents() throws {
    var monitor = MonitorMachine(name: "geo")
    let context = SessionContext(features: Self.ios17)
    let office = try CircularRegion(identifier: "office", latitude: 51.5, longitude: -0.12, radius: 200)
    #expect(monitor.add(office, context, at: Self.here).map(\.state) == [.satisfied])
    #expect(monitor.refresh(context, at: Self.here).isEmpty)
    #expect(monitor.refresh(context, at: Self.there).map(\.state) == [.unsatisfied])
    #expect(monitor.state(of: "office") == .unsatisfied)
    #expect(monitor.remove("office") && monitor.state(of: "office") == nil)
  }

  @Test("MN2: a When-In-Use app hears events only in use; Always on 17.x also in the background; 18 withholds reduced accuracy")
  func monitorDelivery() {
    var context = SessionContext(features: Self.ios17, inUse: false, foreground: false)
    #expect(!MonitorMachine.receivesEvents(context))
    context.authorization = .always
    #expect(MonitorMachine.receivesEvents(context))
    var reduced = SessionContext(features: Self.ios18, accuracy: .reducedAccuracy)
    #expect(!MonitorMachine.receivesEvents(reduced))
    reduced.features = Self.ios17
    #expect(MonitorMachine.receivesEvents(reduced))
  }

  // MARK: Background activity sessions

  @Test("BA1: active exactly while authorized with K6 and created in use; without K6 inactive, no crash")
  func backgroundSessionActive() {
    let session = BackgroundActivityMachine(origin: .createdInUse)
    var context = SessionContext(features: Self.ios17, authorization: .notDetermined, declaresBackgroundLocation: true)
    #expect(!session.isActive(context))
    context.authorization = .whenInUse
    #expect(session.isActive(context))
    context.declaresBackgroundLocation = false
    #expect(!session.isActive(context))
  }

  @Test("BA2, BA3: an active session keeps the app in use; invalidate ends it")
  func backgroundSessionInUse() {
    var sessions = AppSessions()
    let base = SessionContext(features: Self.ios17, inUse: true, declaresBackgroundLocation: true)
    let index = sessions.createBackgroundSession(base, now: Self.at(0))
    var background = base
    background.inUse = false
    background.foreground = false
    #expect(sessions.context(background).inUse)
    sessions.invalidateBackgroundSession(index)
    #expect(!sessions.context(background).inUse)
  }

  @Test("BA4, BA5: created not in use stays inactive; an active one at termination is rejoined within 5 s of launch")
  func backgroundSessionRejoin() {
    var sessions = AppSessions()
    var context = SessionContext(features: Self.ios18, declaresBackgroundLocation: true)
    _ = sessions.createBackgroundSession(context, now: Self.at(0))
    sessions.terminated(context)
    #expect(!sessions.backgroundSessionActive(context))
    sessions.launched(now: Self.at(100))
    context.inUse = false
    context.foreground = false
    let rejoined = sessions.createBackgroundSession(context, now: Self.at(104))
    #expect(sessions.backgroundSessions[rejoined].isActive(context))
    let late = sessions.createBackgroundSession(context, now: Self.at(106))
    #expect(!sessions.backgroundSessions[late].isActive(context))  // BA5
    #expect(sessions.backgroundSessions[late].diagnostics.contains(.insufficientlyInUse))
  }

  // MARK: Service sessions

  @Test("SS2, SS3, SS7: a session asks P7 only in the foreground, once per visit; `always` asks P7 as R9")
  func servicePrompts() {
    var sessions = AppSessions()
    var context = SessionContext(features: Self.ios18, authorization: .notDetermined, inUse: false, foreground: false)
    _ = sessions.createServiceSession(.whenInUse, fullAccuracyPurposeKey: nil, purposeKeyDeclared: false, now: Self.at(0))
    #expect(sessions.takePrompt(context, alwaysRequested: false) == nil)  // SS3
    sessions.enteredForeground()
    context.inUse = true
    context.foreground = true
    #expect(sessions.takePrompt(context, alwaysRequested: false)?.prompt == .whenInUse(forAlways: false))  // SS2
    #expect(sessions.takePrompt(context, alwaysRequested: false) == nil)  // once per visit
    var always = AppSessions()
    _ = always.createServiceSession(.always, fullAccuracyPurposeKey: nil, purposeKeyDeclared: false, now: Self.at(0))
    #expect(always.takePrompt(context, alwaysRequested: false)?.prompt == .whenInUse(forAlways: true))  // SS7
  }

  @Test("SS5, SS6, DG8: `always` from When-In-Use asks P8 once; with Always used it reports alwaysAuthorizationDenied")
  func alwaysUpgrade() {
    var sessions = AppSessions()
    let context = SessionContext(features: Self.ios18, authorization: .whenInUse)
    let index = sessions.createServiceSession(.always, fullAccuracyPurposeKey: nil, purposeKeyDeclared: false, now: Self.at(0))
    #expect(sessions.takePrompt(context, alwaysRequested: false)?.prompt == .always)
    sessions.enteredForeground()
    #expect(sessions.takePrompt(context, alwaysRequested: true) == nil)  // SS6
    _ = sessions.refresh(context, at: Self.here, now: Self.at(1))
    #expect(sessions.serviceSessions[index].diagnostics == .alwaysAuthorizationDenied)
  }

  @Test("SS9, DG7: a purpose key under reduced accuracy asks P9; declined or undeclared reports fullAccuracyDenied")
  func fullAccuracyPurpose() {
    var sessions = AppSessions()
    let context = SessionContext(features: Self.ios18, accuracy: .reducedAccuracy)
    let index = sessions.createServiceSession(.whenInUse, fullAccuracyPurposeKey: "Nav", purposeKeyDeclared: true, now: Self.at(0))
    #expect(sessions.takePrompt(context, alwaysRequested: false)?.prompt == .fullAccuracy(purposeKey: "Nav"))
    sessions.fullAccuracyDeclined(bySession: index)
    _ = sessions.refresh(context, at: Self.here, now: Self.at(1))
    #expect(sessions.serviceSessions[index].diagnostics == .fullAccuracyDenied)
    let missing = sessions.createServiceSession(.whenInUse, fullAccuracyPurposeKey: "Nope", purposeKeyDeclared: false, now: Self.at(2))
    sessions.enteredForeground()
    #expect(sessions.takePrompt(context, alwaysRequested: false) == nil)
    _ = sessions.refresh(context, at: Self.here, now: Self.at(3))
    #expect(sessions.serviceSessions[missing].diagnostics == .fullAccuracyDenied)
  }

  @Test("SS0, SS1, SS10: active until invalidated or terminated; `none` qualifies only with authorization; rejoin within 5 s")
  func serviceLifetime() {
    var sessions = AppSessions()
    let nd = SessionContext(features: Self.ios18, authorization: .notDetermined, requiresExplicitSession: true)
    let none = sessions.createServiceSession(.none, fullAccuracyPurposeKey: nil, purposeKeyDeclared: false, now: Self.at(0))
    #expect(sessions.serviceSessions[none].isActive)
    #expect(!sessions.context(nd).holdsQualifyingSession)  // SS1
    var authorized = nd
    authorized.authorization = .whenInUse
    #expect(sessions.context(authorized).holdsQualifyingSession)
    sessions.invalidateServiceSession(none)
    #expect(!sessions.serviceSessions[none].isActive)
    _ = sessions.createServiceSession(.always, fullAccuracyPurposeKey: nil, purposeKeyDeclared: false, now: Self.at(1))
    sessions.terminated(authorized)
    #expect(!sessions.context(authorized).holdsAlwaysSession)
    sessions.launched(now: Self.at(50))
    let back = sessions.createServiceSession(.always, fullAccuracyPurposeKey: nil, purposeKeyDeclared: false, now: Self.at(52))
    var background = authorized
    background.inUse = false
    background.authorization = .always
    _ = sessions.refresh(background, at: Self.here, now: Self.at(53))
    #expect(sessions.serviceSessions[back].diagnostics.isEmpty)  // rejoined: no insufficientlyInUse
  }

  @Test("IM1: a stream in the foreground under ND acts as a whenInUse session; not with XS1")
  func implicitSession() {
    var sessions = AppSessions()
    let context = SessionContext(features: Self.ios18, authorization: .notDetermined)
    _ = sessions.startStream(.default, context, at: Self.here, now: Self.at(0))
    #expect(sessions.takePrompt(context, alwaysRequested: false)?.session == nil)
    sessions.enteredForeground()
    var explicit = context
    explicit.requiresExplicitSession = true
    #expect(sessions.takePrompt(explicit, alwaysRequested: false) == nil)
  }

  // MARK: The location button

  @Test("LB1–LB3, LB5, LB6: P12 once, then grants at once; nothing when authorized; P10 with services off")
  func locationButton() {
    var button = LocationButtonApproval()
    #expect(button.tap(authorization: .notDetermined, locationServicesEnabled: false) == .showLocationServicesAlert)
    #expect(button.tap(authorization: .denied, locationServicesEnabled: true) == .showApproval)
    #expect(button.answered(allow: true) == .grantOnce(returnTo: .denied))  // LB5: back to DEN
    #expect(button.tap(authorization: .notDetermined, locationServicesEnabled: true) == .grantOnce(returnTo: .notDetermined))
    #expect(button.tap(authorization: .temporaryWhenInUse, locationServicesEnabled: true) == .nothing)  // LB3
    button.reset()  // E7
    #expect(button.tap(authorization: .notDetermined, locationServicesEnabled: true) == .showApproval)
    #expect(button.answered(allow: false) == .nothing)
    #expect(!button.isApproved)
  }
}

extension SessionMachineTests {
  @Test("WG1, S4: P13 for a When-In-Use app the first time only; Always apps' widgets without an alert; ND, DEN, RES never")
  func widgets() {
    var widgets = WidgetAuthorization()
    var shown = widgets.widgetAdded(authorization: .notDetermined)
    #expect(!shown)
    #expect(widgets.isAuthorized(.always) && widgets.isAuthorized(.provisionalAlways))
    shown = widgets.widgetAdded(authorization: .whenInUse)
    #expect(shown)
    widgets.answered(allow: true)
    #expect(widgets.isAuthorized(.whenInUse) && widgets.allowedByUser)
    #expect(!widgets.isAuthorized(.denied) && !widgets.isAuthorized(.restricted))
    shown = widgets.widgetAdded(authorization: .whenInUse)
    #expect(!shown)  // answered: not asked again
    widgets.reset()  // E7
    shown = widgets.widgetAdded(authorization: .temporaryWhenInUse, foreground: false)
    #expect(!shown && widgets.isWaiting)  // §14–§18 conventions: waits for the foreground
    shown = widgets.promptWhenForeground(authorization: .temporaryWhenInUse)
    #expect(shown)
    widgets.answered(allow: false)
    #expect(!widgets.isAuthorized(.whenInUse))
  }
}

extension SessionMachineTests {
  @Test("§18, DG6, DG9: a withheld stream sends an update without a location only when one of DG1–DG6 says why")
  func withheldNeedsAReason() {
    var stream = LiveUpdateMachine(configuration: .default)
    var context = SessionContext(features: Self.ios18, authorization: .notDetermined)
    #expect(stream.start(context, at: Self.here, now: Self.at(0)).isEmpty)  // ND, before its prompt: nothing to tell
    #expect(stream.diagnostics == .locationUnavailable)
    context.promptShowing = .whenInUse(forAlways: false)
    let asking = stream.refresh(context, at: Self.here, now: Self.at(1))
    #expect(asking.map(\.diagnostics) == [[.authorizationRequestInProgress, .locationUnavailable]])
  }
}
