-- Topic: asking for Always after When-In-Use (the one-time upgrade), iOS 8 to iOS 14
--
-- What iOS does: an app with When-In-Use that has never asked for Always may ask once: iOS 8–10 show
-- “… also access …” (Cancel / Allow), iOS 11–12 the three-choice Always alert, iOS 13.0–13.3 nothing
-- at all (the grant silently becomes a provisional Always), and iOS 13.4+ an immediate “Keep Only
-- While Using” / “Change to Always Allow” alert. Whatever the answer, that was the one request: later
-- ones do nothing, and only Settings can still grant Always.
--
-- Demonstrates: R4 P5 · R5 P6 · R11 · R12 P8 · R14 R15 R18 · C3 (no callback when nothing changes) · S2.
-- Seeds: 001 (iOS 13.4 "show a prompt for authorizedAlways" right after When-In-Use), 002 §二.4
--   (iOS 13: request When-In-Use first, then Always), 003 §5 (the two iOS 11 flows), 004 §二
--   ("第一次 (注意是第一次)" — only the first Always request prompts).
-- Sources: shared/reference/ios-location-behavior.md §2 (iOS 13.0–13.3, 13.4), §6, §11.1 rows 4, 11–15.

local flows = require "helpers.flows"

local ALWAYS_TEXT_8_10 = "Navigator keeps guiding you in the background, even when the screen is off."
local ALWAYS_TEXT_11 = "Navigator uses your location in the background to warn you about traffic on your daily commute."

describe("iOS 8–10: P5, Cancel or Allow", function()
  scenario("Allow upgrades to Always", { ios = { "8.4", "10.3" } }, function()
    local phone = device {}
    local app, manager = flows.open(phone, "Navigator")
    flows.grant_when_in_use(phone, app, manager)

    manager:requestAlwaysAuthorization()
    expect_prompt {
      kind = "alwaysUpgrade",
      title = "Allow “Navigator” to also access your location even when you are not using the app?",
      message = ALWAYS_TEXT_8_10,
      buttons = { "Cancel", "Allow" },
    }
    phone.prompt:tap "Allow"
    expect_callback("didChangeAuthorization", { status = "authorizedAlways" })
  end)

  scenario("Cancel keeps When-In-Use, silently, for good", { ios = "9.3" }, function()
    local phone = device {}
    local app, manager = flows.open(phone, "Navigator")
    flows.grant_when_in_use(phone, app, manager)

    manager:requestAlwaysAuthorization()
    expect_prompt():tap "Cancel"
    -- C3: the status did not change, so the delegate hears nothing.
    expect_no_callback()
    expect(manager.authorizationStatus).to_be "authorizedWhenInUse"

    -- R14: the one Always request is used up.
    manager:requestAlwaysAuthorization()
    expect_no_prompt()
  end)
end)

describe("iOS 11–12: the three-choice alert, once", function()
  -- Seed 003 §5, left-hand flow: When-In-Use first, Always later.
  scenario("When-In-Use first, then Always Allow", { ios = { "11.4", "12.5" } }, function()
    local phone = device {}
    local app, manager = flows.open(phone, "Navigator")
    flows.grant_when_in_use(phone, app, manager)

    manager:requestAlwaysAuthorization()
    expect_prompt {
      message = ALWAYS_TEXT_11,
      buttons = { "Only While Using the App", "Always Allow", "Don’t Allow" },
    }
    phone.prompt:tap "Always Allow"
    expect_callback("didChangeAuthorization", { status = "authorizedAlways" })
  end)

  -- Seed 003 §5, right-hand flow: "如果第一次直接请求 Always 权限，即使用户选择的是 WhenInUse 权限，
  -- 之后也不可以再次请求 Always 权限" — Always first and the user picked When-In-Use: never again.
  scenario("Always first, the user settles for When-In-Use: Always can never be asked again", { ios = "11.4" }, function()
    local phone = device {}
    local _, manager = flows.open(phone, "Navigator")
    manager:requestAlwaysAuthorization()
    expect_prompt():tap "Only While Using the App"
    expect_callback("didChangeAuthorization", { status = "authorizedWhenInUse" })

    manager:requestAlwaysAuthorization()
    expect_no_prompt()
    expect_no_callback()
  end)
end)

describe("iOS 13.0–13.3: no prompt, provisional Always", function()
  scenario("requestAlwaysAuthorization after When-In-Use reports Always without asking", { ios = { "13.0", "13.3" } }, function()
    local phone = device {}
    local app, manager = flows.open(phone, "Navigator")
    flows.grant_when_in_use(phone, app, manager)

    manager:requestAlwaysAuthorization()
    -- WWDC20 10660: "would put you into the provisional always state just like it would had you
    -- asked for it from notDetermined". That the callback fires at once is a model assumption (R11).
    expect_no_prompt()
    expect_callback("didChangeAuthorization", { status = "authorizedAlways" })
    -- Provisional: Settings still shows While Using the App (S2) until the user confirms Always
    -- in the deferred prompt (provisional_always.lua).
    expect(phone.settings:get(app)).to_be "While Using the App"
  end)
end)

describe("iOS 13.4+: the immediate upgrade prompt (R12)", function()
  local UPGRADE_VERSIONS = { "13.4", "14.0", "17.0" }

  scenario("Change to Always Allow", { ios = UPGRADE_VERSIONS, tags = { "upgrade" } }, function()
    local phone = device {}
    local app, manager = flows.open(phone, "Navigator")
    flows.grant_when_in_use(phone, app, manager)

    manager:requestAlwaysAuthorization()
    expect_prompt {
      kind = "alwaysUpgrade",
      title = "Allow “Navigator” to also use your location even when you are not using the app?",
      message = ALWAYS_TEXT_11,
      buttons = { "Keep Only While Using", "Change to Always Allow" },
    }
    phone.prompt:tap "Change to Always Allow"
    expect_callback(flows.authorization_callback(phone), { status = "authorizedAlways" })
    expect(phone.settings:get(app)).to_be "Always"
  end)

  scenario("Keep Only While Using: no callback, and no second chance", { ios = UPGRADE_VERSIONS, tags = { "upgrade" } }, function()
    local phone = device {}
    local app, manager = flows.open(phone, "Navigator")
    flows.grant_when_in_use(phone, app, manager)

    manager:requestAlwaysAuthorization()
    expect_prompt():tap "Keep Only While Using"
    -- Apple: "the delegate doesn't receive any updates" when the status stays When-In-Use (C3).
    expect_no_callback()
    expect(manager.authorizationStatus).to_be "authorizedWhenInUse"

    manager:requestAlwaysAuthorization()
    expect_no_prompt()
    -- Only the user can still grant Always, in Settings (settings_override.lua).
    expect(phone.settings:options(app)).to_contain "Always"
  end)

  scenario("Allow Once blocks the upgrade", { ios = "14.0" }, function()
    local phone = device {}
    local _, manager = flows.open(phone, "Navigator")
    manager:requestWhenInUseAuthorization()
    expect_prompt():tap "Allow Once"
    expect_callback("locationManagerDidChangeAuthorization", { status = "authorizedWhenInUse" })

    -- R15: a temporary grant ignores requestAlwaysAuthorization.
    manager:requestAlwaysAuthorization()
    expect_no_prompt()
    expect_no_callback()
  end)

  scenario("the upgrade must be asked in the foreground", { ios = "14.0" }, function()
    local phone = device {}
    local app, manager = flows.open(phone, "Navigator")
    flows.grant_when_in_use(phone, app, manager)

    app:background()
    -- R18: a request from the background does nothing, even within the grace period.
    manager:requestAlwaysAuthorization()
    expect_no_prompt()

    -- The request was ignored, not spent: back in the foreground it prompts.
    app:foreground()
    manager:requestAlwaysAuthorization()
    expect_prompt { kind = "alwaysUpgrade" }
  end)
end)
