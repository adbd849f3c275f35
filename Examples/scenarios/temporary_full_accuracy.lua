-- Topic: temporary full accuracy — purpose keys, the alert text, and expiry (iOS 14+)
--
-- What iOS does: an app with approximate location may ask for precise location “once” with
-- requestTemporaryFullAccuracyAuthorization(purposeKey); the key must be in the Info.plist's
-- NSLocationTemporaryUsageDescriptionDictionary, and the alert shows its text, translated through
-- InfoPlist.strings when possible. The completion gets nil when the user answered, promptDeclined when
-- no alert could be shown. The grant lasts while the app is in use — about 10 s into the background,
-- seed 000 measured — or while a background location session that shows the indicator runs (L1: an
-- Always app whose session hides the indicator keeps its locations but not the grant).
--
-- Demonstrates: T1–T5 · P9 · K4 K5 · C3 C5 C7 · E2 · L1 L2 · B1 B3.
-- Seeds: 000 §2 (the purpose key WantsToGetWiFiSSID, §2.2 localization and fallback, §2.3.1 the ~10 s
--   expiry, §2.3.2 background sessions keep it, §2.4 only for authorized apps), 001 (the iOS 14
--   requestTemporaryFullAccuracyAuthorization prompt), 002 §二.5 (it cannot request authorization itself).
-- Sources: shared/reference/ios-location-behavior.md §3.4, §11.1 rows 22–27, §12 C4 (nil when the
--   user declined) and C10 (the ~10 s is the in-use grace period).

local flows = require "helpers.flows"

local PURPOSE_TEXT = "Your precise location will be used to get the current Wi-Fi SSID."

-- WiFi Finder with When-In-Use and the Precise switch off: the starting point of seed 000.
local function approximate(phone, options)
  local app, manager = flows.open(phone, "WiFiFinder", options)
  flows.grant_when_in_use(phone, app, manager, false)
  expect(manager.accuracyAuthorization).to_be "reducedAccuracy"
  return app, manager
end

-- Seed 000's Objective-C, in Lua: ask only when the accuracy is not full already.
local function request_if_needed(manager, purpose_key)
  if manager.accuracyAuthorization ~= "fullAccuracy" then
    return manager:requestTemporaryFullAccuracyAuthorization(purpose_key)
  end
  return nil
end

describe("asking (T1)", function()
  scenario("Allow Once: full accuracy, a callback, completion without error", { ios = { "14.0", "17.0" }, tags = { "accuracy" } }, function()
    local phone = device {}
    local _, manager = approximate(phone)

    local request = request_if_needed(manager, "WantsToGetWiFiSSID")
    -- The completion waits for the user (C7).
    expect(request.done).to_be(false)
    local alert = expect_prompt {
      kind = "temporaryFullAccuracy",
      message = PURPOSE_TEXT,
      buttons = { "Allow Once", "Don’t Allow" },
    }
    -- P9's title as simulator runtimes carry it (BEHAVIOR.md §4; ios15-26-research.md §7; SYSTEM_STRINGS.md;
    -- SystemStrings/en.json).
    expect(alert.title).to_be "Allow “WiFi Finder” to use your precise location once?"
    alert:tap "Allow Once"

    expect(request.done).to_be(true)
    expect(request.error).to_be_nil()
    expect(request.purposeKey).to_be "WantsToGetWiFiSSID"
    -- Only the accuracy changed: still a callback on iOS 14 (C3).
    expect_callback("locationManagerDidChangeAuthorization",
      { status = "authorizedWhenInUse", accuracy = "fullAccuracy" })
    -- The seed's code would not ask again.
    expect(request_if_needed(manager, "WantsToGetWiFiSSID")).to_be_nil()
  end)

  scenario("Don’t Allow: still no error, the app must read the accuracy", { ios = "14.0", tags = { "accuracy" } }, function()
    local phone = device {}
    local _, manager = approximate(phone)
    local request = manager:requestTemporaryFullAccuracyAuthorization "WantsToGetWiFiSSID"
    expect_prompt():tap "Don’t Allow"
    -- The header: "If the user responded to the prompt, your completion block will be called with a nil error" (C4).
    expect(request.done).to_be(true)
    expect(request.error).to_be_nil()
    expect(manager.accuracyAuthorization).to_be "reducedAccuracy"
    expect_no_callback()
  end)
end)

describe("when iOS declines to ask (T2–T5)", function()
  scenario("already full accuracy (T2)", { ios = "14.0" }, function()
    local phone = device {}
    local app, manager = flows.open(phone, "WiFiFinder")
    flows.grant_when_in_use(phone, app, manager)
    local request = manager:requestTemporaryFullAccuracyAuthorization "WantsToGetWiFiSSID"
    expect_no_prompt()
    -- No alert, so the completion runs at once with promptDeclined (C7).
    expect(request.done).to_be(true)
    expect(request.error).to_be "promptDeclined"
  end)

  scenario("in the background (T3)", { ios = "14.0" }, function()
    local phone = device {}
    local app, manager = approximate(phone)
    app:background()
    local request = manager:requestTemporaryFullAccuracyAuthorization "WantsToGetWiFiSSID"
    expect_no_prompt()
    expect(request.error).to_be "promptDeclined"
  end)

  scenario("a purpose key the Info.plist does not list (T4)", { ios = "14.0" }, function()
    local phone = device {}
    local _, manager = approximate(phone)
    -- WantsToNavigate belongs to Navigator, not to WiFi Finder.
    local request = manager:requestTemporaryFullAccuracyAuthorization "WantsToNavigate"
    expect_no_prompt()
    expect(request.error).to_be "promptDeclined"
  end)

  -- Seed 000 §2.4: it works only once the user authorized location — not under these statuses.
  for _, setup in ipairs { "notDetermined", "denied", "restricted" } do
    scenario("not authorized: " .. setup .. " (T5)", { ios = "14.0" }, function()
      local phone = device {}
      local app, manager = flows.open(phone, "WiFiFinder")
      if setup == "denied" then
        manager:requestWhenInUseAuthorization()
        expect_prompt():tap "Don’t Allow"
      elseif setup == "restricted" then
        phone.settings:set_restricted(app, true)
      end
      local request = manager:requestTemporaryFullAccuracyAuthorization "WantsToGetWiFiSSID"
      expect_no_prompt()
      -- Seed 002: this API cannot be used to ask for authorization itself. The error code for this
      -- case is not documented; promptDeclined is a model assumption.
      expect(request.error).to_be "promptDeclined"
      expect(manager.authorizationStatus).to_be(setup)
    end)
  end
end)

describe("how long it lasts (seed 000 §2.3)", function()
  local function granted(phone)
    local app, manager = approximate(phone)
    manager:requestTemporaryFullAccuracyAuthorization "WantsToGetWiFiSSID"
    expect_prompt():tap "Allow Once"
    expect_callback("locationManagerDidChangeAuthorization", { accuracy = "fullAccuracy" })
    return app, manager
  end

  scenario("foreground → background under 10 s → foreground: kept", { ios = "14.0" }, function()
    local phone = device {}
    local app, manager = granted(phone)
    app:background()
    clock:advance "9s"
    app:foreground()
    expect(manager.accuracyAuthorization).to_be "fullAccuracy"
    expect_no_callback()
  end)

  scenario("foreground → background over 10 s → foreground: expired", { ios = "14.0" }, function()
    local phone = device {}
    local app, manager = granted(phone)
    app:background()
    clock:advance "11s"
    expect(manager.accuracyAuthorization).to_be "reducedAccuracy"
    -- The app was suspended when it expired; it hears about it when it runs again (C5).
    expect_no_callback()
    app:foreground()
    expect_callback("locationManagerDidChangeAuthorization",
      { status = "authorizedWhenInUse", accuracy = "reducedAccuracy" })
  end)

  scenario("terminating the app ends it too", { ios = "14.0" }, function()
    local phone = device {}
    local app = granted(phone)
    app:terminate()
    app:launch()
    app:location_manager()
    expect_callback("locationManagerDidChangeAuthorization", { accuracy = "reducedAccuracy" })
  end)

  scenario("a continuous background session keeps it", { ios = "14.0", tags = { "background" } }, function()
    local phone = device {}
    -- Navigator has the background mode; seed 000 §2.3.2 needs allowsBackgroundLocationUpdates = YES.
    local app, manager = flows.open(phone, "Navigator")
    flows.grant_when_in_use(phone, app, manager, false)
    manager:requestTemporaryFullAccuracyAuthorization "WantsToNavigate"
    expect_prompt { message = "Your precise location will be used to calculate a route and allow you to use turn-by-turn directions." }
      :tap "Allow Once"
    manager.allowsBackgroundLocationUpdates = true
    -- A navigation app turns automatic pauses off (seed 004 §四.1): a paused session would end
    -- "in use" after 15 quiet minutes, and the precise grant with it (pause_resume.lua).
    manager.pausesLocationUpdatesAutomatically = false
    manager:startUpdatingLocation()

    app:background()
    clock:advance "20m"
    phone:set_location(31.2404, 121.4837)
    expect(manager.accuracyAuthorization).to_be "fullAccuracy"
    -- Exact coordinates keep arriving under the blue pill.
    expect(manager.location.horizontalAccuracy).to_be(5)
    expect(phone.background_location_indicator).to_be(true)

    -- Once the session stops the app is no longer in use, and the precise grant ends (E2).
    manager:stopUpdatingLocation()
    expect(manager.accuracyAuthorization).to_be "reducedAccuracy"
  end)

  -- L1: "in use" in the background needs a session that shows the indicator. An Always app shows it
  -- only with showsBackgroundLocationIndicator (B3), so without it the session keeps running and
  -- delivering, but the app is not in use and the precise grant ends after the grace (E2).
  for _, shows in ipairs { false, true } do
    local outcome = shows and "keeps it" or "loses it after the grace"
    scenario("an Always app whose session " .. (shows and "shows" or "hides") .. " the indicator " .. outcome,
      { ios = "14.0", tags = { "background" } }, function()
      local phone = device {}
      local app, manager = flows.open(phone, "Navigator")
      phone.settings:set(app, "Always")
      phone.settings:set_precise(app, false)
      expect_callback("locationManagerDidChangeAuthorization", { status = "authorizedAlways", accuracy = "fullAccuracy" })
      expect_callback("locationManagerDidChangeAuthorization", { accuracy = "reducedAccuracy" })
      manager:requestTemporaryFullAccuracyAuthorization "WantsToNavigate"
      expect_prompt():tap "Allow Once"
      manager.allowsBackgroundLocationUpdates = true
      manager.showsBackgroundLocationIndicator = shows
      manager.pausesLocationUpdatesAutomatically = false
      manager:startUpdatingLocation()

      app:background()
      clock:advance "11s"
      expect(app.state).to_be "background"                       -- B1: the session keeps running
      expect(phone.background_location_indicator).to_be(shows)   -- B3
      expect(manager.accuracyAuthorization).to_be(shows and "fullAccuracy" or "reducedAccuracy")  -- L1, E2
      phone:set_location(31.2404, 121.4837)
      expect(manager.location).never.to_be_nil()                 -- locations still arrive
    end)
  end
end)

describe("the alert text (seed 000 §2.2)", function()
  scenario("comes from the device language's InfoPlist.strings", { ios = "14.0", tags = { "l10n" } }, function()
    local phone = device { locale = "zh-Hans" }
    local _, manager = approximate(phone)
    manager:requestTemporaryFullAccuracyAuthorization "WantsToGetWiFiSSID"
    expect_prompt { message = "你的精确位置将用于获取当前 Wi-Fi 的名称（SSID）。" }
  end)

  scenario("falls back to the Info.plist text when there is no translation", { ios = "14.0", tags = { "l10n" } }, function()
    local phone = device { locale = "zh-Hans" }
    -- An inline app: its zh-Hans strings (the `strings` option) translate the name, not the purpose key.
    local app = phone:install {
      info = {
        CFBundleDisplayName = "Hotspot",
        NSLocationWhenInUseUsageDescription = "Hotspot finds free Wi-Fi near you.",
        NSLocationTemporaryUsageDescriptionDictionary = {
          WantsToJoinHotspot = "Your precise location will be used to join the hotspot you are standing next to.",
        },
      },
      strings = { ["zh-Hans"] = { CFBundleDisplayName = "热点" } },
    }
    app:launch()
    local manager = app:location_manager()
    expect_callback("locationManagerDidChangeAuthorization", { status = "notDetermined" })
    flows.grant_when_in_use(phone, app, manager, false)
    manager:requestTemporaryFullAccuracyAuthorization "WantsToJoinHotspot"
    local alert = expect_prompt {
      message = "Your precise location will be used to join the hotspot you are standing next to.",
    }
    expect(alert.title).to_contain "“热点”"
  end)
end)
