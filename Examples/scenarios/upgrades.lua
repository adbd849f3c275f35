-- Topic: upgrading iOS on a phone that holds apps (phone:upgrade)
--
-- What iOS does: installing a newer iOS restarts the phone. Every app is terminated and an alert
-- showing goes away unanswered; the privacy database survives, so each app keeps its authorization,
-- its Settings choice, whether it has used its one Always request, and its Precise switch. Grants that
-- end when the app stops being in use (Allow Once, temporary full accuracy) end, because the restart
-- ended the app. From then on every rule reads the new version — alert wording, Settings labels,
-- prompts — while each app keeps the SDK it was linked against. An app authorized before the update
-- to iOS 14 reads full accuracy afterwards (Baseflow/flutter-geolocator#523), and choices survive the
-- update to iOS 26 (home-assistant/iOS#3822). The delegate hears what changed at the app's next launch.
--
-- Demonstrates: UP1 (restart, withdrawn alert, a version that is not newer is an error) · UP2 (kept
--   grants, Allow Once and temporary full accuracy end) · UP3 (Precise on when crossing 14.0) · UP4 (the
--   new version's rules; the linked SDK stays) · UP5 (the next launch hears it, C2) · R11/R12 · S1 · B2 · N1.
-- Sources: Baseflow/flutter-geolocator#523 (iOS 14: apps authorized before the update read full
--   accuracy), home-assistant/iOS#3822 (settings kept across the iOS 26 update).

local flows = require "helpers.flows"

-- Relaunches an app after the restart and reads the status its new manager hears at once (C2, UP5).
local function relaunch(phone, app)
  expect(app.state).to_be "notRunning"
  app:launch()
  local manager = app:location_manager()
  local callback = app:expect_callback(flows.authorization_callback(phone))
  return manager, callback
end

describe("12 → 13: the grant stays, Settings gains Ask Next Time", function()
  scenario("a While-Using app that used its Always request on 12 stays there on 13", { ios = "12.4" }, function()
    local phone = device {}
    local app, manager = flows.open(phone, "Navigator")
    -- On 12 the Always request shows P6; “Only While Using the App” uses the one Always request (R5).
    manager:requestAlwaysAuthorization()
    phone:expect_prompt { kind = "authorization" }:tap "Only While Using the App"
    expect(phone.settings:options(app)).to_equal { "Never", "While Using the App", "Always" }

    phone:upgrade "13.0"
    expect(phone.ios).to_be "13.0"
    -- UP2: the grant and the used Always request are kept; UP4: Settings lists 13's Ask Next Time.
    expect(phone.settings:get(app)).to_be "While Using the App"
    expect(phone.settings:options(app)).to_equal { "Never", "Ask Next Time", "While Using the App", "Always" }
    manager = relaunch(phone, app)
    expect(manager.authorizationStatus).to_be "authorizedWhenInUse"
    -- The Always request was used on 12: on 13 it still asks nothing (R14).
    manager:requestAlwaysAuthorization()
    expect_no_prompt()
  end)

  scenario("an Always app from 12 is a full Always app on 13, not a provisional one", { ios = "12.0" }, function()
    local phone = device {}
    local app = flows.always(phone, "Navigator")
    phone:upgrade "13.0"
    expect(phone.settings:get(app)).to_be "Always"  -- provisional Always would read While Using (S2)
    local manager = relaunch(phone, app)
    expect(manager.authorizationStatus).to_be "authorizedAlways"
  end)
end)

describe("13.3 → 13.4: the Always upgrade starts asking at once", function()
  scenario("a While-Using app that never asked for Always gets P8 after the upgrade", { ios = "13.3" }, function()
    local phone = device {}
    local app = flows.while_using(phone, "Navigator")
    -- On 13.3 its requestAlwaysAuthorization would move it to provisional Always silently (R11).
    phone:upgrade "13.4"
    local manager = relaunch(phone, app)
    manager:requestAlwaysAuthorization()
    -- UP4: 13.4's rule (R12) shows the upgrade prompt at once.
    phone:expect_prompt {
      kind = "alwaysUpgrade",
      buttons = { "Keep Only While Using", "Change to Always Allow" },
    }:tap "Change to Always Allow"
    app:expect_callback("didChangeAuthorization", { status = "authorizedAlways" })
  end)
end)

describe("13 → 14: accuracy appears, and authorized apps read full accuracy", function()
  scenario("an authorized app gets the Precise switch on, even with NSLocationDefaultAccuracyReduced", { ios = "13.0" }, function()
    local phone = device {}
    local app = flows.while_using(phone, "WeatherLite")
    phone:upgrade "14.0"
    -- UP3: crossing 14.0, an app authorized before the update gets Precise on. UP5: the app hears it
    -- at its next launch, with the iOS 14 callback (C4).
    local _, callback = relaunch(phone, app)
    expect(callback.name).to_be "locationManagerDidChangeAuthorization"
    expect(callback.status).to_be "authorizedWhenInUse"
    expect(callback.accuracy).to_be "fullAccuracy"
  end)

  scenario("an app that never asked gets the iOS 14 default: reduced with the key", { ios = "13.0" }, function()
    local phone = device {}
    local app = flows.open(phone, "WeatherLite")
    phone:upgrade "14.0"
    local manager = relaunch(phone, app)
    expect(manager.accuracyAuthorization).to_be "reducedAccuracy"
    -- Its first prompt is 14's P7: Allow Once first, no Precise switch (K3), an approximate map.
    manager:requestWhenInUseAuthorization()
    phone:expect_prompt { buttons = { "Allow Once", "Allow While Using App", "Don’t Allow" }, precise = nil, map = "approximate" }
  end)
end)

describe("14 → 15 → 17: temporary grants end; labels and rules follow the version", function()
  scenario("Allow Once ends with the restart; Ask Next Time is renamed on 15", { ios = "14.0" }, function()
    local phone = device {}
    local app, manager = flows.open(phone, "Navigator")
    manager:requestWhenInUseAuthorization()
    phone:expect_prompt { kind = "authorization" }:tap "Allow Once"
    expect(phone.settings:get(app)).to_be "Ask Next Time"

    phone:upgrade "15.0"
    -- UP2: Allow Once ended with the app (E1); UP4: 15's label for the option.
    expect(phone.settings:get(app)).to_be "Ask Next Time Or When I Share"
    manager = relaunch(phone, app)
    expect(manager.authorizationStatus).to_be "notDetermined"
  end)

  scenario("temporary full accuracy ends; the Precise switch stays as the user left it", { ios = "14.0" }, function()
    local phone = device {}
    local app, manager = flows.while_using(phone, "WeatherLite")
    manager:requestTemporaryFullAccuracyAuthorization "WantsStreetRadar"
    phone:expect_prompt { kind = "temporaryFullAccuracy" }:tap "Allow Once"
    expect(manager.accuracyAuthorization).to_be "fullAccuracy"

    phone:upgrade "15.0"
    manager = relaunch(phone, app)
    -- E2 at the restart (UP2); the Precise switch stays off: 14 → 15 crosses no accuracy change (UP3).
    expect(manager.accuracyAuthorization).to_be "reducedAccuracy"
  end)

  scenario("on 17 the background-mode crash names _CFMZEnabled(); the app's SDK stays 15", { ios = "15.0" }, function()
    local phone = device {}
    local app = flows.while_using(phone, "StoreFinder")
    phone:upgrade "17.0"
    local manager = relaunch(phone, app)
    -- B2 reads the device's version, not the SDK: 17's reason (UP4).
    local crash = expect_crash(function() manager.allowsBackgroundLocationUpdates = true end, "_CFMZEnabled")
    expect(crash.reason).to_be "Invalid parameter not satisfying: !stayUp || CLClientIsBackgroundable(internal->fClient) || _CFMZEnabled()"
  end)
end)

describe("18 → 26: nothing about authorization changes (N1)", function()
  scenario("the alert showing is withdrawn; the Always app stays Always", { ios = "18.0" }, function()
    local phone = device {}
    local tracker = flows.always(phone, "Navigator")
    local app, manager = flows.open(phone, "StoreFinder")
    manager:requestWhenInUseAuthorization()
    local alert = phone:expect_prompt { kind = "authorization" }

    phone:upgrade "26.0"
    -- UP1: the restart took the alert away unanswered, and tapping it now is an error that says so.
    expect_no_prompt()
    local ok, message = pcall(function() alert:tap "Allow While Using App" end)
    expect(ok).to_be(false)
    expect(message).to_match "withdrawn"
    expect(phone.settings:get(tracker)).to_be "Always"
    -- The unanswered app asks again after the restart, with the same P7.
    manager = relaunch(phone, app)
    manager:requestWhenInUseAuthorization()
    phone:expect_prompt { buttons = { "Allow Once", "Allow While Using App", "Don’t Allow" } }
  end)

  scenario("an upgrade goes forward only", { ios = "18.0" }, function()
    local phone = device {}
    local ok, message = pcall(function() phone:upgrade "17.4" end)
    expect(ok).to_be(false)
    expect(message).to_match "is older than iOS 18.0"
    ok, message = pcall(function() phone:upgrade "18" end)
    expect(ok).to_be(false)
    expect(message).to_match "is the version this phone runs"
  end)
end)
