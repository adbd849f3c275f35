-- Topic: provisional Always and the deferred upgrade prompt (iOS 13+)
--
-- What iOS does: from iOS 13, picking “Allow While Using App” after requestAlwaysAuthorization tells
-- the app authorizedAlways, but only provisionally (Settings shows While Using the App). The first time
-- Core Location holds something only an Always app may get while not in use — a significant location
-- change, a region crossing — it asks the user “Keep Only While Using” or “Change to Always Allow”;
-- seed 004 saw that prompt after backgrounding the app, locking and unlocking.
--
-- Demonstrates: R9 · R19 P8 (deferred) · E12 · C3 C5 (callbacks held while suspended) · L2 L3 · S2.
-- Seeds: 004 §五.1 (requestAlways → Allow While In Use → a later prompt on unlock), 001 (the iOS 13
--   recap: "provisionally Always allow"), 002 §二.4 (the callback says kCLAuthorizationStatusAuthorizedAlways).
-- Sources: shared/reference/ios-location-behavior.md §2 (iOS 13.0–13.3), §6, §11.1 rows 9, 19–20.

local flows = require "helpers.flows"

-- Roughly 1.4 km north-east of the default location (People's Square, Shanghai): far enough to be a
-- significant location change (the model's threshold is 500 m, an assumption).
local ELSEWHERE = { 31.2404, 121.4837 }

-- Asks for Always first and picks "Allow While Using App": provisional Always (R9).
local function provisional(phone)
  local app, manager = flows.open(phone, "Navigator")
  manager:requestAlwaysAuthorization()
  expect_prompt { buttons = flows.first_prompt_buttons(phone) }  -- P7 (13.x or 14+ order)
  phone.prompt:tap "Allow While Using App"
  expect_callback(flows.authorization_callback(phone), { status = "authorizedAlways" })
  return app, manager
end

-- Locks the phone (the app goes to the background, L3) and waits until the app is suspended (L2).
local function put_away(phone, app)
  phone:lock()
  clock:advance "1m"
  expect(app.state).to_be "suspended"
end

describe("provisional Always", function()
  scenario("the app hears authorizedAlways, Settings says While Using", { ios = { "13.0", "14.0" } }, function()
    local phone = device {}
    local app, manager = provisional(phone)
    expect(manager.authorizationStatus).to_be "authorizedAlways"
    expect(phone.settings:get(app)).to_be "While Using the App"
  end)

  scenario("in use, it works like Always without asking", { ios = "14.0" }, function()
    local phone = device {}
    local _, manager = provisional(phone)
    manager:startMonitoringSignificantLocationChanges()
    phone:set_location(ELSEWHERE[1], ELSEWHERE[2])
    -- The app is in the foreground: the change is an ordinary location, no prompt needed.
    expect_no_prompt()
    expect_callback("didUpdateLocations")
  end)
end)

describe("the deferred prompt (R19)", function()
  -- Coverage: on 18.0 and 26.0 no case took R19's alert until these rows were added.
  scenario("appears at the next unlock; Change to Always Allow delivers the held event", { ios = { "13.0", "14.0", "18.0", "26.0" } }, function()
    local phone = device {}
    local app, manager = provisional(phone)
    manager:startMonitoringSignificantLocationChanges()
    put_away(phone, app)

    -- An Always-only event while the app is not in use: held for the user's answer.
    phone:set_location(ELSEWHERE[1], ELSEWHERE[2])
    expect_no_prompt()        -- the screen is locked
    expect_no_callback()      -- the event is held

    phone:unlock()
    expect_prompt {
      kind = "alwaysUpgrade",
      title = "Allow “Navigator” to also use your location even when you are not using the app?",
      message = "Navigator uses your location in the background to warn you about traffic on your daily commute.",
      buttons = { "Keep Only While Using", "Change to Always Allow" },
    }
    phone.prompt:tap "Change to Always Allow"

    -- The status the app sees was authorizedAlways already: no authorization callback (C3).
    -- The held significant change wakes the app in the background and arrives as a location.
    local update = expect_callback "didUpdateLocations"
    expect(update.locations[1].latitude).to_be(ELSEWHERE[1])
    expect_no_callback()
    expect(app.state).to_be "background"
    expect(phone.settings:get(app)).to_be "Always"
  end)

  scenario("Keep Only While Using: When-In-Use, told when the app next runs", { ios = { "14.0", "18.0", "26.0" } }, function()
    local phone = device {}
    local app, manager = provisional(phone)
    manager:startMonitoringSignificantLocationChanges()
    put_away(phone, app)
    phone:set_location(ELSEWHERE[1], ELSEWHERE[2])
    phone:unlock()
    expect_prompt():tap "Keep Only While Using"

    -- The app is suspended: its callback waits until it runs again (C5), and the event is dropped.
    expect_no_callback()
    app:foreground()
    expect_callback("locationManagerDidChangeAuthorization", { status = "authorizedWhenInUse" })
    expect_no_callback()
    expect(phone.settings:get(app)).to_be "While Using the App"
  end)

  scenario("a region crossing triggers it too", { ios = "14.0", tags = { "regions" } }, function()
    local phone = device {}
    local app, manager = provisional(phone)
    -- A 300 m circle around where the phone is now; walking away is an exit event.
    manager:startMonitoring { identifier = "home", latitude = 31.2304, longitude = 121.4737, radius = 300 }

    -- on_prompt answers every later alert by itself, for scenarios that only care about the result.
    phone:on_prompt(function(alert)
      expect(alert.kind).to_be "alwaysUpgrade"
      alert:tap "Change to Always Allow"
    end)
    app:background()
    clock:advance "30s"
    phone:set_location(ELSEWHERE[1], ELSEWHERE[2])

    expect_no_prompt()
    expect(phone.settings:get(app)).to_be "Always"
    local exit = expect_callback "didExitRegion"
    expect(exit.region.identifier).to_be "home"
  end)

  scenario("no prompt before iOS 13: Always was never provisional", { ios = "12.5" }, function()
    local phone = device {}
    local app, manager = flows.open(phone, "Navigator")
    manager:requestAlwaysAuthorization()
    expect_prompt():tap "Always Allow"
    expect_callback("didChangeAuthorization", { status = "authorizedAlways" })
    manager:startMonitoringSignificantLocationChanges()
    put_away(phone, app)
    phone:set_location(ELSEWHERE[1], ELSEWHERE[2])
    phone:unlock()
    -- A real Always grant: the event is delivered, the app is woken, nobody is asked.
    expect_no_prompt()
    expect_callback "didUpdateLocations"
  end)
end)
