-- Topic: CLBackgroundActivitySession — staying in use in the background (iOS 17+)
--
-- What iOS does: a workout or navigation app creates a CLBackgroundActivitySession when the user starts
-- the activity. While the session is active the app counts as in use even in the background: a
-- While-Using grant keeps working, live updates and monitor events keep coming, and the blue pill shows
-- so the user can see it and tap back into the app. The initializer always returns an object, but the
-- session is active only while the app is authorized, declares the `location` background mode, and
-- created it while in use — one created from the background stays inactive, and a missing background
-- mode makes it inactive without crashing. Invalidating it ends it at once. A session that was active
-- when the app terminated stays outstanding: re-creating one right after the next launch, even a
-- launch into the background, picks it up again.
--
-- Demonstrates: BA1 BA2 BA3 BA4 BA5 · L1 L2 (in use with the grace) · LU1 LU4 MN2 with a session · B3
--   (the pill) · E1 E2 (temporary grants kept, then ended) · E12 (a background launch) · IM1 (18: creating
--   one asks) · DG1 DG4 DG6 on a session · the iOS 17 fitness acceptance scenario of issue 14.
-- Seeds: none — the API came after the seed posts (iOS 17, 2023); it answers the question of seed 000
--   §2.3.2 and seed 004 §五.3 (what keeps an app “in use” in the background) with a dedicated object.
-- Sources: shared/reference/ios15-26-research.md §4.3 (CLBackgroundActivitySession.h; WWDC23-10180;
--   Q9: the pill for an Always app, Q20: temporary grants kept), §5.1 (IM1). The 5 s rejoin window is
--   assumed for Apple's “immediately”, and no crash without the background mode is assumed (unlike B2).

local flows = require "helpers.flows"
local places = require "helpers.places"

-- The run (helpers/places.lua): it starts HERE, step(n) is a place `n` steps (about 140 m each) along
-- it, and located(app, mark) the live updates after `mark` that carry a location.
local HERE, HOME, TWO_KM_NORTH = places.HERE, places.HOME, places.TWO_KM_NORTH
local step, move, located = places.step, places.move, places.located

-- Most cases start from flows.while_using(phone, "Stride"): a permanent While-Using grant (the app
-- asks first, as Apple's iOS 17 sample does), or flows.always(phone, "Stride"): Always in Settings.

-- From iOS 18 a session says why it is (not) active; on 17 it has no diagnostics to read.
local function expect_diagnostics(phone, session, flags)
  if flows.at_least(phone, "18.0") then
    expect(session.diagnostics).to_equal(flags)
  end
end

describe("a run recorded in the background (issue 14's acceptance scenario)", function()
  scenario("While Using + a background activity session: updates under the blue pill until the session ends",
    { ios = { "17.0", "17.4", "18.0", "26.0" }, tags = { "background", "acceptance" } }, function()
    local phone = device {}
    local app, manager = flows.open(phone, "Stride")

    -- Onboarding: the app asks for While Using, as its iOS 17 code does before iterating.
    manager:requestWhenInUseAuthorization()
    expect_prompt({ id = "P7" }):tap "Allow While Using App"
    expect_callback("locationManagerDidChangeAuthorization", { status = "authorizedWhenInUse" })

    -- The user taps Start: the app takes a background activity session and iterates fitness updates.
    local session = app:background_activity_session()
    expect(session.active).to_be(true)                   -- authorized, background mode, created in use (BA1)
    app:live_updates "fitness"
    expect_callback("liveUpdate", { source = 1, location = HERE, stationary = false })

    -- Pocket: the app leaves the foreground; ten minutes later it still runs and is still in use.
    app:background()
    clock:advance "10m"
    expect(app.state).to_be "background"
    expect(phone.background_location_indicator).to_be(true)   -- the blue pill (BA2)
    expect(manager.authorizationStatus).to_be "authorizedWhenInUse"
    for n = 1, 5 do
      move(phone, step(n))
      expect_callback("liveUpdate", { source = 1, location = step(n), stationary = false })
    end

    -- The user ends the run from the lock screen: the app invalidates its session. The grace ran out
    -- long ago, so the app is out of use at once: suspended, the pill gone, no more updates (BA3, LU4).
    session:invalidate()
    expect(session.active).to_be(false)
    expect(phone.background_location_indicator).to_be(false)
    expect(app.state).to_be "suspended"
    local mark = flows.mark(app)
    move(phone, step(6))
    move(phone, step(7))
    expect(#located(app, mark)).to_be(0)
    -- The grant itself is untouched: a permanent While-Using grant does not lapse.
    expect(manager.authorizationStatus).to_be "authorizedWhenInUse"
  end)
end)

describe("what an active session keeps (BA2)", function()
  scenario("Allow Once and temporary precise location outlive the grace", { ios = "17.4", tags = { "background", "accuracy" } }, function()
    local phone = device {}
    local app, manager = flows.open(phone, "Stride")
    manager:requestWhenInUseAuthorization()
    local alert = expect_prompt { id = "P7" }
    alert:set_precise(false)
    alert:tap "Allow Once"
    expect_callback("locationManagerDidChangeAuthorization", { status = "authorizedWhenInUse", accuracy = "reducedAccuracy" })
    manager:requestTemporaryFullAccuracyAuthorization "WantsPreciseRoute"
    expect_prompt({ kind = "temporaryFullAccuracy" }):tap "Allow Once"
    expect_callback("locationManagerDidChangeAuthorization", { status = "authorizedWhenInUse", accuracy = "fullAccuracy" })

    local session = app:background_activity_session()
    app:background()
    clock:advance "45m"
    -- In use all along (L1), so neither temporary grant has ended (E1, E2).
    expect(manager.authorizationStatus).to_be "authorizedWhenInUse"
    expect(manager.accuracyAuthorization).to_be "fullAccuracy"
    expect(phone.background_location_indicator).to_be(true)

    -- Ending the session ends "in use", and the Allow Once grant with it.
    session:invalidate()
    expect(manager.authorizationStatus).to_be "notDetermined"
  end)

  scenario("monitor events keep reaching a While-Using app", { ios = { "17.4", "18.0" }, tags = { "background" } }, function()
    local phone = device {}
    local app = flows.while_using(phone, "Stride")
    app:background_activity_session()
    local monitor = app:monitor "Places"
    monitor:add(HOME)
    expect_callback("monitorEvent", { identifier = "home", state = "satisfied" })

    app:background()
    clock:advance "30m"
    move(phone, TWO_KM_NORTH)
    -- Without the session this event would not arrive (monitors.lua, MN2).
    expect_callback("monitorEvent", { identifier = "home", state = "unsatisfied" })
  end)

  scenario("an Always app shows the pill too", { ios = "17.4", tags = { "background" } }, function()
    local phone = device {}
    local app, manager = flows.always(phone, "Stride")
    -- B3 hides the pill for Always apps unless they opt in; the session's purpose is the pill (assumed).
    expect(manager.showsBackgroundLocationIndicator).to_be(false)
    app:background_activity_session()
    app:background()
    clock:advance "1m"
    expect(phone.background_location_indicator).to_be(true)
  end)
end)

describe("when a session is active (BA1)", function()
  scenario("created during the grace: the app is still in use, so it is active", { ios = "17.4", tags = { "background" } }, function()
    local phone = device {}
    local app = flows.while_using(phone, "Stride")
    app:background()
    clock:advance "5s"
    local session = app:background_activity_session()
    expect(session.active).to_be(true)
    clock:advance "10m"
    expect(app.state).to_be "background"
    expect(phone.background_location_indicator).to_be(true)
  end)

  scenario("iOS 17: created before the user decides, active once they allow; it follows the authorization", { ios = "17.4" }, function()
    local phone = device {}
    local app, manager = flows.open(phone, "Stride")
    local session = app:background_activity_session()
    -- On 17 creating a session asks nothing; without authorization it is inactive.
    expect_no_prompt()
    expect(session.active).to_be(false)

    manager:requestWhenInUseAuthorization()
    expect_prompt():tap "Allow While Using App"
    expect(session.active).to_be(true)

    phone.settings:set(app, "Never")
    expect(session.active).to_be(false)
    phone.settings:set(app, "While Using the App")
    expect(session.active).to_be(true)
  end)

  scenario("iOS 18: creating one asks for When-In-Use (IM1); Allow makes it active", { ios = { "18.0", "26.0" } }, function()
    local phone = device {}
    local app = flows.open(phone, "Stride")
    local session = app:background_activity_session()
    expect_prompt { kind = "authorization", id = "P7", message = "Stride records the route and pace of your workouts." }
    expect(session.active).to_be(false)
    expect(session.diagnostics).to_equal { authorizationRequestInProgress = true }   -- DG6

    expect_prompt():tap "Allow While Using App"
    expect_callback("locationManagerDidChangeAuthorization", { status = "authorizedWhenInUse" })
    expect(session.active).to_be(true)
    expect(session.diagnostics).to_equal {}
  end)

  scenario("iOS 18: Don’t Allow leaves it inactive, and it says why (DG1)", { ios = "18.0" }, function()
    local phone = device {}
    local app = flows.open(phone, "Stride")
    local session = app:background_activity_session()
    expect_prompt():tap "Don’t Allow"
    expect(session.active).to_be(false)
    expect(session.diagnostics).to_equal { authorizationDenied = true }
  end)

  scenario("without the location background mode: inactive, and no crash", { ios = { "17.4", "18.0" } }, function()
    local phone = device {}
    -- Tracker has every usage description but no UIBackgroundModes (K6).
    local app = flows.while_using(phone, "Tracker")
    local session = app:background_activity_session()
    expect(session.active).to_be(false)
    expect(app.crash).to_be_nil()                    -- unlike allowsBackgroundLocationUpdates (B2)
    -- No diagnostic flag names a missing background mode (BA1): the transcript does.
    expect_diagnostics(phone, session, {})
    app:background()
    clock:advance "11s"
    expect(app.state).to_be "suspended"
    expect(phone.background_location_indicator).to_be(false)
  end)
end)

describe("ending a session (BA3)", function()
  scenario("invalidate() ends it at once and for good", { ios = "17.4" }, function()
    local phone = device {}
    local app = flows.while_using(phone, "Stride")
    local session = app:background_activity_session()
    session:invalidate()
    expect(session.active).to_be(false)
    -- It cannot come back, whatever the authorization does …
    phone.settings:set(app, "Always")
    expect(session.active).to_be(false)
    -- … but a new session can be created.
    expect(app:background_activity_session().active).to_be(true)
  end)
end)

describe("across termination (BA4)", function()
  -- Stride as Always with significant-change monitoring, holding an active session, terminated; a
  -- move of 2 km launches it into the background (E12) with no grace (Conventions for §14–§18).
  local function relaunched_in_background(phone)
    local app, manager = flows.always(phone, "Stride")
    manager:startMonitoringSignificantLocationChanges()
    local old = app:background_activity_session()
    expect(old.active).to_be(true)
    app:terminate()
    move(phone, TWO_KM_NORTH)
    expect(app.state).to_be "background"
    return app
  end

  scenario("re-created right after a background launch: it rejoins, active", { ios = { "17.4", "18.0" }, tags = { "background" } }, function()
    local phone = device {}
    local app = relaunched_in_background(phone)
    clock:advance "2s"
    local session = app:background_activity_session()
    expect(session.active).to_be(true)
    expect_diagnostics(phone, session, {})
    -- It keeps the app in use and running, under the pill.
    clock:advance "10m"
    expect(app.state).to_be "background"
    expect(phone.background_location_indicator).to_be(true)
  end)

  scenario("re-created too late: the old one has ended, the new one is inactive and stays so (BA5)", { ios = { "17.4", "18.0" }, tags = { "background" } }, function()
    local phone = device {}
    local app = relaunched_in_background(phone)
    clock:advance "6s"
    local session = app:background_activity_session()
    expect(session.active).to_be(false)
    expect_diagnostics(phone, session, { insufficientlyInUse = true })   -- DG4
    expect(phone.background_location_indicator).to_be(false)
    -- Coming to the foreground does not revive a session created out of use.
    app:foreground()
    expect(session.active).to_be(false)
  end)
end)

describe("created while not in use (BA5)", function()
  scenario("an Always app running in the background without the pill cannot start one", { ios = { "17.4", "18.0" }, tags = { "background" } }, function()
    local phone = device {}
    local app, manager = flows.always(phone, "Stride")
    -- A CLLocationManager session keeps an Always app running in the background, but without the
    -- indicator it is not in use (L1).
    manager.allowsBackgroundLocationUpdates = true
    manager.pausesLocationUpdatesAutomatically = false
    manager:startUpdatingLocation()
    app:background()
    clock:advance "11s"
    expect(app.state).to_be "background"

    local session = app:background_activity_session()
    expect(session.active).to_be(false)
    expect_diagnostics(phone, session, { insufficientlyInUse = true })
    app:foreground()
    expect(session.active).to_be(false)
  end)
end)

describe("where sessions exist", function()
  scenario("not before iOS 17", { ios = "16.7" }, function()
    local phone = device {}
    local app = flows.while_using(phone, "Stride")
    flows.expect_missing_before("iOS 17", function() return app:background_activity_session() end)
  end)
end)
