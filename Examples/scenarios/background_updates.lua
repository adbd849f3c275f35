-- Topic: background location updates and the blue bar, iOS 7 to iOS 14
--
-- What iOS does: on iOS 7 and 8 the background mode (UIBackgroundModes = location) is enough for an
-- app to keep receiving locations after it leaves the foreground; from iOS 9 it must also set
-- allowsBackgroundLocationUpdates = true (false by default for apps built with the iOS 9 SDK). A
-- When-In-Use app updating in the background shows the blue bar (a “pill” from iOS 13); an Always app
-- shows nothing before iOS 11, and from iOS 11 only if it opts in.
--
-- Demonstrates: B1 B3 · K6 · U1 · L1 L2 · R21 P11 · the linked SDK (`sdk` option of phone:install).
-- Seeds: 002 §二.1–2 (iOS 8: mode only, with the bar; iOS 9: "可以认为在iOS8.*下
--   allowsBackgroundLocationUpdates永远为YES"), 004 §四.2–3 and §五.3 (the same history, the bar, the iOS 13 pill).
-- Sources: shared/reference/ios-location-behavior.md §2 (iOS 8, iOS 9–10), §7 (indicator table),
--   §12 C15 (an app linked against iOS 8 behaves on iOS 9 as if the property were true).
-- The iOS 11 cases, including the crash without the mode, are in ios11_background_table.lua.

local flows = require "helpers.flows"

-- Grants When-In-Use, starts updating, leaves the foreground for good, then moves the phone:
-- returns whether that background move reached the app.
local function background_delivery(phone, app, manager)
  manager:startUpdatingLocation()
  app:background()
  clock:advance "1m"
  local before = #app.callbacks
  phone:set_location(31.2310, 121.4745)
  local after = app.callbacks
  return #after > before and after[#after].name == "didUpdateLocations"
end

describe("When-In-Use in the background", function()
  scenario("iOS 8: the background mode is enough, and the bar shows", { ios = "8.4" }, function()
    local phone = device {}
    local app, manager = flows.open(phone, "Navigator")
    flows.grant_when_in_use(phone, app, manager)
    expect(background_delivery(phone, app, manager)).to_be(true)
    expect(phone.background_location_indicator).to_be(true)
  end)

  scenario("iOS 8 has no allowsBackgroundLocationUpdates to set", { ios = "8.4" }, function()
    local phone = device {}
    local _, manager = flows.open(phone, "Navigator")
    local ok, message = pcall(function() manager.allowsBackgroundLocationUpdates = true end)
    expect(ok).to_be(false)
    expect(message).to_contain "needs iOS 9.0"
  end)

  -- From iOS 9, the same app stops in the background until it sets the property.
  for _, version in ipairs { "9.3", "10.3", "13.0", "14.0" } do
    scenario("iOS " .. version .. ": without allowsBackgroundLocationUpdates the updates stop", { ios = version }, function()
      local phone = device {}
      local app, manager = flows.open(phone, "Navigator")
      flows.grant_when_in_use(phone, app, manager)
      expect(manager.allowsBackgroundLocationUpdates).to_be(false)
      expect(background_delivery(phone, app, manager)).to_be(false)
      expect(app.state).to_be "suspended"
      expect(phone.background_location_indicator).to_be(false)
    end)

    scenario("iOS " .. version .. ": with it they continue, under the blue bar", { ios = version }, function()
      local phone = device {}
      local app, manager = flows.open(phone, "Navigator")
      flows.grant_when_in_use(phone, app, manager)
      manager.allowsBackgroundLocationUpdates = true
      expect(background_delivery(phone, app, manager)).to_be(true)
      -- The session keeps the app running and in use (L1).
      expect(app.state).to_be "background"
      expect(phone.background_location_indicator).to_be(true)
    end)
  end

  scenario("an app built with the iOS 8 SDK keeps the iOS 8 behaviour on iOS 9", { ios = "9.3" }, function()
    local phone = device {}
    local app, manager = flows.open(phone, "Navigator", { sdk = "8.4" })
    flows.grant_when_in_use(phone, app, manager)
    -- "NO for applications linked against iOS 9.0 or later": older apps act as if it were YES.
    expect(background_delivery(phone, app, manager)).to_be(true)
  end)

  scenario("without the background mode nothing continues", { ios = "8.4" }, function()
    local phone = device {}
    -- Tracker declares no UIBackgroundModes (K6).
    local app, manager = flows.open(phone, "Tracker")
    flows.grant_when_in_use(phone, app, manager)
    expect(background_delivery(phone, app, manager)).to_be(false)
  end)
end)

describe("Always in the background", function()
  scenario("iOS 7: the only grant is Always; the background mode is enough", { ios = "7.1" }, function()
    local phone = device {}
    local app = phone:install { name = "Old Maps", info = { UIBackgroundModes = { "location" } } }
    app:launch()
    local manager = app:location_manager()
    manager:startUpdatingLocation()
    expect_prompt():tap "OK"
    expect(background_delivery(phone, app, manager)).to_be(true)
    -- Before iOS 11 an Always app never shows the bar (B3).
    expect(phone.background_location_indicator).to_be(false)
  end)

  scenario("iOS 9–10: locations continue, with no bar", { ios = { "9.3", "10.3" } }, function()
    local phone = device {}
    local app, manager = flows.open(phone, "Navigator")
    manager:requestAlwaysAuthorization()
    expect_prompt():tap "Allow"
    manager.allowsBackgroundLocationUpdates = true
    expect(background_delivery(phone, app, manager)).to_be(true)
    expect(phone.background_location_indicator).to_be(false)
  end)

  -- R21, P11: after background locations on three separate days, the next unlock asks whether to
  -- keep Always. No case took “Change to Only While Using” until `permsim run --coverage` said so.
  scenario("the reminder after three days: Change to Only While Using takes Always back", { ios = { "14.0", "18.0", "26.0" } }, function()
    local phone = device {}
    local app, manager = flows.always(phone, "Navigator")
    flows.background_on_three_days(phone, app, manager)
    expect_prompt { buttons = { "Change to Only While Using", "Always Allow" } }
    expect(phone.prompt.id).to_be "P11"
    phone.prompt:tap "Change to Only While Using"
    expect(manager.authorizationStatus).to_be "authorizedWhenInUse"
    expect(phone.settings:get(app)).to_be "While Using the App"
  end)
end)
