-- Topic: Allow Once and when it expires (iOS 13+)
--
-- What iOS does: “Allow Once” grants a temporary When-In-Use that the app cannot tell from a lasting
-- one. It ends when the app stops being in use — when it is terminated, or some seconds after it
-- leaves the foreground (permsim uses seed 000's ~10 s) unless a background location session keeps it
-- in use. The status is then notDetermined, so the app may ask again; meanwhile Settings shows “Ask
-- Next Time”.
--
-- Demonstrates: R6 R9 (Allow Once) · E1 · L1 L2 (the grace period) · B1 B3 · C2 C5 · S1 S2 (Ask Next Time).
-- Seeds: 001 ("this permission gets automatically revoked when the app is closed"), 004 §五.1 (Allow
--   Once: "App 重启后，定位权限会重新变成 NotDetermined"), 002 §二.4 (after Allow Once the app may ask
--   again next time), 000 §2.3 (the ~10 s measured for temporary grants in the background).
-- Sources: shared/reference/ios-location-behavior.md §1.2 item 8 (in use), §2 iOS 13, §12 C6
--   (Apple: "no longer in use" covers the seeds' "when the app is closed"), §11.2 E1.

local flows = require "helpers.flows"

-- The label of the Settings option that stands for notDetermined and for Allow Once (S1).
local function ask_next_time(phone)
  return flows.at_least(phone, "15.0") and "Ask Next Time Or When I Share" or "Ask Next Time"
end

-- Opens Navigator and answers its first prompt with Allow Once.
local function allow_once(phone)
  local app, manager = flows.open(phone, "Navigator")
  manager:requestWhenInUseAuthorization()
  expect_prompt():tap "Allow Once"
  expect_callback(flows.authorization_callback(phone), { status = "authorizedWhenInUse" })
  return app, manager
end

describe("Allow Once", function()
  scenario("looks like When-In-Use to the app; Settings says Ask Next Time", { ios = { "13.0", "14.0", "15.0" } }, function()
    local phone = device {}
    local app, manager = allow_once(phone)
    expect(manager.authorizationStatus).to_be "authorizedWhenInUse"
    expect(phone.settings:get(app)).to_be(ask_next_time(phone))
  end)

  -- R9: an app that asks for Always first gets the same P7, Allow Once included, on every version
  -- since 14 (coverage found no case taking it on 18 and 26).
  scenario("an app that asks for Always first can get Allow Once too", { ios = { "14.0", "18.0", "26.0" } }, function()
    local phone = device {}
    local app, manager = flows.open(phone, "Navigator")
    manager:requestAlwaysAuthorization()
    expect_prompt { buttons = flows.first_prompt_buttons(phone) }
    phone.prompt:tap "Allow Once"
    expect_callback(flows.authorization_callback(phone), { status = "authorizedWhenInUse" })
    expect(phone.settings:get(app)).to_be(ask_next_time(phone))
  end)

  scenario("ends when the app is terminated; the next launch asks again", { ios = { "13.0", "14.0" } }, function()
    local phone = device {}
    local app = allow_once(phone)
    app:terminate()

    -- A relaunched app learns its status from a new manager (C2): notDetermined.
    app:launch()
    local manager = app:location_manager()
    expect_callback(flows.authorization_callback(phone), { status = "notDetermined" })
    manager:requestWhenInUseAuthorization()
    expect_prompt { buttons = flows.first_prompt_buttons(phone) }  -- P7: its order differs on 13.x and 14+
  end)
end)

describe("in the background", function()
  scenario("survives a short trip to the background", { ios = "14.0" }, function()
    local phone = device {}
    local app, manager = allow_once(phone)
    app:background()
    clock:advance "9s"   -- within the grace period (L2)
    app:foreground()
    expect(manager.authorizationStatus).to_be "authorizedWhenInUse"
    expect_no_callback()
  end)

  scenario("ends once the app is no longer in use; the app hears it when it runs again", { ios = { "13.0", "14.0" } }, function()
    local phone = device {}
    local app, manager = allow_once(phone)
    app:background()
    clock:advance "11s"
    -- Past the grace period with no background session: suspended, and the grant is gone (E1).
    expect(app.state).to_be "suspended"
    expect(manager.authorizationStatus).to_be "notDetermined"
    -- A suspended app receives nothing; its callbacks are held until it runs (C5).
    expect_no_callback()

    app:foreground()
    local callback = expect_callback(flows.authorization_callback(phone), { status = "notDetermined" })
    expect(callback.at).to_be(clock.now)
    expect(phone.settings:get(app)).to_be "Ask Next Time"
  end)

  scenario("a background location session keeps the app in use, and the grant with it", { ios = "14.0", tags = { "background" } }, function()
    local phone = device {}
    local app, manager = allow_once(phone)
    -- Navigator has UIBackgroundModes = location, so it may keep updating in the background (B1).
    manager.allowsBackgroundLocationUpdates = true
    manager:startUpdatingLocation()
    app:background()
    clock:advance "10m"

    expect(app.state).to_be "background"
    expect(manager.authorizationStatus).to_be "authorizedWhenInUse"
    -- A When-In-Use grant, even a temporary one, shows the blue pill in the background (B3).
    expect(phone.background_location_indicator).to_be(true)

    -- Stopping the session ends "in use" (L1). The app left the foreground minutes ago, so there
    -- is no grace period left: it is suspended and the grant ends at once.
    manager:stopUpdatingLocation()
    expect(app.state).to_be "suspended"
    expect(manager.authorizationStatus).to_be "notDetermined"
  end)
end)
