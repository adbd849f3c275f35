-- Topic: CLLocationUpdate.liveUpdates — locations as an async sequence (iOS 17+)
--
-- What iOS does: from iOS 17 an app can iterate `CLLocationUpdate.liveUpdates(configuration)` instead
-- of running a CLLocationManager session. Each element is an update with a location (or none) and a
-- “stationary” flag: when the device stops moving for a while, one stationary update comes and the
-- stream pauses by itself, and the next move resumes it without the app doing anything. Authorization
-- works as for any location use: a While-Using app gets updates while it is in use, and loses them a
-- few seconds after it leaves the foreground unless a background activity session keeps it in use.
-- iOS 17 and iOS 18 differ in three ways: on 17 iterating never asks for authorization, on 18 it asks
-- (an implicit When-In-Use session); from 18 every update carries diagnostics that say why no location
-- came; and an Always app keeps its updates in the background on 17, but on 18 only while it holds an
-- `always` service session.
--
-- Demonstrates: LU1 LU2 LU3 LU4 · IM1 (18: iterating asks) · AW1 (18: Always in the background) · U2
--   (reduced accuracy) · DG4 DG6 DG10 as a stream reports them · L2 · version gating (17.0).
-- Seeds: none — live updates came after the seed posts (iOS 17, 2023).
-- Sources: shared/reference/ios15-26-research.md §4.1 (liveUpdates, isStationary / stationary, WWDC23-10180
--   “Discover streamlined location updates”; Q8: iOS 17 does not prompt), §5.1 (IM1: iOS 18 prompts),
--   §5.3 (AW1), §5.5 (diagnostics). The 15 minutes before a stationary update are assumed (as U3).

local flows = require "helpers.flows"
local places = require "helpers.places"

local HERE = places.HERE   -- the device's default place
-- step(n): a place `n` small steps north-east of HERE, as an exact (full accuracy) location.
local step, move = places.step, places.move
-- located(app, mark): the live updates after `mark` with a location; last_place: the newest one's place.
local located, last_place = places.located, places.last

-- Most cases start from flows.while_using(phone, "Stride"): Stride (a fitness app) with a permanent
-- While-Using grant, in the foreground.

describe("While Using, in the foreground (LU1)", function()
  scenario("the first update comes at once, then one per move", { ios = { "17.0", "17.4", "18.0", "26.0" } }, function()
    local phone = device {}
    local app = flows.while_using(phone, "Stride")

    local stream = app:live_updates()
    expect(stream.active).to_be(true)
    -- `source` numbers the app's streams, as `manager` numbers its managers.
    local first = expect_callback("liveUpdate", { source = 1, location = HERE, stationary = false })
    if flows.at_least(phone, "18.0") then
      -- From iOS 18 every update carries its diagnostics: none here (an empty table).
      expect(first.diagnostics).to_equal {}
    else
      expect(first.diagnostics).to_be_nil()
    end

    move(phone, step(1))
    expect_callback("liveUpdate", { source = 1, location = step(1), stationary = false })
    move(phone, step(2))
    expect_callback("liveUpdate", { location = step(2) })

    -- Breaking out of the `for try await` loop: nothing more arrives.
    stream:stop()
    expect(stream.active).to_be(false)
    move(phone, step(3))
    expect_no_callback()
  end)

  scenario("a configuration per activity; each stream has its own number", { ios = "17.4" }, function()
    local phone = device {}
    local app = flows.while_using(phone, "Stride")
    app:live_updates "fitness"
    expect_callback("liveUpdate", { source = 1, location = HERE })
    app:live_updates "automotiveNavigation"
    expect_callback("liveUpdate", { source = 2, location = HERE })

    -- One move reaches both streams (in an order BEHAVIOR.md does not fix).
    local mark = flows.mark(app)
    move(phone, step(1))
    local sources = {}
    for _, update in ipairs(located(app, mark)) do
      expect(update.location).to_equal(step(1))
      sources[#sources + 1] = update.source
    end
    table.sort(sources)
    expect(sources).to_equal { 1, 2 }
  end)

  scenario("reduced accuracy: approximate places, at most one per quarter hour (U2, DG10)", { ios = { "17.4", "18.0" }, tags = { "accuracy" } }, function()
    local phone = device {}
    -- Weather Lite declares NSLocationDefaultAccuracyReduced: its grant is approximate (K3).
    local app = flows.while_using(phone, "WeatherLite")
    local stream = app:live_updates()
    local first = expect_callback("liveUpdate", { source = 1 })
    expect(first.location.horizontalAccuracy).to_be(5000)
    expect(math.abs(first.location.latitude - HERE.latitude) < 0.05).to_be(true)
    if flows.at_least(phone, "18.0") then
      -- accuracyLimited alone still lets approximate updates through (BEHAVIOR.md §18).
      expect(first.diagnostics).to_equal { accuracyLimited = true }
      expect(stream.diagnostics.accuracyLimited).to_be(true)
    end

    local mark = flows.mark(app)
    clock:advance "1m"
    move(phone, step(10))    -- withheld: the last delivery was a minute ago
    clock:advance "15m"
    move(phone, step(20))    -- a quarter of an hour later: delivered
    expect(#located(app, mark)).to_be(1)
  end)

  scenario("an implicit session never asks for precise location (IM1)", { ios = "18.0", tags = { "accuracy" } }, function()
    local phone = device {}
    local app = flows.while_using(phone, "WeatherLite")
    app:live_updates()
    -- Full accuracy needs an explicit session with a purpose key (service_sessions.lua, SS9).
    expect_no_prompt()
    expect_callback("liveUpdate", { diagnostics = { accuracyLimited = true } })
  end)
end)

describe("before the user has decided", function()
  scenario("iOS 17: iterating asks for nothing and gets nothing (LU2)", { ios = { "17.0", "17.4" } }, function()
    local phone = device {}
    local app, manager = flows.open(phone, "Stride")
    local stream = app:live_updates "fitness"
    -- Apple's iOS 17 sample asks first with requestWhenInUseAuthorization; iterating alone does not
    -- prompt (auto-prompting is an iOS 18 change). The stream waits.
    expect_no_prompt()
    expect_no_callback()
    expect(stream.active).to_be(true)
    move(phone, step(1))
    expect_no_callback()

    manager:requestWhenInUseAuthorization()
    expect_prompt({ id = "P7" }):tap "Allow While Using App"
    local mark = flows.mark(app)
    move(phone, step(2))
    expect(last_place(app, mark)).to_equal(step(2))
  end)

  scenario("iOS 18: iterating asks, as an implicit When-In-Use session (IM1)", { ios = { "18.0", "26.0" } }, function()
    local phone = device {}
    local app = flows.open(phone, "Stride")
    local stream = app:live_updates "fitness"
    -- The first prompt, exactly as requestWhenInUseAuthorization would show it (R6).
    local alert = expect_prompt {
      kind = "authorization",
      id = "P7",
      title = "Allow “Stride” to use your location?",
      message = "Stride records the route and pace of your workouts.",
      buttons = { "Allow Once", "Allow While Using App", "Don’t Allow" },
    }
    -- While it shows, the stream says why nothing comes (DG6).
    expect(stream.diagnostics.authorizationRequestInProgress).to_be(true)

    local mark = flows.mark(app)
    alert:tap "Allow While Using App"
    -- The manager hears of the grant (one authorization record per app) …
    local granted = flows.since(app, mark, "locationManagerDidChangeAuthorization")
    expect(#granted).to_be(1)
    expect(granted[1].status).to_be "authorizedWhenInUse"
    -- … and the stream starts delivering.
    expect(stream.diagnostics.authorizationRequestInProgress).to_be_falsy()
    move(phone, step(1))
    expect(last_place(app, mark)).to_equal(step(1))
  end)
end)

describe("standing still (LU3)", function()
  scenario("a quarter of an hour without moving: one stationary update, then a pause", { ios = { "17.4", "18.0" } }, function()
    local phone = device {}
    local app = flows.while_using(phone, "Stride")
    app:live_updates "fitness"
    expect_callback("liveUpdate", { location = HERE, stationary = false })

    clock:advance "14m"
    expect_no_callback()
    clock:advance "1m"
    -- The stationary update still carries the place (LU1, LU3) …
    local still = expect_callback("liveUpdate", { location = HERE, stationary = true })
    expect(still.at).to_be(15 * 60)
    -- … and then the stream is quiet, however long the phone lies there.
    clock:advance "2h"
    expect_no_callback()

    -- The next move resumes it by itself: no call from the app.
    move(phone, step(1))
    expect_callback("liveUpdate", { location = step(1), stationary = false })
    move(phone, step(2))
    expect_callback("liveUpdate", { location = step(2), stationary = false })
  end)
end)

describe("leaving the foreground (LU4)", function()
  scenario("While Using: updates during the grace, none after it, back in the foreground", { ios = { "17.4", "18.0" } }, function()
    local phone = device {}
    local app = flows.while_using(phone, "Stride")
    local stream = app:live_updates "fitness"
    expect_callback("liveUpdate", { location = HERE })

    app:background()
    clock:advance "5s"
    local mark = flows.mark(app)
    move(phone, step(1))                      -- within the 10 s grace (L2): still in use
    expect(#located(app, mark)).to_be(1)

    clock:advance "6s"                        -- past the grace, no background activity session
    expect(app.state).to_be "suspended"
    if flows.at_least(phone, "18.0") then
      expect(stream.diagnostics.insufficientlyInUse).to_be(true)   -- DG4
    end
    mark = flows.mark(app)
    move(phone, step(2))
    clock:advance "5m"
    move(phone, step(3))

    -- Back in the foreground: the move made while not in use never arrives; the next one does.
    app:foreground()
    if flows.at_least(phone, "18.0") then
      expect(stream.diagnostics.insufficientlyInUse).to_be_falsy()
    end
    move(phone, step(4))
    for _, update in ipairs(located(app, mark)) do
      expect(update.location).never.to_equal(step(2))
    end
    expect(last_place(app, mark)).to_equal(step(4))
    -- The fix is a background activity session: background_activity_sessions.lua.
  end)

  -- An Always app in the background: iOS 17 keeps its live updates flowing; iOS 18 stops them unless
  -- it holds an `always` CLServiceSession (AW1; the session is shown in service_sessions.lua).
  for _, case in ipairs { { ios = "17.4", delivered = 1 }, { ios = "18.0", delivered = 0 }, { ios = "26.0", delivered = 0 } } do
    scenario("Always, in the background, no session: " .. (case.delivered == 1 and "updates go on" or "no updates (AW1)"),
      { ios = case.ios, tags = { "background" } }, function()
      local phone = device {}
      local app = flows.always(phone, "Stride")
      app:live_updates "fitness"
      expect_callback("liveUpdate", { location = HERE })

      app:background()
      clock:advance "1m"
      local mark = flows.mark(app)
      move(phone, step(1))
      expect(#located(app, mark)).to_be(case.delivered)
    end)
  end
end)

describe("where live updates exist", function()
  scenario("not before iOS 17", { ios = "16.7" }, function()
    local phone = device {}
    local app = flows.while_using(phone, "Stride")
    flows.expect_missing_before("iOS 17", function() return app:live_updates() end)
  end)
end)
