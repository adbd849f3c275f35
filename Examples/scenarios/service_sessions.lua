-- Topic: CLServiceSession — declaring what a feature needs, and letting iOS ask (iOS 18+)
--
-- What iOS does: from iOS 18 an app describes each location feature with a CLServiceSession —
-- `none`, `whenInUse` or `always`, optionally with a full-accuracy purpose key — and holds it while the
-- feature runs. The system asks on the app's behalf when it can: the first prompt for `whenInUse`, the
-- one-time upgrade for `always`, the precise-location prompt for a purpose key; it asks again in the
-- foreground when an Allow Once or a temporary precise grant has lapsed. Iterating live updates or
-- monitor events, or creating a background activity session, acts as an implicit When-In-Use session —
-- unless the app sets NSLocationRequireExplicitServiceSession, in which case those APIs deliver nothing
-- and report `serviceSessionRequired` until the app holds a session of its own. Always reaches the new
-- APIs in the background only while an `always` session is held. Sessions survive time but not
-- termination; re-creating one right after the next launch picks it up again. iOS 26 changed none of
-- this.
--
-- Demonstrates: SS0 SS1 SS2 SS3 SS4 SS5 SS6 SS7 SS8 SS9 SS10 · IM1 · XS1 · AW1 · N1 (each case runs on
--   18.0 and 26.0 where it matters) · P7 P8 P9 · R6 R9 R12 R14 (shared with the request methods) · E1 E2
--   E12 · DG4–DG8 on sessions · C1 C3 · S2 · the iOS 18 onboarding acceptance scenario of issue 15.
-- Seeds: none — service sessions came after the seed posts (iOS 18, 2024).
-- Sources: shared/reference/ios15-26-research.md §5.1 (implicit sessions; the explicit-session key and
--   its two spellings, Q6), §5.2 (CLServiceSession.h; init(authorization:) and
--   init(authorization:fullAccuracyPurposeKey:); re-asking after Allow Once lapses; forum thread 797319
--   on sessions across termination; Q4: `always` from notDetermined), §5.3 (AW1), §5.4 (the shared
--   Always chance, Q5: the request methods still work with the key), §6 (N1: iOS 26 changes nothing).
--   Assumed by BEHAVIOR.md: SS6, SS7's provisional Always, the 5 s rejoin window, XS1's request methods.

local flows = require "helpers.flows"
local places = require "helpers.places"

local WHEN_IN_USE_TEXT = "Wayfinder shows where you are and guides you to your destination."
local ALWAYS_TEXT = "Wayfinder tells you when you arrive at a saved place, even when the app is closed."
local PRECISE_TEXT = "Your precise location will be used for turn-by-turn directions."
local FIRST_PROMPT = { "Allow Once", "Allow While Using App", "Don’t Allow" }

-- Places (helpers/places.lua): the phone starts HERE, inside HOME; step(n) is `n` small steps away.
local HERE, HOME, TWO_KM_NORTH = places.HERE, places.HOME, places.TWO_KM_NORTH
local step, move = places.step, places.move

-- Wayfinder: NSLocationRequireExplicitServiceSession = true (XS1), background mode, purpose key.
local function wayfinder(phone)
  return flows.open(phone, "Wayfinder")
end

-- Wayfinder with a permanent While-Using grant obtained through a `whenInUse` session (SS2), which the
-- function returns still held. `precise` false switches the Precise toggle off first.
local function wayfinder_while_using(phone, precise)
  local app, manager = wayfinder(phone)
  local session = app:service_session { authorization = "whenInUse" }
  local alert = expect_prompt { id = "P7" }
  if precise == false then alert:set_precise(false) end
  alert:tap "Allow While Using App"
  expect_callback("locationManagerDidChangeAuthorization", { status = "authorizedWhenInUse" })
  return app, manager, session
end

describe("onboarding that defers the prompt (issue 15's acceptance scenario)", function()
  scenario("serviceSessionRequired until onboarding; the session asks; Allow Once lapses; it asks again",
    { ios = { "18.0", "26.0" }, tags = { "acceptance" } }, function()
    local phone = device {}
    local app, manager = wayfinder(phone)

    -- The map screen starts iterating live updates before the user has seen onboarding. The app sets
    -- NSLocationRequireExplicitServiceSession, so iterating asks nothing (no implicit session) …
    local stream = app:live_updates()
    expect_no_prompt()
    -- … and the stream says why it has no location (DG5; DG9 comes with every location-less update).
    local blocked = expect_callback("liveUpdate", {
      source = 1,
      diagnostics = { serviceSessionRequired = true, locationUnavailable = true },
    })
    expect(blocked.location).to_be_nil()
    expect(stream.diagnostics.serviceSessionRequired).to_be(true)
    move(phone, step(1))
    expect_no_callback()                        -- nothing on moves while it is blocked

    -- The onboarding screen's Continue button: the app declares what the feature needs.
    local session = app:service_session { authorization = "whenInUse" }
    expect(session.active).to_be(true)           -- SS0
    local alert = expect_prompt {
      kind = "authorization",
      id = "P7",
      title = "Allow “Wayfinder” to use your location?",
      message = WHEN_IN_USE_TEXT,
      buttons = FIRST_PROMPT,
    }
    expect(session.diagnostics).to_equal { authorizationRequestInProgress = true }   -- SS2, DG6

    local mark = flows.mark(app)
    alert:tap "Allow Once"
    -- The grant reaches the app's location manager like any other (one authorization record, C1).
    local told = flows.since(app, mark, "locationManagerDidChangeAuthorization")
    expect(#told).to_be(1)
    expect(told[1].status).to_be "authorizedWhenInUse"
    expect(session.diagnostics).to_equal {}
    expect(stream.diagnostics.serviceSessionRequired).to_be_falsy()
    move(phone, step(2))
    expect(places.last(app, mark)).to_equal(step(2))

    -- The user switches apps for a while: past the grace, Allow Once ends (E1) …
    app:background()
    clock:advance "11s"
    expect(manager.authorizationStatus).to_be "notDetermined"
    expect(session.active).to_be(true)           -- … but the app still holds its session (SS0)
    expect_no_prompt()                            -- and nothing asks while it is not in the foreground

    -- Back in the foreground, the held session asks again by itself (SS8).
    app:foreground()
    expect_prompt({ kind = "authorization", id = "P7", buttons = FIRST_PROMPT }):tap "Allow While Using App"
    expect(manager.authorizationStatus).to_be "authorizedWhenInUse"
    expect(session.diagnostics).to_equal {}
  end)
end)

describe("the explicit-session key (XS1)", function()
  scenario("the request methods still work; the new APIs still want a session", { ios = { "18.0", "26.0" } }, function()
    local phone = device {}
    local app, manager = wayfinder(phone)
    manager:requestWhenInUseAuthorization()
    expect_prompt({ id = "P7" }):tap "Allow While Using App"
    expect_callback("locationManagerDidChangeAuthorization", { status = "authorizedWhenInUse" })

    -- Authorized, in the foreground — and still no locations: no explicit session is held.
    local stream = app:live_updates()
    local blocked = expect_callback("liveUpdate", { diagnostics = { serviceSessionRequired = true, locationUnavailable = true } })
    expect(blocked.location).to_be_nil()

    -- A `none` session qualifies now that authorization exists (SS1): it asks nothing and unblocks.
    local session = app:service_session { authorization = "none" }
    expect_no_prompt()
    expect(stream.diagnostics.serviceSessionRequired).to_be_falsy()
    local mark = flows.mark(app)
    move(phone, step(1))
    expect(places.since(app, mark)).to_equal { step(1) }

    -- Invalidating it blocks the stream again.
    session:invalidate()
    expect(session.active).to_be(false)
    expect(stream.diagnostics.serviceSessionRequired).to_be(true)
    mark = flows.mark(app)
    move(phone, step(2))
    expect(places.since(app, mark)).to_equal {}
  end)

  scenario("a `none` session does not qualify before the user has decided (SS1)", { ios = "18.0" }, function()
    local phone = device {}
    local app = wayfinder(phone)
    local session = app:service_session { authorization = "none" }
    expect_no_prompt()                            -- `none` never prompts
    expect(session.active).to_be(true)
    local stream = app:live_updates()
    expect_no_prompt()
    expect(stream.diagnostics.serviceSessionRequired).to_be(true)
  end)

  scenario("monitors wait for a session too", { ios = "18.0" }, function()
    local phone = device {}
    local app, manager = wayfinder(phone)
    manager:requestWhenInUseAuthorization()
    expect_prompt():tap "Allow While Using App"
    local monitor = app:monitor "Saved places"
    local mark = flows.mark(app)
    monitor:add(HOME)
    expect(flows.since(app, mark, "monitorEvent")).to_equal {}
    expect(monitor.diagnostics.serviceSessionRequired).to_be(true)

    app:service_session { authorization = "whenInUse" }
    expect_no_prompt()                            -- already While Using: nothing to ask
    expect(monitor.diagnostics.serviceSessionRequired).to_be_falsy()
    move(phone, TWO_KM_NORTH)
    expect(monitor:state "home").to_be "unsatisfied"
  end)

  scenario("the header's spelling CLRequireExplicitServiceSession is not read", { ios = "18.0" }, function()
    local phone = device {}
    -- `permsim lint` warns about this key; iOS reads only NSLocationRequireExplicitServiceSession.
    local app = phone:install {
      name = "Misspelled",
      info = {
        NSLocationWhenInUseUsageDescription = "Misspelled shows you on a map.",
        CLRequireExplicitServiceSession = true,
      },
    }
    app:launch()
    app:live_updates()
    -- Implicit sessions are still on: iterating asks (IM1).
    expect_prompt { kind = "authorization", id = "P7", message = "Misspelled shows you on a map." }
  end)
end)

describe("implicit sessions (IM1)", function()
  scenario("started during the grace, the implicit session asks when the app is next in the foreground", { ios = "18.0" }, function()
    local phone = device {}
    -- Stride has no explicit-session key: its live updates are an implicit When-In-Use session.
    local app = flows.open(phone, "Stride")
    app:background()
    clock:advance "3s"
    app:live_updates "fitness"
    -- New-API prompts show only in the foreground (Conventions for §14–§18).
    expect_no_prompt()
    clock:advance "10s"
    app:foreground()
    expect_prompt { kind = "authorization", id = "P7", message = "Stride records the route and pace of your workouts." }
  end)
end)

describe("a navigation feature holding a full-accuracy session (SS9)", function()
  scenario("precise location for the trip: asked, kept in the background, asked again after it lapses",
    { ios = { "18.0", "26.0" }, tags = { "accuracy", "background" } }, function()
    local phone = device {}
    -- The user chose approximate location during onboarding.
    local app, manager = wayfinder_while_using(phone, false)
    expect(manager.accuracyAuthorization).to_be "reducedAccuracy"

    -- Start navigation: the feature needs precise location, and says why with its purpose key.
    local navigation = app:service_session { authorization = "whenInUse", full_accuracy_purpose_key = "WantsPreciseDirections" }
    expect_prompt({
      kind = "temporaryFullAccuracy",
      id = "P9",
      title = "Allow “Wayfinder” to use your precise location once?",
      message = PRECISE_TEXT,
      buttons = { "Allow Once", "Don’t Allow" },
    }):tap "Allow Once"
    expect_callback("locationManagerDidChangeAuthorization", { status = "authorizedWhenInUse", accuracy = "fullAccuracy" })
    expect(navigation.diagnostics).to_equal {}

    -- Turn-by-turn in the pocket: a background activity session keeps the app in use (BA2), so the
    -- temporary precise grant stays (E2 does not fire).
    local trip = app:background_activity_session()
    expect(trip.active).to_be(true)
    app:live_updates "automotiveNavigation"
    app:background()
    clock:advance "10m"
    local mark = flows.mark(app)
    move(phone, step(1))
    expect(places.since(app, mark)).to_equal { step(1) }     -- exact, horizontalAccuracy 5
    expect(manager.accuracyAuthorization).to_be "fullAccuracy"

    -- Arrived: the trip's session ends; out of use, the precise grant lapses (E2).
    trip:invalidate()
    expect(manager.accuracyAuthorization).to_be "reducedAccuracy"

    -- The navigation session is still held, so the next time the app is in front it asks again.
    app:foreground()
    expect_prompt({ kind = "temporaryFullAccuracy", message = PRECISE_TEXT }):tap "Don’t Allow"
    expect(navigation.diagnostics).to_equal { fullAccuracyDenied = true }     -- DG7
    expect(manager.accuracyAuthorization).to_be "reducedAccuracy"
  end)

  scenario("a purpose key the Info.plist does not list: no prompt, fullAccuracyDenied", { ios = "18.0", tags = { "accuracy" } }, function()
    local phone = device {}
    local app = wayfinder_while_using(phone, false)
    -- WantsToNavigate is Navigator's key, not Wayfinder's (K4).
    local session = app:service_session { authorization = "whenInUse", full_accuracy_purpose_key = "WantsToNavigate" }
    expect_no_prompt()
    expect(session.diagnostics).to_equal { fullAccuracyDenied = true }
  end)

  scenario("already precise: nothing to ask", { ios = "18.0", tags = { "accuracy" } }, function()
    local phone = device {}
    local app = wayfinder_while_using(phone)
    local session = app:service_session { authorization = "whenInUse", full_accuracy_purpose_key = "WantsPreciseDirections" }
    expect_no_prompt()
    expect(session.diagnostics).to_equal {}
  end)
end)

describe("an Always feature and its one upgrade chance", function()
  scenario("`always` while While Using: the upgrade prompt at once; Change to Always Allow (SS5)", { ios = { "18.0", "26.0" } }, function()
    local phone = device {}
    local app, manager = wayfinder_while_using(phone)

    -- The user turns on arrival alerts.
    local arrivals = app:service_session { authorization = "always" }
    expect_prompt({
      kind = "alwaysUpgrade",
      id = "P8",
      title = "Allow “Wayfinder” to also use your location even when you are not using the app?",
      message = ALWAYS_TEXT,
      buttons = { "Keep Only While Using", "Change to Always Allow" },
    }):tap "Change to Always Allow"
    expect_callback("locationManagerDidChangeAuthorization", { status = "authorizedAlways" })   -- as R12
    expect(manager.authorizationStatus).to_be "authorizedAlways"
    expect(arrivals.diagnostics).to_equal {}
    expect(phone.settings:get(app)).to_be "Always"
  end)

  scenario("Keep Only While Using: no callback, alwaysAuthorizationDenied, and the chance is gone (SS5, SS6)", { ios = { "18.0", "26.0" } }, function()
    local phone = device {}
    local app, manager = wayfinder_while_using(phone)
    local arrivals = app:service_session { authorization = "always" }
    expect_prompt({ id = "P8" }):tap "Keep Only While Using"
    expect_no_callback()                                             -- the status did not change (C3)
    expect(manager.authorizationStatus).to_be "authorizedWhenInUse"
    expect(arrivals.diagnostics).to_equal { alwaysAuthorizationDenied = true }   -- DG8

    -- The one chance is shared with requestAlwaysAuthorization: it asks nothing now (R14) …
    manager:requestAlwaysAuthorization()
    expect_no_prompt()
    -- … and neither does a new `always` session (SS6).
    arrivals:invalidate()
    local again = app:service_session { authorization = "always" }
    expect_no_prompt()
    expect(again.diagnostics).to_equal { alwaysAuthorizationDenied = true }
  end)

  scenario("the chance spent by requestAlwaysAuthorization: the session asks nothing (SS6)", { ios = "18.0" }, function()
    local phone = device {}
    local app, manager = wayfinder_while_using(phone)
    manager:requestAlwaysAuthorization()
    expect_prompt({ id = "P8" }):tap "Keep Only While Using"

    local arrivals = app:service_session { authorization = "always" }
    expect_no_prompt()
    expect(arrivals.diagnostics).to_equal { alwaysAuthorizationDenied = true }
  end)

  scenario("`always` before the user has decided: the first prompt, and provisional Always (SS7)", { ios = { "18.0", "26.0" } }, function()
    local phone = device {}
    local app, manager = wayfinder(phone)
    local arrivals = app:service_session { authorization = "always" }
    -- P7 first, with the When-In-Use text, as requestAlwaysAuthorization from notDetermined (R9).
    expect_prompt({ kind = "authorization", id = "P7", message = WHEN_IN_USE_TEXT, buttons = FIRST_PROMPT })
      :tap "Allow While Using App"
    -- Provisional Always (assumed, as R9): reported as Always, listed as While Using in Settings (S2).
    expect_callback("locationManagerDidChangeAuthorization", { status = "authorizedAlways" })
    expect(manager.authorizationStatus).to_be "authorizedAlways"
    expect(phone.settings:get(app)).to_be "While Using the App"
    expect(arrivals.diagnostics).to_equal {}
  end)

  -- AW1: Always reaches the new APIs in the background only while an `always` session is held
  -- (live_updates.lua and monitors.lua show the same app without one). Stride has no explicit-session
  -- key, so nothing else changes when the session ends.
  scenario("Always in the background: updates and events only while an `always` session is held (AW1)",
    { ios = { "18.0", "26.0" }, tags = { "background" } }, function()
    local phone = device {}
    local app = flows.always(phone, "Stride")
    local always = app:service_session { authorization = "always" }
    expect_no_prompt()
    expect(always.diagnostics).to_equal {}
    app:live_updates "fitness"
    local monitor = app:monitor "Places"
    monitor:add(HOME)

    app:background()
    clock:advance "1m"
    local mark = flows.mark(app)
    move(phone, step(1))
    expect(places.since(app, mark)).to_equal { step(1) }
    move(phone, TWO_KM_NORTH)
    local events = flows.since(app, mark, "monitorEvent")
    expect(#events).to_be(1)
    expect(events[1].state).to_be "unsatisfied"

    -- Without the session, the same app gets nothing in the background.
    always:invalidate()
    mark = flows.mark(app)
    move(phone, step(2))
    move(phone, HERE)
    expect(places.since(app, mark)).to_equal {}
    expect(flows.since(app, mark, "monitorEvent")).to_equal {}
  end)
end)

describe("a session's life (SS0, SS3, SS4, SS10)", function()
  scenario("active until invalidated, whatever the authorization says; time does not end it", { ios = { "18.0", "26.0" } }, function()
    local phone = device {}
    local app, _, session = wayfinder_while_using(phone)
    clock:advance "3d"
    expect(session.active).to_be(true)

    -- Active says the session is held, not that it works: the diagnostics say that (SS0, SS4).
    phone.settings:set(app, "Never")
    expect(session.active).to_be(true)
    expect(session.diagnostics).to_equal { authorizationDenied = true }

    session:invalidate()
    expect(session.active).to_be(false)
  end)

  scenario("denied or restricted: no prompt, and the session says which (SS4)", { ios = "18.0" }, function()
    local phone = device {}
    local app, manager = wayfinder(phone)
    manager:requestWhenInUseAuthorization()
    expect_prompt():tap "Don’t Allow"
    local denied = app:service_session { authorization = "whenInUse" }
    expect_no_prompt()
    expect(denied.diagnostics).to_equal { authorizationDenied = true }

    phone.settings:set_restricted(app, true)
    local restricted = app:service_session { authorization = "always" }
    expect_no_prompt()
    expect(restricted.diagnostics).to_equal { authorizationRestricted = true }
  end)

  scenario("created during the grace: no insufficientlyInUse, and it asks when the app is back (SS3)", { ios = "18.0" }, function()
    local phone = device {}
    local app = wayfinder(phone)
    app:background()
    clock:advance "3s"
    local session = app:service_session { authorization = "whenInUse" }
    expect_no_prompt()
    expect(session.diagnostics).to_equal {}
    clock:advance "10s"
    app:foreground()
    expect_prompt { kind = "authorization", id = "P7", message = WHEN_IN_USE_TEXT }
  end)

  -- Stride as Always with significant-change monitoring, holding an `always` session, terminated;
  -- a 2 km move launches it into the background (E12 — CLLocationManager services are not affected by
  -- AW1), where it is not in use (no grace after a background launch).
  local function relaunched_in_background(phone)
    local app, manager = flows.open(phone, "Stride")
    phone.settings:set(app, "Always")
    manager:startMonitoringSignificantLocationChanges()
    local old = app:service_session { authorization = "always" }
    expect(old.active).to_be(true)
    app:terminate()
    -- Sessions do not survive termination: the old object reads inactive (SS10).
    expect(old.active).to_be(false)
    move(phone, TWO_KM_NORTH)
    expect(app.state).to_be "background"
    return app
  end

  scenario("re-created within seconds of a background launch: rejoined, in full (SS10)", { ios = { "18.0", "26.0" }, tags = { "background" } }, function()
    local phone = device {}
    local app = relaunched_in_background(phone)
    clock:advance "2s"
    local session = app:service_session { authorization = "always" }
    expect(session.active).to_be(true)
    expect(session.diagnostics).to_equal {}           -- no insufficientlyInUse (as BA4)
  end)

  scenario("re-created later: created out of use, it reports insufficientlyInUse until the app is in front (SS3)",
    { ios = { "18.0", "26.0" }, tags = { "background" } }, function()
    local phone = device {}
    local app = relaunched_in_background(phone)
    clock:advance "6s"
    local session = app:service_session { authorization = "always" }
    expect_no_prompt()
    expect(session.active).to_be(true)                -- held all the same (SS0)
    expect(session.diagnostics).to_equal { insufficientlyInUse = true }   -- DG4
    app:foreground()
    expect(session.diagnostics).to_equal {}
  end)
end)

describe("where service sessions exist", function()
  scenario("not before iOS 18", { ios = "17.4" }, function()
    local phone = device {}
    local app = flows.open(phone, "Wayfinder")
    flows.expect_missing_before("iOS 18", function() return app:service_session { authorization = "whenInUse" } end)
  end)
end)
