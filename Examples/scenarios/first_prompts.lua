-- Topic: the first location prompt, from iOS 7 to iOS 14
--
-- What iOS does: before iOS 8 the first use of location asks “… Would Like to Use Your Current
-- Location”, and OK grants the only level there is (Always). From iOS 8 the app must call
-- requestWhenInUseAuthorization or requestAlwaysAuthorization, each with its own alert, until iOS 13
-- merges them into one alert with Allow Once that never offers Always (iOS 11 had added “Only While
-- Using the App” to the Always alert; iOS 14 adds a map and a Precise switch and puts Allow Once
-- first). An app keeps some behaviour of the SDK it was linked against: one built before iOS 11 asks
-- for Always with the old key and text, one built before iOS 8 is asked for Always on first use.
--
-- Demonstrates: R1 P1 (iOS 7) · R1b · R2 P2 P3 · R3 P4 · R5 P6 · K1b · R6 R9 P7 (13.x and 14+ orders)
--   · R16 · C2 C4 · the `sdk` install option.
-- Seeds: 004 §一–二 (iOS 7 has only Always; iOS 8 request methods and their alerts), 002 §二 (the
--   iOS 8 → 14 walkthrough), 003 §2 §4 (iOS 11's Always alert), 001 (iOS 13 recap, iOS 14 prompt).
-- Sources: shared/reference/ios-location-behavior.md §2, §5 (prompt texts), §11.1 rows 1–10.

local flows = require "helpers.flows"

local WHEN_IN_USE_TEXT = "Navigator uses your location to show where you are on the map and to plan routes."
local ALWAYS_TEXT_8_10 = "Navigator keeps guiding you in the background, even when the screen is off."
local ALWAYS_TEXT_11 = "Navigator uses your location in the background to warn you about traffic on your daily commute."

describe("iOS 7: no request API", function()
  local function old_maps(phone)
    -- An inline Info.plist: iOS 7 apps had only the optional NSLocationUsageDescription.
    local app = phone:install {
      name = "Old Maps",
      info = { NSLocationUsageDescription = "Old Maps shows where you are on the map." },
    }
    app:launch()
    local manager = app:location_manager()
    expect_callback("didChangeAuthorization", { status = "notDetermined" })
    return app, manager
  end

  scenario("the first startUpdatingLocation shows the alert; OK grants Always", { ios = "7.1" }, function()
    local phone = device {}
    local _, manager = old_maps(phone)

    -- R1: using location is what asks. The message is NSLocationUsageDescription (P1).
    manager:startUpdatingLocation()
    expect_prompt {
      kind = "authorization",
      title = "“Old Maps” Would Like to Use Your Current Location",
      message = "Old Maps shows where you are on the map.",
      buttons = { "Don’t Allow", "OK" },
    }
    phone.prompt:tap "OK"
    -- iOS 7's single grant is reported as authorizedAlways (once called `authorized`).
    expect_callback("didChangeAuthorization", { status = "authorizedAlways" })
  end)

  scenario("the request methods do not exist yet", { ios = "7.1" }, function()
    local phone = device {}
    local _, manager = old_maps(phone)
    -- Calling an API the device's iOS lacks is a scenario error; pcall turns it into a value to check.
    local ok, message = pcall(function() manager:requestWhenInUseAuthorization() end)
    expect(ok).to_be(false)
    expect(message).to_contain "requestWhenInUseAuthorization needs iOS 8.0"
  end)
end)

describe("iOS 8–10: one alert per request", function()
  -- A plain Lua loop builds the matrix: one scenario per version and request.
  for _, version in ipairs { "8.4", "9.3", "10.3" } do
    scenario("requestWhenInUseAuthorization shows P2 on iOS " .. version, { ios = version }, function()
      local phone = device {}
      local _, manager = flows.open(phone, "Navigator")
      manager:requestWhenInUseAuthorization()
      expect_prompt {
        title = "Allow “Navigator” to access your location while you use the app?",
        message = WHEN_IN_USE_TEXT,
        buttons = { "Don’t Allow", "Allow" },
      }
      phone.prompt:tap "Allow"
      expect_callback("didChangeAuthorization", { status = "authorizedWhenInUse" })
    end)

    scenario("requestAlwaysAuthorization shows P4 on iOS " .. version, { ios = version }, function()
      local phone = device {}
      local _, manager = flows.open(phone, "Navigator")
      manager:requestAlwaysAuthorization()
      -- Before iOS 11 the Always alert reads NSLocationAlwaysUsageDescription and offers no middle way.
      expect_prompt {
        title = "Allow “Navigator” to access your location even when you are not using the app?",
        message = ALWAYS_TEXT_8_10,
        buttons = { "Don’t Allow", "Allow" },
      }
      phone.prompt:tap "Allow"
      expect_callback("didChangeAuthorization", { status = "authorizedAlways" })
    end)
  end
end)

describe("iOS 11–12: the Always alert offers When-In-Use too", function()
  -- options.ios runs the scenario once per listed version, as "… [iOS 11.4]" and "… [iOS 12.5]".
  scenario("requestWhenInUseAuthorization shows P3", { ios = { "11.4", "12.5" } }, function()
    local phone = device {}
    local _, manager = flows.open(phone, "Navigator")
    manager:requestWhenInUseAuthorization()
    expect_prompt {
      title = "Allow “Navigator” to access your location while you are using the app?",
      message = WHEN_IN_USE_TEXT,
      buttons = { "Don’t Allow", "Allow" },
    }
  end)

  scenario("requestAlwaysAuthorization shows P6 with three choices", { ios = { "11.4", "12.5" } }, function()
    local phone = device {}
    local _, manager = flows.open(phone, "Navigator")
    manager:requestAlwaysAuthorization()
    -- Seed 003 §4: the iOS 11 Always alert reads NSLocationAlwaysAndWhenInUseUsageDescription
    -- and lets the user settle for When-In-Use.
    local alert = expect_prompt {
      kind = "authorization",
      message = ALWAYS_TEXT_11,
      buttons = { "Only While Using the App", "Always Allow", "Don’t Allow" },
    }
    -- The title is a model assumption (no source quotes it): check only its shape.
    expect(alert.title).to_match "^Allow “Navigator” to access your location"
    alert:tap "Only While Using the App"
    expect_callback("didChangeAuthorization", { status = "authorizedWhenInUse" })
  end)

  scenario("an app built with the iOS 10 SDK gets the same three choices", { ios = "11.4" }, function()
    local phone = device {}
    -- Seed 003 §2: apps released before iOS 11 that ask for Always get the When-In-Use choice added.
    -- K1b: such an app keeps the iOS 8–10 key rule, and the alert shows its old Always text.
    local _, manager = flows.open(phone, "Navigator", { sdk = "10.3" })
    manager:requestAlwaysAuthorization()
    expect_prompt {
      message = ALWAYS_TEXT_8_10,
      buttons = { "Only While Using the App", "Always Allow", "Don’t Allow" },
    }
  end)

  scenario("K1b: the old Always key alone is enough for an app built before iOS 11", { ios = { "12.5", "14.0" } }, function()
    local phone = device {}
    -- Pin Alerts declares only NSLocationAlwaysUsageDescription. Built with the iOS 10 SDK it still
    -- asks (P6 on 11–12, P7 from 13, with its Always text); built with iOS 11+ it could not (K2).
    local app, manager = flows.open(phone, "LegacyAlways", { sdk = "10.0" })
    manager:requestAlwaysAuthorization()
    expect_prompt {
      kind = "authorization",
      message = "Pin Alerts watches your saved places in the background to remind you when you arrive.",
    }
    -- S1: Settings lists Always for it too (settings_options.lua has the same app built with 11+).
    expect(phone.settings:options(app)).to_contain "Always"
  end)
end)

describe("apps built before iOS 8 (R1b)", function()
  scenario("the first use of location asks for Always, with NSLocationUsageDescription", { ios = { "9.3", "14.0" } }, function()
    local phone = device {}
    local app = phone:install {
      name = "Old Maps", sdk = "7.1",
      info = { NSLocationUsageDescription = "Old Maps shows where you are on the map." },
    }
    app:launch()
    local manager = app:location_manager()
    expect_callback(flows.authorization_callback(phone), { status = "notDetermined" })
    -- No request call and no When-In-Use key: the device's Always alert (P4 on 8–10, P7 from 13).
    manager:startUpdatingLocation()
    local alert = expect_prompt { kind = "authorization", message = "Old Maps shows where you are on the map." }
    alert:tap(flows.allow_button(phone))
    -- P4's Allow is Always; P7's Allow While Using App is provisional Always (as R9): both report Always.
    expect_callback(flows.authorization_callback(phone), { status = "authorizedAlways" })
  end)
end)

describe("iOS 13+: one first alert for both requests", function()
  for _, request in ipairs { "requestWhenInUseAuthorization", "requestAlwaysAuthorization" } do
    scenario(request .. " shows P7 with Allow Once", { ios = { "13.0", "13.4", "14.0" } }, function()
      local phone = device {}
      local _, manager = flows.open(phone, "Navigator")
      manager[request](manager)
      -- Even for an Always request the message is the When-In-Use text, and Always is not offered.
      -- P7: on 13.x Allow While Using App comes first; from 14 Allow Once does.
      local alert = expect_prompt {
        title = "Allow “Navigator” to use your location?",
        message = WHEN_IN_USE_TEXT,
        buttons = flows.at_least(phone, "14.0")
            and { "Allow Once", "Allow While Using App", "Don’t Allow" }
            or { "Allow While Using App", "Allow Once", "Don’t Allow" },
      }
      -- iOS 13 has no Precise switch and no map. (A field set to nil in expect_prompt's table is
      -- simply absent from it, so absence is checked with to_be_nil.)
      if not flows.at_least(phone, "14.0") then
        expect(alert.precise).to_be_nil()
        expect(alert.map).to_be_nil()
      end
    end)
  end

  scenario("iOS 14 adds a map and a Precise switch, on by default", { ios = { "14.0", "17.0" } }, function()
    local phone = device {}
    local _, manager = flows.open(phone, "Navigator")
    manager:requestWhenInUseAuthorization()
    local alert = expect_prompt { title = "Allow “Navigator” to use your location?" }
    expect(alert.precise).to_be(true)
    expect(alert.map).to_be "precise"
  end)

  -- Which status each button gives, per request (R6, R9). "Allow While Using App" after an Always
  -- request is provisional Always: see provisional_always.lua.
  local answers = {
    { "requestWhenInUseAuthorization", "Allow While Using App", "authorizedWhenInUse" },
    { "requestWhenInUseAuthorization", "Allow Once", "authorizedWhenInUse" },
    { "requestWhenInUseAuthorization", "Don’t Allow", "denied" },
    { "requestAlwaysAuthorization", "Allow While Using App", "authorizedAlways" },
    { "requestAlwaysAuthorization", "Allow Once", "authorizedWhenInUse" },
    { "requestAlwaysAuthorization", "Don’t Allow", "denied" },
  }
  for _, row in ipairs(answers) do
    local request, button, status = row[1], row[2], row[3]
    scenario(request .. ", “" .. button .. "” → " .. status, { ios = "14.0", tags = { "matrix" } }, function()
      local phone = device {}
      local _, manager = flows.open(phone, "Navigator")
      manager[request](manager)
      expect_prompt():tap(button)
      local callback = expect_callback("locationManagerDidChangeAuthorization", { status = status })
      expect(callback.manager).to_be(1)
      expect(manager.authorizationStatus).to_be(status)
    end)
  end
end)

describe("after Don’t Allow", function()
  scenario("no request prompts again", { ios = { "8.4", "11.4", "14.0" } }, function()
    local phone = device {}
    local _, manager = flows.open(phone, "Navigator")
    manager:requestWhenInUseAuthorization()
    -- Straight and curly apostrophes match: "Don't Allow" taps “Don’t Allow”.
    expect_prompt():tap "Don't Allow"
    expect_callback(flows.authorization_callback(phone), { status = "denied" })

    -- R16: from denied, every request is a silent no-op. Only Settings can change it now.
    manager:requestWhenInUseAuthorization()
    manager:requestAlwaysAuthorization()
    expect_no_prompt()
    expect_no_callback()
  end)
end)
