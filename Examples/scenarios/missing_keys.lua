-- Topic: requests without their Info.plist usage description
--
-- What iOS does: a request whose usage description is missing does nothing — no alert, no callback,
-- the status stays notDetermined — and one console line names the key; unlike the camera, Core
-- Location never crashes over it. From iOS 11 an Always request needs both
-- NSLocationAlwaysAndWhenInUseUsageDescription and NSLocationWhenInUseUsageDescription; the old
-- NSLocationAlwaysUsageDescription only counts on iOS 8–10.
--
-- Demonstrates: K1 K2 (console lines), P1 without a message (iOS 7 needs no key).
-- Seeds: 004 §一 (a request without its plist key "不起作用", has no effect), 003 §3–4 (iOS 11 needs
--   the When-In-Use key for both requests; the Always key was replaced), 002 §二 (keys per version).
-- Sources: shared/reference/ios-location-behavior.md §3.1, §3.2 (exact console texts).

local flows = require "helpers.flows"

local WHEN_IN_USE_LINE = "This app has attempted to access privacy%-sensitive data without a usage description%. "
  .. "The app's Info%.plist must contain an “NSLocationWhenInUseUsageDescription” key"
local ALWAYS_LINE_11 = "must contain both “NSLocationAlwaysAndWhenInUseUsageDescription” and "
  .. "“NSLocationWhenInUseUsageDescription” keys with string values"

-- Every request below must leave the app exactly as it was: no alert, no callback, notDetermined.
local function expect_nothing_happened(app, manager)
  expect_no_prompt()
  expect_no_callback()
  expect(manager.authorizationStatus).to_be "notDetermined"
  -- A missing key is never a crash: the app keeps running.
  expect(app.crash).to_be_nil()
  expect(app.state).to_be "foreground"
end

describe("an app with no usage description at all", function()
  local phone, app, manager

  -- before_each runs inside each case, so the device gets that case's iOS version.
  before_each(function()
    phone = device {}
    app, manager = flows.open(phone, "NoKeys")
  end)

  scenario("requestWhenInUseAuthorization logs and does nothing", { ios = { "8.4", "11.4", "14.0", "17.0" } }, function()
    manager:requestWhenInUseAuthorization()
    expect_nothing_happened(app, manager)
    -- expect_console takes a Lua pattern: "%." and "%-" match a literal dot and hyphen.
    expect_console(WHEN_IN_USE_LINE)
  end)

  scenario("requestAlwaysAuthorization names both iOS 11 keys", { ios = { "11.4", "14.0" } }, function()
    manager:requestAlwaysAuthorization()
    expect_nothing_happened(app, manager)
    expect_console(ALWAYS_LINE_11)
    -- One request, one line.
    expect(#app.console).to_be(1)
  end)

  scenario("the console stays empty until the app asks", { ios = "14.0" }, function()
    expect(app.console).to_equal {}
  end)
end)

describe("iOS 11 replaced the Always key", function()
  scenario("NSLocationAlwaysUsageDescription alone no longer allows an Always request", { ios = { "11.4", "13.4", "14.0" } }, function()
    local phone = device {}
    -- Pin Alerts declares only the iOS 8–10 key (seed 003 §4: it was deprecated in iOS 11).
    local app, manager = flows.open(phone, "LegacyAlways")
    manager:requestAlwaysAuthorization()
    expect_nothing_happened(app, manager)
    expect_console(ALWAYS_LINE_11)
  end)

  scenario("the same app still prompts on iOS 10", { ios = "10.3" }, function()
    local phone = device {}
    local _, manager = flows.open(phone, "LegacyAlways")
    manager:requestAlwaysAuthorization()
    expect_prompt { message = "Pin Alerts watches your saved places in the background to remind you when you arrive." }
  end)

  scenario("the When-In-Use key is needed even for Always", { ios = "11.4" }, function()
    local phone = device {}
    -- Seed 003 §3: without NSLocationWhenInUseUsageDescription neither request works on iOS 11.
    local app = phone:install {
      name = "Half Keys",
      info = { NSLocationAlwaysAndWhenInUseUsageDescription = "Half Keys tracks you in the background." },
    }
    app:launch()
    local manager = app:location_manager()
    expect_callback("didChangeAuthorization", { status = "notDetermined" })

    manager:requestAlwaysAuthorization()
    manager:requestWhenInUseAuthorization()
    expect_nothing_happened(app, manager)
    expect_console(ALWAYS_LINE_11)
    expect_console(WHEN_IN_USE_LINE)
  end)

  scenario("an app with only the When-In-Use key cannot ask for Always", { ios = "14.0" }, function()
    local phone = device {}
    local app, manager = flows.open(phone, "WiFiFinder")
    manager:requestAlwaysAuthorization()
    expect_nothing_happened(app, manager)
    expect_console(ALWAYS_LINE_11)

    -- The When-In-Use request of the same app is fine.
    manager:requestWhenInUseAuthorization()
    expect_prompt { kind = "authorization" }
  end)
end)

describe("iOS 8–10 keys", function()
  scenario("an Always request without NSLocationAlwaysUsageDescription logs that key", { ios = "9.3" }, function()
    local phone = device {}
    local app, manager = flows.open(phone, "WiFiFinder")
    manager:requestAlwaysAuthorization()
    expect_nothing_happened(app, manager)
    -- The 8–10 wording is a model assumption (K2): the When-In-Use sentence with the old Always key.
    expect_console "“NSLocationAlwaysUsageDescription” key"
  end)

  scenario("a When-In-Use request of an Always-only app logs the When-In-Use key", { ios = "9.3" }, function()
    local phone = device {}
    local app, manager = flows.open(phone, "LegacyAlways")
    manager:requestWhenInUseAuthorization()
    expect_nothing_happened(app, manager)
    expect_console(WHEN_IN_USE_LINE)
  end)
end)

describe("what counts as a usage description", function()
  scenario("an empty string is as good as missing", { ios = "14.0" }, function()
    local phone = device {}
    local app = phone:install { name = "Blank", info = { NSLocationWhenInUseUsageDescription = "" } }
    app:launch()
    local manager = app:location_manager()
    expect_callback("locationManagerDidChangeAuthorization", { status = "notDetermined" })
    manager:requestWhenInUseAuthorization()
    expect_nothing_happened(app, manager)
    expect_console(WHEN_IN_USE_LINE)
  end)

  scenario("iOS 7 needs no key: the alert just has no message", { ios = "7.1" }, function()
    local phone = device {}
    local app = phone:install { name = "Old Maps", info = {} }
    app:launch()
    local manager = app:location_manager()
    manager:startUpdatingLocation()
    local alert = expect_prompt { title = "“Old Maps” Would Like to Use Your Current Location" }
    expect(alert.message).to_be_nil()
    expect(app.console).to_equal {}
  end)
end)
