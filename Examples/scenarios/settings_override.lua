-- Topic: Settings overrides whatever the app asked for
--
-- What iOS does: the user may change an app's location access in Settings at any time, and that
-- choice wins — an app that asked for When-In-Use but was set to Always has Always, and asking again
-- changes nothing. A running app hears of it at once, a suspended one when it runs again; the Location
-- Services switch, restrictions and “Reset Location & Privacy” act on apps the same way.
--
-- Demonstrates: E6 (Settings choices) · E4 E5 P10 (Location Services) · E7 (reset) · E8 (restriction) ·
--   R16 R17 · C1 C5 C6 · S2.
-- Seeds: 004 §三 ("不管你申请的是哪种权限,都以用户在系统设置中给你的权限为准" — whatever the app
--   requested, what the user set in Settings is what it gets; the requestWhenInUse-then-Always example).
-- Sources: shared/reference/ios-location-behavior.md §1.2 (Location Services, restriction), §3.3 (the
--   Location Services alert, at most twice), §9 (Settings choices and how the app hears of them), §11.2.

local flows = require "helpers.flows"

describe("the user's choice wins (seed 004)", function()
  scenario("asked for When-In-Use, set to Always: the app has Always", { ios = { "10.3", "14.0" } }, function()
    local phone = device {}
    local app, manager = flows.open(phone, "Navigator")
    flows.grant_when_in_use(phone, app, manager)

    phone.settings:set(app, "Always")
    expect_callback(flows.authorization_callback(phone), { status = "authorizedAlways" })

    -- The app keeps calling requestWhenInUseAuthorization on each launch: it changes nothing (R16).
    app:terminate()
    app:launch()
    manager = app:location_manager()
    expect_callback(flows.authorization_callback(phone), { status = "authorizedAlways" })
    manager:requestWhenInUseAuthorization()
    expect_no_prompt()
    expect_no_callback()
    expect(manager.authorizationStatus).to_be "authorizedAlways"
  end)

  scenario("Never: denied at once, and location services fail", { ios = "14.0" }, function()
    local phone = device {}
    local app, manager = flows.open(phone, "Navigator")
    flows.grant_when_in_use(phone, app, manager)

    phone.settings:set(app, "Never")
    expect_callback("locationManagerDidChangeAuthorization", { status = "denied" })
    manager:requestWhenInUseAuthorization()
    expect_no_prompt()
    manager:startUpdatingLocation()
    -- C6: a location service started while denied reports the error to the delegate.
    expect_callback("didFailWithError", { error = "denied" })
  end)

  scenario("Ask Next Time: the app may ask again", { ios = { "13.4", "14.0" } }, function()
    local phone = device {}
    local app, manager = flows.open(phone, "Navigator")
    manager:requestWhenInUseAuthorization()
    expect_prompt():tap "Don’t Allow"
    expect_callback(flows.authorization_callback(phone), { status = "denied" })

    phone.settings:set(app, "Ask Next Time")
    expect_callback(flows.authorization_callback(phone), { status = "notDetermined" })
    manager:requestWhenInUseAuthorization()
    expect_prompt { kind = "authorization" }
  end)

  scenario("a suspended app hears of the change when it runs again", { ios = "14.0" }, function()
    local phone = device {}
    local app, manager = flows.open(phone, "Navigator")
    flows.grant_when_in_use(phone, app, manager)
    app:background()
    clock:advance "1m"
    expect(app.state).to_be "suspended"

    phone.settings:set(app, "Never")
    phone.settings:set_precise(app, false)
    expect_no_callback()

    -- C5: held callbacks arrive in order, stamped with the moment the app runs.
    app:foreground()
    local first = expect_callback("locationManagerDidChangeAuthorization", { status = "denied" })
    expect_callback("locationManagerDidChangeAuthorization", { status = "denied", accuracy = "reducedAccuracy" })
    expect(first.at).to_be(clock.now)
  end)

  scenario("every manager of the app is told, in creation order", { ios = "14.0" }, function()
    local phone = device {}
    local app, first = flows.open(phone, "Navigator")
    local second = app:location_manager()
    expect_callback("locationManagerDidChangeAuthorization", { manager = 2, status = "notDetermined" })

    phone.settings:set(app, "While Using the App")
    -- C1: the status lives in the app, not in a manager; each manager gets its callback.
    expect_callback("locationManagerDidChangeAuthorization", { manager = 1, status = "authorizedWhenInUse" })
    expect_callback("locationManagerDidChangeAuthorization", { manager = 2, status = "authorizedWhenInUse" })
    expect(first.authorizationStatus).to_be(second.authorizationStatus)
  end)
end)

describe("the Location Services switch", function()
  scenario("off: every app reports denied; on: each gets its status back", { ios = "14.0" }, function()
    local phone = device {}
    local navigator, nav_manager = flows.open(phone, "Navigator")
    flows.grant_when_in_use(phone, navigator, nav_manager)
    local finder, finder_manager = flows.open(phone, "WiFiFinder")

    phone.settings:set_location_services(false)
    -- With two apps, app:expect_callback reads a given app's callbacks.
    navigator:expect_callback("locationManagerDidChangeAuthorization", { status = "denied" })
    finder:expect_callback("locationManagerDidChangeAuthorization", { status = "denied" })
    expect(finder_manager.authorizationStatus).to_be "denied"

    phone.settings:set_location_services(true)
    navigator:expect_callback("locationManagerDidChangeAuthorization", { status = "authorizedWhenInUse" })
    finder:expect_callback("locationManagerDidChangeAuthorization", { status = "notDetermined" })
  end)

  scenario("off: a request shows “Turn On Location Services”, at most twice", { ios = { "10.3", "14.0" } }, function()
    local phone = device { location_services = false }
    local app = phone:install { plist = flows.apps.Navigator }
    app:launch()
    local manager = app:location_manager()
    expect_callback(flows.authorization_callback(phone), { status = "denied" })

    for _ = 1, 2 do
      manager:requestWhenInUseAuthorization()
      expect_prompt {
        kind = "locationServicesOff",
        title = "Turn On Location Services to Allow “Navigator” to Determine Your Location",
        buttons = { "Settings", "Cancel" },
      }:tap "Cancel"
    end
    -- Observed: never a third time for the same app. Neither answer changes the status.
    manager:requestWhenInUseAuthorization()
    expect_no_prompt()
    expect(manager.authorizationStatus).to_be "denied"
    expect_no_callback()
  end)
end)

describe("restrictions and reset", function()
  scenario("a restriction shows restricted, locks Settings, and lifts cleanly", { ios = "14.0" }, function()
    local phone = device {}
    local app, manager = flows.open(phone, "Navigator")
    flows.grant_when_in_use(phone, app, manager)

    phone.settings:set_restricted(app, true)
    expect_callback("locationManagerDidChangeAuthorization", { status = "restricted" })
    local ok, message = pcall(function() phone.settings:set(app, "Always") end)
    expect(ok).to_be(false)
    expect(message).to_contain "restricted"

    phone.settings:set_restricted(app, false)
    expect_callback("locationManagerDidChangeAuthorization", { status = "authorizedWhenInUse" })
  end)

  scenario("Reset Location & Privacy: back to notDetermined, the Always request unused again", { ios = "14.0" }, function()
    local phone = device {}
    local app, manager = flows.open(phone, "Navigator")
    flows.grant_when_in_use(phone, app, manager)
    manager:requestAlwaysAuthorization()
    expect_prompt():tap "Keep Only While Using"

    phone.settings:reset_location_and_privacy()
    expect_callback("locationManagerDidChangeAuthorization", { status = "notDetermined" })

    -- E7 forgets that Always was asked: the whole flow may run again.
    flows.grant_when_in_use(phone, app, manager)
    manager:requestAlwaysAuthorization()
    expect_prompt { kind = "alwaysUpgrade" }
  end)
end)
