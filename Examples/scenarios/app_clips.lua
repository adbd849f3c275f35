-- Topic: location in App Clips (iOS 14+)
--
-- What iOS does: an App Clip may only ask for When-In-Use, and that grant resets automatically at 4:00
-- the next morning (seed 001 calls the choice “While Using Until Tomorrow”). Its first prompt (P14)
-- has no Allow Once: “Allow While Using Until Tomorrow” and “Don’t Allow”, with P7's map and Precise
-- switch. Asking an App Clip for Always is not possible: Apple rejects such a clip at upload.
--
-- Demonstrates: A1 A2 A3 E3 · P14 · the `kind = "appClip"` install option · device { date = … } ·
--   clock:advance_to and clock.date.
-- Seeds: 001 ("there's no 'While Using App' permission. Instead, there's a 'While Using Until
--   Tomorrow' permission that automatically gets reset").
-- Sources: shared/reference/ios-location-behavior.md §2 iOS 14 (App Clips: "resets automatically the
--   next day at 4:00 a.m."; requestAlwaysAuthorization rejected with ITMS-90842).
-- P14's button wording follows seed 001; Apple publishes no English label, so it is a model assumption.

local flows = require "helpers.flows"

-- The clip, installed with kind = "appClip", granted When-In-Use.
local function clip_with_grant(phone)
  local app, manager = flows.open(phone, "CoffeeClip", { kind = "appClip" })
  flows.grant_when_in_use(phone, app, manager)
  return app, manager
end

describe("an App Clip's When-In-Use grant", function()
  scenario("lasts until 04:00 the next morning", { ios = { "14.0", "17.0" } }, function()
    local phone = device { date = "2026-03-10T18:30:00" }
    local _, manager = clip_with_grant(phone)

    clock:advance_to "03:59"
    expect(clock.date).to_be "2026-03-11T03:59:00"
    expect(manager.authorizationStatus).to_be "authorizedWhenInUse"

    clock:advance "1m"
    expect(manager.authorizationStatus).to_be "notDetermined"
    expect_callback("locationManagerDidChangeAuthorization", { status = "notDetermined" })
  end)

  scenario("granted after midnight, it still lasts until the next day's 04:00", { ios = "14.0" }, function()
    local phone = device { date = "2026-03-10T01:00:00" }
    local _, manager = clip_with_grant(phone)
    -- Not three hours later: "the next day at 4:00 a.m.".
    clock:advance_to "04:00"
    expect(manager.authorizationStatus).to_be "authorizedWhenInUse"
    clock:advance_to "04:00"
    expect(clock.date).to_be "2026-03-11T04:00:00"
    expect(manager.authorizationStatus).to_be "notDetermined"
  end)

  scenario("a full app keeps its grant", { ios = "14.0" }, function()
    local phone = device { date = "2026-03-10T18:30:00" }
    local app, manager = flows.open(phone, "Navigator")
    flows.grant_when_in_use(phone, app, manager)
    clock:advance "3d"
    expect(manager.authorizationStatus).to_be "authorizedWhenInUse"
  end)
end)

describe("an App Clip's first prompt (A3)", function()
  scenario("P14: While Using Until Tomorrow, no Allow Once", { ios = { "14.0", "26.0" } }, function()
    local phone = device {}
    local _, manager = flows.open(phone, "CoffeeClip", { kind = "appClip" })
    manager:requestWhenInUseAuthorization()
    -- P14 is an authorization alert like P7, with the map and the Precise switch, but without Allow Once.
    local alert = expect_prompt {
      kind = "authorization",
      title = "Allow “Coffee Order” to use your location?",
      buttons = { "Allow While Using Until Tomorrow", "Don’t Allow" },
      precise = true,
      map = "precise",
    }
    -- The grant is When-In-Use until 04:00 tomorrow (A1: the scenarios above); the switch sets accuracy.
    alert:set_precise(false)
    alert:tap "Allow While Using Until Tomorrow"
    expect_callback("locationManagerDidChangeAuthorization", { status = "authorizedWhenInUse", accuracy = "reducedAccuracy" })
  end)
end)

describe("what an App Clip cannot do", function()
  scenario("ask for Always", { ios = "14.0" }, function()
    local phone = device {}
    local _, manager = flows.open(phone, "CoffeeClip", { kind = "appClip" })
    local ok, message = pcall(function() manager:requestAlwaysAuthorization() end)
    expect(ok).to_be(false)
    expect(message).to_contain "App Clips cannot request Always authorization"
  end)

  scenario("exist before iOS 14", { ios = "13.4" }, function()
    local phone = device {}
    local ok, message = pcall(function() phone:install { plist = flows.apps.CoffeeClip, kind = "appClip" } end)
    expect(ok).to_be(false)
    expect(message).to_match "App Clips.*14"
  end)
end)
