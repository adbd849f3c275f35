-- Topic: location in App Clips (iOS 14+)
--
-- What iOS does: an App Clip may only ask for When-In-Use, and that grant resets automatically at 4:00
-- the next morning (seed 001 calls the choice “While Using Until Tomorrow”). Asking an App Clip for
-- Always is not possible: Apple rejects such a clip at upload.
--
-- Demonstrates: A1 A2 E3 · the `kind = "appClip"` install option · device { date = … } ·
--   clock:advance_to and clock.date.
-- Seeds: 001 ("there's no 'While Using App' permission. Instead, there's a 'While Using Until
--   Tomorrow' permission that automatically gets reset").
-- Sources: shared/reference/ios-location-behavior.md §2 iOS 14 (App Clips: "resets automatically the
--   next day at 4:00 a.m."; requestAlwaysAuthorization rejected with ITMS-90842).
-- The alert keeps the ordinary P7 buttons here: the exact “… Until Tomorrow” label is unconfirmed.

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
