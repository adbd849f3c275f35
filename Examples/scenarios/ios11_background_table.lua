-- Topic: seed 003's iOS 11 table — background updates, the blue bar, and the crash
--
-- What iOS does: from iOS 9 an app keeps receiving locations in the background only with the
-- background capability (UIBackgroundModes contains `location`) AND allowsBackgroundLocationUpdates =
-- true; setting that property without the capability is a fatal error in the setter, whatever the
-- authorization. In the background a When-In-Use app always shows the blue bar, an Always app only
-- with showsBackgroundLocationIndicator = true (iOS 11 GM).
--
-- Demonstrates: B1 B2 B3 · K6 · U1 · C6 · L2.
-- Seeds: 003 "iOS11详细权限列表" (the table below, cell by cell) and its September update (the bar
--   for Always apps became opt-in); 000 §2.3.2 (setting the property without the background mode "is
--   a fatal error"); 002 §二.3 (iOS 11: the bar cannot be hidden for When-In-Use).
-- Sources: shared/reference/ios-location-behavior.md §7 (the crash text, the table reinterpreted),
--   §12 C5 (the table's "有蓝条" for Always describes the betas) and C20 (the crash ignores authorization).

local flows = require "helpers.flows"

local HERE = { 31.2304, 121.4737 }
local THERE = { 31.2310, 121.4745 }

-- Seed 003's table. "Capabilities 关/开" is the background mode: Tracker has none, Navigator has it.
-- Each cell: what the app gets — "crash", "nothing", "foreground only", "background", "background + bar".
local TABLE = {
  { request = "Always", background_updates = false, capability_off = "foreground only", capability_on = "foreground only" },
  -- Seed 003 says 有蓝条 (a bar) here; its own update and Apple say: only with showsBackgroundLocationIndicator.
  { request = "Always", background_updates = true, capability_off = "crash", capability_on = "background" },
  { request = "WhenInUse", background_updates = false, capability_off = "foreground only", capability_on = "foreground only" },
  { request = "WhenInUse", background_updates = true, capability_off = "crash", capability_on = "background + bar" },
  { request = "none", background_updates = false, capability_off = "nothing", capability_on = "nothing" },
  { request = "none", background_updates = true, capability_off = "crash", capability_on = "nothing" },
  { request = "denied", background_updates = false, capability_off = "nothing", capability_on = "nothing" },
  { request = "denied", background_updates = true, capability_off = "crash", capability_on = "nothing" },
}

-- Brings the app to the row's authorization: Always, When-In-Use, no request, or refused.
local function authorize(manager, request)
  if request == "Always" then
    manager:requestAlwaysAuthorization()
    expect_prompt():tap "Always Allow"
  elseif request == "WhenInUse" then
    manager:requestWhenInUseAuthorization()
    expect_prompt():tap "Allow"
  elseif request == "denied" then
    manager:requestWhenInUseAuthorization()
    expect_prompt():tap "Don’t Allow"
  end
end

local function locations_received(app)
  local count = 0
  for _, callback in ipairs(app.callbacks) do
    if callback.name == "didUpdateLocations" then count = count + 1 end
  end
  return count
end

describe("seed 003: iOS 11 background location", function()
  for _, row in ipairs(TABLE) do
    for _, capability in ipairs { "off", "on" } do
      local expected = row["capability_" .. capability]
      local name = string.format("%s, allowsBackgroundLocationUpdates %s, capability %s → %s",
        row.request, row.background_updates and "on" or "off", capability, expected)

      scenario(name, { ios = "11.4", tags = { "seed-003" } }, function()
        local phone = device {}
        local app, manager = flows.open(phone, capability == "on" and "Navigator" or "Tracker")
        authorize(manager, row.request)

        if row.background_updates then
          if expected == "crash" then
            -- B2: the setter itself asserts. The app dies; the scenario goes on.
            local crash = expect_crash(function()
              manager.allowsBackgroundLocationUpdates = true
            end, "CLClientIsBackgroundable")
            expect(crash.exception).to_be "NSInternalInconsistencyException"
            expect(crash.reason).to_be "Invalid parameter not satisfying: !stayUp || CLClientIsBackgroundable(internal->fClient)"
            expect(app.state).to_be "notRunning"
            expect(app.crash).to_equal(crash)
            return
          end
          manager.allowsBackgroundLocationUpdates = true
        end

        manager:startUpdatingLocation()
        phone:set_location(THERE[1], THERE[2])
        local in_foreground = locations_received(app)

        app:background()
        clock:advance "30s"   -- past the 10 s grace period (L2)
        phone:set_location(HERE[1], HERE[2])
        local in_background = locations_received(app) - in_foreground

        if expected == "nothing" then
          expect(in_foreground).to_be(0)
        else
          expect(in_foreground).to_be(1)
        end
        local continues = expected == "background" or expected == "background + bar"
        expect(in_background).to_be(continues and 1 or 0)
        expect(phone.background_location_indicator).to_be(expected == "background + bar")
      end)
    end
  end

  scenario("refused: starting updates reports denied to the delegate", { ios = "11.4" }, function()
    local phone = device {}
    local _, manager = flows.open(phone, "Navigator")
    authorize(manager, "denied")
    expect_callback("didChangeAuthorization", { status = "denied" })
    manager:startUpdatingLocation()
    -- C6: the table's "无任何定位" (no location at all) reaches the app as an error.
    expect_callback("didFailWithError", { error = "denied" })
  end)

  scenario("an Always app opts in to the bar with showsBackgroundLocationIndicator", { ios = { "11.4", "12.5" } }, function()
    local phone = device {}
    local app, manager = flows.open(phone, "Navigator")
    authorize(manager, "Always")
    expect(manager.authorizationStatus).to_be "authorizedAlways"

    manager.allowsBackgroundLocationUpdates = true
    manager.showsBackgroundLocationIndicator = true
    manager:startUpdatingLocation()
    app:background()
    clock:advance "30s"
    expect(app.state).to_be "background"
    expect(phone.background_location_indicator).to_be(true)
  end)
end)
