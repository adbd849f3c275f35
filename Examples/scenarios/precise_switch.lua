-- Topic: the Precise switch and reduced accuracy (iOS 14+)
--
-- What iOS does: from iOS 14 the first alert shows a map and a “Precise” switch, on by default. With it
-- off the grant is reducedAccuracy: locations are approximate (about 5 km) and less frequent, and region
-- monitoring stops working. The user can flip the same switch in Settings later, and every change of
-- accuracy reaches locationManagerDidChangeAuthorization.
--
-- Demonstrates: P7 (map, Precise) · R6 · U2 (reduced locations) · U4 (regions need full accuracy) ·
--   E6 S3 (the Settings switch) · C3 C4 (accuracy changes are callbacks too).
-- Seeds: 001 ("users can choose whether to give precise or approximate location", the revamped
--   prompt, reduced locations still arrive in didUpdateLocations, region monitoring disabled under
--   reducedAccuracy), 002 §二.5 (the iOS 14 switch and small map), 000 §1 (no precise → no Wi-Fi name).
-- Sources: shared/reference/ios-location-behavior.md §2 iOS 14, §8 (reduced accuracy), §9 (Settings).

local flows = require "helpers.flows"

-- The default device location, People's Square in Shanghai.
local LATITUDE, LONGITUDE = 31.2304, 121.4737

-- Requests When-In-Use on Navigator and answers with the Precise switch as given.
local function grant(phone, precise)
  local app, manager = flows.open(phone, "Navigator")
  manager:requestWhenInUseAuthorization()
  local alert = expect_prompt { precise = true, map = "precise" }
  if not precise then
    alert:set_precise(false)
    -- The alert is live: flipping the switch redraws the map.
    expect(alert.map).to_be "approximate"
  end
  alert:tap "Allow While Using App"
  return app, manager
end

describe("the Precise switch of the first alert", function()
  scenario("on: full accuracy, exact locations", { ios = { "14.0", "17.0" } }, function()
    local phone = device {}
    local _, manager = grant(phone, true)
    expect_callback("locationManagerDidChangeAuthorization",
      { status = "authorizedWhenInUse", accuracy = "fullAccuracy" })

    manager:startUpdatingLocation()
    phone:set_location(LATITUDE, LONGITUDE)
    local update = expect_callback "didUpdateLocations"
    expect(update.locations).to_equal { { latitude = LATITUDE, longitude = LONGITUDE, horizontalAccuracy = 5 } }
  end)

  scenario("off: reduced accuracy, approximate locations", { ios = { "14.0", "17.0" } }, function()
    local phone = device {}
    local _, manager = grant(phone, false)
    expect_callback("locationManagerDidChangeAuthorization",
      { status = "authorizedWhenInUse", accuracy = "reducedAccuracy" })
    expect(manager.accuracyAuthorization).to_be "reducedAccuracy"

    manager:startUpdatingLocation()
    phone:set_location(LATITUDE, LONGITUDE)
    -- Still delivered to didUpdateLocations, but snapped to a coarse grid with a ~5 km radius.
    -- (Grid size and radius are model assumptions inside Apple's "about 5 km".)
    local location = expect_callback("didUpdateLocations").locations[1]
    expect(location.horizontalAccuracy).to_be(5000)
    expect(location.latitude).never.to_be(LATITUDE)
    expect(math.abs(location.latitude - LATITUDE) < 0.05).to_be(true)
    expect(math.abs(location.longitude - LONGITUDE) < 0.05).to_be(true)
  end)

  scenario("off: approximate locations arrive less often", { ios = "14.0" }, function()
    local phone = device {}
    local app, manager = grant(phone, false)
    manager:startUpdatingLocation()
    phone:set_location(LATITUDE, LONGITUDE)
    -- Apple: reduced-accuracy locations are produced "less often" (about four an hour). permsim
    -- delivers at most one per 15 minutes (an assumed figure), so the next move is withheld …
    clock:advance "1m"
    phone:set_location(31.2404, 121.4837)
    -- … and one a quarter of an hour later gets through.
    clock:advance "15m"
    phone:set_location(31.2504, 121.4937)
    local count = 0
    for _, callback in ipairs(app.callbacks) do
      if callback.name == "didUpdateLocations" then count = count + 1 end
    end
    expect(count).to_be(2)
  end)

  scenario("Allow Once keeps the switch's choice too", { ios = "14.0" }, function()
    local phone = device {}
    local _, manager = flows.open(phone, "Navigator")
    manager:requestWhenInUseAuthorization()
    local alert = expect_prompt()
    alert:set_precise(false)
    alert:tap "Allow Once"
    expect_callback("locationManagerDidChangeAuthorization",
      { status = "authorizedWhenInUse", accuracy = "reducedAccuracy" })
  end)
end)

describe("the Precise Location switch in Settings", function()
  scenario("turning it off and on reaches the app each time", { ios = "14.0" }, function()
    local phone = device {}
    local app = grant(phone, true)
    expect_callback("locationManagerDidChangeAuthorization", { accuracy = "fullAccuracy" })

    phone.settings:set_precise(app, false)
    -- Only the accuracy changed, and that is enough for a callback on iOS 14 (C3, C4).
    expect_callback("locationManagerDidChangeAuthorization",
      { status = "authorizedWhenInUse", accuracy = "reducedAccuracy" })
    phone.settings:set_precise(app, true)
    expect_callback("locationManagerDidChangeAuthorization", { accuracy = "fullAccuracy" })
    expect_no_callback()
  end)

  scenario("before iOS 14 there is no switch", { ios = "13.4" }, function()
    local phone = device {}
    local app, manager = flows.open(phone, "Navigator")
    manager:requestWhenInUseAuthorization()
    local ok, message = pcall(function() expect_prompt():set_precise(false) end)
    expect(ok).to_be(false)
    expect(message).to_contain "has no Precise switch"
    ok, message = pcall(function() phone.settings:set_precise(app, false) end)
    expect(ok).to_be(false)
    expect(message).to_contain "iOS 14.0"
  end)
end)

describe("what reduced accuracy turns off", function()
  scenario("region monitoring fails", { ios = "14.0", tags = { "regions" } }, function()
    local phone = device {}
    local _, manager = grant(phone, false)
    expect_callback "locationManagerDidChangeAuthorization"
    manager:startMonitoring { identifier = "office", latitude = LATITUDE, longitude = LONGITUDE, radius = 200 }
    -- The error code is an assumption: Apple only says region monitoring is unavailable.
    local failure = expect_callback("monitoringDidFailFor", { error = "regionMonitoringDenied" })
    expect(failure.region.identifier).to_be "office"
  end)

  scenario("the same region works with full accuracy", { ios = "14.0", tags = { "regions" } }, function()
    local phone = device {}
    local _, manager = grant(phone, true)
    expect_callback "locationManagerDidChangeAuthorization"
    manager:startMonitoring { identifier = "office", latitude = LATITUDE, longitude = LONGITUDE, radius = 200 }
    phone:set_location(31.2404, 121.4837)
    local exit = expect_callback "didExitRegion"
    expect(exit.region).to_equal { identifier = "office", latitude = LATITUDE, longitude = LONGITUDE, radius = 200 }
  end)
end)
