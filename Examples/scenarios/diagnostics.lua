-- Topic: diagnostics — why a session, stream or monitor gets no location, and what the app tells its user (iOS 18+)
--
-- What iOS does: from iOS 18 every CLServiceSession, background activity session, live-update stream
-- and CLMonitor reports diagnostics: a set of flags recomputed whenever the situation changes —
-- denied, Location Services off, restricted, not in use, a service session required, a prompt showing,
-- precise location declined, Always declined, no location, approximate only. A live-update stream that
-- may not deliver keeps going: it yields one location-less update each time its diagnostics change, so
-- an app can put the reason on screen instead of a spinner. Apps turn the flags into a banner; this
-- file does the same with the function `banner` below, the way Apple's sample code checks them.
--
-- Demonstrates: DG1 DG2 DG3 DG4 DG5 DG6 DG7 DG8 DG9 DG10 · N1 (every case on 18.0 and 26.0) · P10 for the
--   new APIs with Location Services off (Conventions for §14–§18) · E4 E5 E6 E8 · SS4 SS5 SS9 XS1 IM1.
-- Seeds: none — diagnostics came after the seed posts (iOS 18, 2024).
-- Sources: shared/reference/ios15-26-research.md §5.5 (CLServiceSession.h, CLMonitoringEvent.h,
--   CLLocationUpdate; WWDC24-10212 “What's new in location authorization”: two flags for denial so apps
--   can give different advice; Q19: authorizationDenied also when Location Services are off; Q24: a
--   denied update carries no location), §9 Q16 (BEHAVIOR.md decides that the new APIs show P10).

local flows = require "helpers.flows"
local places = require "helpers.places"

-- What an app's location banner says for a set of diagnostics: the first reason that applies, the
-- most actionable first. `nil` means all is well: no banner.
local function banner(diagnostics)
  if diagnostics.authorizationDeniedGlobally then return "Location Services are off. Turn them on in Settings › Privacy & Security." end
  if diagnostics.authorizationDenied then return "Location access is off for this app. Turn it on in Settings." end
  if diagnostics.authorizationRestricted then return "Location access is restricted on this iPhone." end
  if diagnostics.authorizationRequestInProgress then return "Waiting for your answer…" end
  if diagnostics.serviceSessionRequired then return "Finish setting up the app to see where you are." end
  if diagnostics.insufficientlyInUse then return "Open the app to continue." end
  if diagnostics.alwaysAuthorizationDenied then return "Arrival alerts need Always. Change it in Settings." end
  if diagnostics.fullAccuracyDenied then return "Turn on Precise Location for turn-by-turn directions." end
  if diagnostics.accuracyLimited then return "Approximate location: the map updates every few minutes." end
  if diagnostics.locationUnavailable then return "Searching for your location…" end
  return nil
end

-- The newest live update the app has received, or nil.
local function latest_update(app)
  return flows.last_since(app, 0, "liveUpdate")
end

-- The phone moves and the stream delivers a location again: no banner at all.
local function expect_all_clear(phone, app, stream)
  phone:set_location(31.2404, 121.4837)
  expect(latest_update(app).location).never.to_be_nil()
  expect(banner(stream.diagnostics)).to_be_nil()
end

-- Stride (implicit sessions) with a permanent While-Using grant and a live-update stream.
local function stride_streaming(phone, name)
  local app, manager = flows.while_using(phone, name or "Stride")
  return app, manager, app:live_updates "fitness"
end

-- Wayfinder (NSLocationRequireExplicitServiceSession) once the user has answered its first prompt,
-- asked by requestWhenInUseAuthorization, with `button`.
local function wayfinder_answered(phone, button)
  local app, manager = flows.open(phone, "Wayfinder")
  manager:requestWhenInUseAuthorization()
  expect_prompt():tap(button)
  return app, manager
end

local VERSIONS = { "18.0", "26.0" }

describe("denied (DG1, DG9)", function()
  scenario("Don’t Allow: a location-less update that says so", { ios = VERSIONS }, function()
    local phone = device {}
    local app = flows.open(phone, "Stride")
    local stream = app:live_updates "fitness"
    expect_prompt({ id = "P7" }):tap "Don’t Allow"   -- the implicit session's prompt (IM1)

    local update = latest_update(app)
    expect(update.location).to_be_nil()
    -- The stream keeps going; its update carries the reason and, having no location, DG9.
    expect(update.diagnostics).to_equal { authorizationDenied = true, locationUnavailable = true }
    expect(banner(update.diagnostics)).to_be "Location access is off for this app. Turn it on in Settings."
    expect(stream.active).to_be(true)
    expect(stream.diagnostics.authorizationDenied).to_be(true)
  end)

  scenario("a session under a denial: no prompt, the same flag (SS4)", { ios = VERSIONS }, function()
    local phone = device {}
    local app = wayfinder_answered(phone, "Don’t Allow")
    local session = app:service_session { authorization = "whenInUse" }
    expect_no_prompt()
    expect(session.diagnostics).to_equal { authorizationDenied = true }
    expect(banner(session.diagnostics)).to_be "Location access is off for this app. Turn it on in Settings."

    -- The user changes their mind in Settings (E6): recomputed at once.
    phone.settings:set(app, "While Using the App")
    expect(session.diagnostics).to_equal {}
    expect(banner(session.diagnostics)).to_be_nil()
  end)
end)

describe("Location Services off (DG1 + DG2)", function()
  scenario("switched off under a running stream: both flags, so the banner can point to the right switch", { ios = VERSIONS }, function()
    local phone = device {}
    local app, _, stream = stride_streaming(phone)
    phone.settings:set_location_services(false)      -- E4
    local update = latest_update(app)
    expect(update.location).to_be_nil()
    expect(update.diagnostics).to_equal { authorizationDenied = true, authorizationDeniedGlobally = true, locationUnavailable = true }
    expect(banner(update.diagnostics)).to_be "Location Services are off. Turn them on in Settings › Privacy & Security."

    phone.settings:set_location_services(true)       -- E5: the grant comes back, and the locations
    expect(stream.diagnostics.authorizationDeniedGlobally).to_be_falsy()
    expect(stream.diagnostics.authorizationDenied).to_be_falsy()
    phone:set_location(31.2404, 121.4837)
    expect(latest_update(app).location).to_equal { latitude = 31.2404, longitude = 121.4837, horizontalAccuracy = 5 }
  end)

  scenario("a session created while they are off: “Turn On Location Services”, not a request in progress", { ios = VERSIONS }, function()
    local phone = device { location_services = false }
    local app = phone:install { plist = flows.apps.Wayfinder }
    app:launch()
    local session = app:service_session { authorization = "whenInUse" }
    local alert = expect_prompt {
      kind = "locationServicesOff",
      id = "P10",
      title = "Turn On Location Services to Allow “Wayfinder” to Determine Your Location",
      buttons = { "Settings", "Cancel" },
    }
    -- P10 is not an authorization alert: no authorizationRequestInProgress while it shows.
    expect(session.diagnostics).to_equal { authorizationDenied = true, authorizationDeniedGlobally = true }
    alert:tap "Cancel"
    expect(session.diagnostics).to_equal { authorizationDenied = true, authorizationDeniedGlobally = true }
  end)
end)

describe("restricted (DG3)", function()
  scenario("parental controls: restricted, not denied", { ios = VERSIONS }, function()
    local phone = device {}
    local app, _, stream = stride_streaming(phone)
    phone.settings:set_restricted(app, true)           -- E8
    local update = latest_update(app)
    expect(update.location).to_be_nil()
    expect(update.diagnostics).to_equal { authorizationRestricted = true, locationUnavailable = true }
    expect(banner(stream.diagnostics)).to_be "Location access is restricted on this iPhone."
  end)
end)

describe("not in use (DG4)", function()
  scenario("a While-Using app past the grace: the stream waits for the user to come back", { ios = VERSIONS }, function()
    local phone = device {}
    local app, _, stream = stride_streaming(phone)
    app:background()
    clock:advance "11s"
    expect(stream.diagnostics.insufficientlyInUse).to_be(true)
    expect(banner(stream.diagnostics)).to_be "Open the app to continue."

    app:foreground()
    expect(stream.diagnostics.insufficientlyInUse).to_be_falsy()
    expect_all_clear(phone, app, stream)
  end)
end)

describe("a service session required (DG5)", function()
  scenario("NSLocationRequireExplicitServiceSession and no session yet", { ios = VERSIONS }, function()
    local phone = device {}
    local app = wayfinder_answered(phone, "Allow While Using App")
    local stream = app:live_updates()
    local update = latest_update(app)
    expect(update.diagnostics).to_equal { serviceSessionRequired = true, locationUnavailable = true }
    expect(banner(update.diagnostics)).to_be "Finish setting up the app to see where you are."

    app:service_session { authorization = "whenInUse" }
    expect(stream.diagnostics.serviceSessionRequired).to_be_falsy()
    expect_all_clear(phone, app, stream)
  end)
end)

describe("a prompt on screen (DG6)", function()
  scenario("while the session's prompt shows, and not after", { ios = VERSIONS }, function()
    local phone = device {}
    local app = flows.open(phone, "Wayfinder")
    local session = app:service_session { authorization = "whenInUse" }
    local alert = expect_prompt { id = "P7" }
    expect(session.diagnostics).to_equal { authorizationRequestInProgress = true }
    expect(banner(session.diagnostics)).to_be "Waiting for your answer…"
    alert:tap "Allow While Using App"
    expect(session.diagnostics).to_equal {}
  end)

  scenario("an implicit session's prompt shows on the stream's updates", { ios = VERSIONS }, function()
    local phone = device {}
    local app = flows.open(phone, "Stride")
    app:live_updates "fitness"
    expect_prompt { id = "P7" }
    local update = latest_update(app)
    expect(update.location).to_be_nil()
    expect(update.diagnostics).to_equal { authorizationRequestInProgress = true, locationUnavailable = true }
  end)
end)

describe("what a session's goal did not get (DG7, DG8)", function()
  scenario("precise location declined (DG7)", { ios = VERSIONS, tags = { "accuracy" } }, function()
    local phone = device {}
    local app, manager = flows.open(phone, "Wayfinder")
    manager:requestWhenInUseAuthorization()
    local alert = expect_prompt { id = "P7" }
    alert:set_precise(false)
    alert:tap "Allow While Using App"
    local navigation = app:service_session { authorization = "whenInUse", full_accuracy_purpose_key = "WantsPreciseDirections" }
    expect_prompt({ id = "P9" }):tap "Don’t Allow"
    expect(navigation.diagnostics).to_equal { fullAccuracyDenied = true }
    expect(banner(navigation.diagnostics)).to_be "Turn on Precise Location for turn-by-turn directions."
  end)

  scenario("Always declined (DG8), and granted later in Settings", { ios = VERSIONS }, function()
    local phone = device {}
    local app = wayfinder_answered(phone, "Allow While Using App")
    local arrivals = app:service_session { authorization = "always" }
    expect_prompt({ id = "P8" }):tap "Keep Only While Using"
    expect(arrivals.diagnostics).to_equal { alwaysAuthorizationDenied = true }
    expect(banner(arrivals.diagnostics)).to_be "Arrival alerts need Always. Change it in Settings."

    -- The banner's advice works: Settings › Always clears it.
    phone.settings:set(app, "Always")
    expect(arrivals.diagnostics).to_equal {}
  end)
end)

describe("approximate location (DG10)", function()
  scenario("updates still come, approximate; monitors get no events", { ios = VERSIONS, tags = { "accuracy" } }, function()
    local phone = device {}
    -- Weather Lite: NSLocationDefaultAccuracyReduced (K3).
    local app, _, stream = stride_streaming(phone, "WeatherLite")
    local update = latest_update(app)
    expect(update.location.horizontalAccuracy).to_be(5000)
    expect(update.diagnostics).to_equal { accuracyLimited = true }
    expect(banner(stream.diagnostics)).to_be "Approximate location: the map updates every few minutes."

    local monitor = app:monitor "Places"
    monitor:add(places.HOME)
    expect(monitor.diagnostics).to_equal { accuracyLimited = true }
  end)
end)

describe("before iOS 18", function()
  scenario("iOS 17 objects have no diagnostics to read", { ios = "17.4" }, function()
    local phone = device {}
    local app, _, stream = stride_streaming(phone)
    expect(latest_update(app).diagnostics).to_be_nil()
    flows.expect_missing_before("iOS 18", function() return stream.diagnostics end)
  end)
end)
