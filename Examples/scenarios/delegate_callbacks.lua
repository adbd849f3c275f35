-- Topic: which delegate method reports authorization, and when
--
-- What iOS does: a new CLLocationManager reports the app's current status to its delegate at once;
-- after that the delegate hears only of changes, on every manager of the app. iOS 14 deprecates
-- locationManager(_:didChangeAuthorization:), which carries the status, for
-- locationManagerDidChangeAuthorization(_:), which also fires when only the accuracy changed.
--
-- Demonstrates: C1 C2 C3 C4 C6 · the `delegate` install option · app.callbacks.
-- Seeds: 000 §3 (iOS 14: +authorizationStatus becomes an instance property; didChangeAuthorizationStatus:
--   → locationManagerDidChangeAuthorization:, "invoked when either the authorizationStatus or
--   accuracyAuthorization properties change"), 001 (the same deprecations).
-- Sources: shared/reference/ios-location-behavior.md §4 (callbacks on creation, only changes after a
--   request), §13 item 3 (whether iOS 14 still calls the old method is open; see C4 below).

local flows = require "helpers.flows"

-- after_each runs after every scenario of the file, even a failed one: here, each scenario must have
-- read every callback it caused, so an unexpected extra callback fails the case.
after_each(function()
  expect_no_callback()
end)

describe("on creation (C2)", function()
  scenario("a new manager reports the current status at once", { ios = { "8.4", "12.5", "13.4" } }, function()
    local phone = device {}
    local app = phone:install { plist = flows.apps.Navigator }
    app:launch()
    expect(app.callbacks).to_equal {}
    local manager = app:location_manager()
    -- Before iOS 14 the status comes as an argument of didChangeAuthorization; there is no accuracy.
    local callback = expect_callback("didChangeAuthorization", { status = "notDetermined", manager = 1, at = 0 })
    expect(callback.accuracy).to_be_nil()
    expect(manager.authorizationStatus).to_be "notDetermined"
  end)

  scenario("from iOS 14, through locationManagerDidChangeAuthorization with the accuracy", { ios = { "14.0", "17.0" } }, function()
    local phone = device {}
    local app = phone:install { plist = flows.apps.Navigator }
    app:launch()
    app:location_manager()
    expect_callback("locationManagerDidChangeAuthorization", { status = "notDetermined", accuracy = "fullAccuracy" })
    -- The app implements both methods (the default); only the new one is called.
    expect_no_callback()
  end)

  scenario("a second manager gets its own first callback, the first one hears nothing", { ios = "14.0" }, function()
    local phone = device {}
    local app, manager = flows.open(phone, "Navigator")
    flows.grant_when_in_use(phone, app, manager)
    local second = app:location_manager()
    expect_callback("locationManagerDidChangeAuthorization", { manager = 2, status = "authorizedWhenInUse" })
    expect_no_callback()
    expect(second.authorizationStatus).to_be "authorizedWhenInUse"
  end)
end)

describe("after that, only changes (C3)", function()
  scenario("a request that changes nothing is silent", { ios = "14.0" }, function()
    local phone = device {}
    local app, manager = flows.open(phone, "Navigator")
    flows.grant_when_in_use(phone, app, manager)
    manager:requestWhenInUseAuthorization()   -- R17: already When-In-Use
    expect_no_prompt()
    expect_no_callback()
    -- Everything delivered so far, oldest first: creation, then the grant.
    expect(#app.callbacks).to_be(2)
    expect(app.callbacks[2].status).to_be "authorizedWhenInUse"
  end)
end)

describe("an iOS 14 app that still implements only the old method (C4)", function()
  local OLD_DELEGATE = { "didChangeAuthorization", "didUpdateLocations", "didFailWithError" }

  scenario("hears status changes through didChangeAuthorization", { ios = "14.0" }, function()
    local phone = device {}
    local app = phone:install { plist = flows.apps.Navigator, delegate = OLD_DELEGATE }
    app:launch()
    local manager = app:location_manager()
    expect_callback("didChangeAuthorization", { status = "notDetermined" })
    manager:requestWhenInUseAuthorization()
    expect_prompt():tap "Allow While Using App"
    expect_callback("didChangeAuthorization", { status = "authorizedWhenInUse" })
  end)

  scenario("misses accuracy-only changes", { ios = "14.0" }, function()
    local phone = device {}
    local app = phone:install { plist = flows.apps.Navigator, delegate = OLD_DELEGATE }
    app:launch()
    local manager = app:location_manager()
    manager:requestWhenInUseAuthorization()
    expect_prompt():tap "Allow While Using App"
    expect_callback("didChangeAuthorization", { status = "notDetermined" })
    expect_callback("didChangeAuthorization", { status = "authorizedWhenInUse" })

    phone.settings:set_precise(app, false)
    -- The status did not change, so the old method is not called: the app must read the property.
    -- (Whether iOS 14 behaves so is not confirmed by any source; BEHAVIOR.md C4 assumes it.)
    expect_no_callback()
    expect(manager.accuracyAuthorization).to_be "reducedAccuracy"
  end)
end)

describe("errors through the delegate (C6)", function()
  scenario("requestLocation before any request fails with locationUnknown after a while", { ios = "14.0" }, function()
    local phone = device {}
    local _, manager = flows.open(phone, "Navigator")
    manager:requestLocation()
    expect_no_callback()
    -- Observed in an iOS 10-era test double: about 10 seconds later. The delay is a model assumption.
    clock:advance "10s"
    expect_callback("didFailWithError", { error = "locationUnknown", at = 10 })
  end)

  scenario("requestLocation when authorized delivers one location", { ios = "14.0" }, function()
    local phone = device { location = { latitude = 39.9042, longitude = 116.4074 } }
    local app, manager = flows.open(phone, "Navigator")
    flows.grant_when_in_use(phone, app, manager)
    manager:requestLocation()
    local update = expect_callback "didUpdateLocations"
    expect(update.locations[1].latitude).to_be(39.9042)
    expect(manager.location.longitude).to_be(116.4074)
  end)
end)
