-- Topic: automatic pauses of location updates, and resuming them
--
-- What iOS does: with pausesLocationUpdatesAutomatically (true by default) the system stops a
-- background update session once the location stops changing and calls
-- locationManagerDidPauseLocationUpdates; updates do not come back by themselves, and restarting them
-- calls locationManagerDidResumeLocationUpdates. A paused When-In-Use app gets nothing more until it is
-- in the foreground again, which is why navigation apps turn automatic pauses off.
--
-- Demonstrates: U3 · U1 · B1 · E12 (a region exit wakes an Always app) · L1.
-- Seeds: 004 §四.1 (the default YES, the pause callback, restarting through region monitoring, the
--   resume callback, "像驾车导航类的应用,还是乖乖将 pausesLocationUpdatesAutomatically 设置成 NO 吧" —
--   navigation apps should set it to NO), 001 (the same property in its iOS 14 setup code).
-- Sources: shared/reference/ios-location-behavior.md §4 (didPause / didResume), §12 C17.
-- The 15 minutes without movement before a pause are a model assumption (Apple gives no figure).

local flows = require "helpers.flows"

local HERE = { latitude = 31.2304, longitude = 121.4737 }
local TWO_KM_AWAY = { 31.2484, 121.4737 }

-- Navigator with Always (the iOS 13.4+ way: When-In-Use first, then the upgrade prompt).
local function always(phone)
  local app, manager = flows.open(phone, "Navigator")
  flows.grant_when_in_use(phone, app, manager)
  manager:requestAlwaysAuthorization()
  expect_prompt():tap "Change to Always Allow"
  expect_callback("locationManagerDidChangeAuthorization", { status = "authorizedAlways" })
  return app, manager
end

-- Starts a background session and leaves the phone where it is.
local function go_quiet(app, manager)
  manager.allowsBackgroundLocationUpdates = true
  manager:startUpdatingLocation()
  app:background()
end

describe("an automatic pause", function()
  scenario("comes after a quarter of an hour without movement, in the background", { ios = "14.0" }, function()
    local phone = device {}
    local app, manager = always(phone)
    expect(manager.pausesLocationUpdatesAutomatically).to_be(true)
    go_quiet(app, manager)

    clock:advance "14m"
    expect_no_callback()
    clock:advance "1m"
    local pause = expect_callback "locationManagerDidPauseLocationUpdates"
    expect(pause.at).to_be(15 * 60)
    -- The session is over: nothing keeps the app running in the background any more.
    expect(app.state).to_be "suspended"
  end)

  scenario("seed 004's recipe: watch a region, restart on exit, get didResume", { ios = "14.0", tags = { "regions" } }, function()
    local phone = device {}
    local app, manager = always(phone)
    go_quiet(app, manager)
    clock:advance "15m"
    expect_callback "locationManagerDidPauseLocationUpdates"

    -- What the delegate does in its pause callback: watch the area it stopped in.
    manager:startMonitoring { identifier = "stopped-here", latitude = HERE.latitude, longitude = HERE.longitude, radius = 200 }

    -- The user walks on: the exit wakes the Always app in the background (E12) …
    phone:set_location(TWO_KM_AWAY[1], TWO_KM_AWAY[2])
    expect_callback("didExitRegion", { region = { identifier = "stopped-here", latitude = HERE.latitude, longitude = HERE.longitude, radius = 200 } })
    expect(app.state).to_be "background"

    -- … and restarting updates after an automatic pause reports the resume (C17).
    manager:startUpdatingLocation()
    expect_callback "locationManagerDidResumeLocationUpdates"
    phone:set_location(TWO_KM_AWAY[1] + 0.001, TWO_KM_AWAY[2])
    expect_callback "didUpdateLocations"
  end)

  scenario("a When-In-Use app gets nothing more until it is in the foreground", { ios = "14.0" }, function()
    local phone = device {}
    local app, manager = flows.open(phone, "Navigator")
    flows.grant_when_in_use(phone, app, manager)
    go_quiet(app, manager)
    clock:advance "15m"
    expect_callback "locationManagerDidPauseLocationUpdates"

    -- Apple: for When-In-Use apps in the background, a pause ends access until the app is in use again.
    phone:set_location(TWO_KM_AWAY[1], TWO_KM_AWAY[2])
    expect_no_callback()

    app:foreground()
    manager:startUpdatingLocation()
    expect_callback "locationManagerDidResumeLocationUpdates"
    phone:set_location(TWO_KM_AWAY[1] + 0.001, TWO_KM_AWAY[2])
    expect_callback "didUpdateLocations"
  end)
end)

describe("no pause", function()
  scenario("with pausesLocationUpdatesAutomatically = false (navigation apps)", { ios = "14.0" }, function()
    local phone = device {}
    local app, manager = always(phone)
    manager.pausesLocationUpdatesAutomatically = false
    go_quiet(app, manager)
    clock:advance "2h"
    expect_no_callback()
    expect(app.state).to_be "background"
  end)

  scenario("while the user keeps moving", { ios = "14.0" }, function()
    local phone = device {}
    local app, manager = always(phone)
    go_quiet(app, manager)
    -- A move every 10 minutes resets the quarter of an hour each time.
    for step = 1, 6 do
      clock:advance "10m"
      phone:set_location(HERE.latitude + step * 0.001, HERE.longitude)
      expect_callback "didUpdateLocations"
    end
    expect_no_callback()
  end)

  scenario("in the foreground", { ios = "14.0" }, function()
    local phone = device {}
    local _, manager = always(phone)
    manager:startUpdatingLocation()
    clock:advance "1h"
    expect_no_callback()
  end)
end)
