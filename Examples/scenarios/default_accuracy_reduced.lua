-- Topic: NSLocationDefaultAccuracyReduced — only a Boolean counts (iOS 14+)
--
-- What iOS does: an app that sets NSLocationDefaultAccuracyReduced to the Boolean true gets a first
-- alert with an approximate map and no Precise switch, and a reduced-accuracy grant. The user can still
-- turn Precise Location on in Settings, and the app can still ask for temporary full accuracy. Only a
-- Boolean counts: the String "YES" is ignored.
--
-- Demonstrates: K3 · P7 (no switch, approximate map) · S3 · E6 · T1 · the loader's diagnostics.
-- Seeds: 002 §二.5 ("需要注意该字段类型为Boolean，如果为其他类型则不起效" — only a Boolean works; the
--   temporary request still works with the key), 001 (no Precise toggle in the prompt, "the user can
--   still enable the toggle from the phone's settings"), 000 §4 (the key; its claim that the user
--   cannot enable precise is contradicted by Apple and seed 001).
-- Sources: shared/reference/ios-location-behavior.md §3.1, §12 C2 (Settings can override the key),
--   C3 (a String value: the model follows Apple's Boolean contract), C9 (no switch in the alert).
--
-- Weather Lite's Info.plist is a binary plist and Weather Legacy's is XML: permsim reads both.

local flows = require "helpers.flows"

describe("the Boolean true (Weather Lite, binary Info.plist)", function()
  scenario("the alert has no Precise switch and an approximate map", { ios = { "14.0", "17.0" } }, function()
    local phone = device {}
    local _, manager = flows.open(phone, "WeatherLite")
    manager:requestWhenInUseAuthorization()
    local alert = expect_prompt {
      title = "Allow “Weather Lite” to use your location?",
      message = "Weather Lite uses your approximate location to show the local forecast.",
      map = "approximate",
    }
    expect(alert.precise).to_be_nil()
    alert:tap "Allow While Using App"
    expect_callback("locationManagerDidChangeAuthorization",
      { status = "authorizedWhenInUse", accuracy = "reducedAccuracy" })
  end)

  scenario("Settings starts with Precise Location off, and the user may turn it on", { ios = "14.0" }, function()
    local phone = device {}
    local app, manager = flows.open(phone, "WeatherLite")
    manager:requestWhenInUseAuthorization()
    expect_prompt():tap "Allow While Using App"
    expect_callback("locationManagerDidChangeAuthorization", { accuracy = "reducedAccuracy" })

    -- Seed 000 §4 says the user cannot; Apple and seed 001 say Settings overrides the key (C2).
    phone.settings:set_precise(app, true)
    expect_callback("locationManagerDidChangeAuthorization", { accuracy = "fullAccuracy" })
    expect(manager.accuracyAuthorization).to_be "fullAccuracy"
  end)

  scenario("temporary full accuracy is still available", { ios = "14.0", tags = { "accuracy" } }, function()
    local phone = device {}
    local _, manager = flows.open(phone, "WeatherLite")
    manager:requestWhenInUseAuthorization()
    expect_prompt():tap "Allow While Using App"
    expect_callback "locationManagerDidChangeAuthorization"

    -- Seed 002: "如果中配置了NSLocationTemporaryUsageDescriptionDictionary，则仍可以申请临时的精确定位权限".
    local request = manager:requestTemporaryFullAccuracyAuthorization "WantsStreetRadar"
    expect_prompt {
      kind = "temporaryFullAccuracy",
      message = "Your precise location will be used to show the rain radar for your street.",
    }:tap "Allow Once"
    expect(request.done).to_be(true)
    expect(manager.accuracyAuthorization).to_be "fullAccuracy"
  end)
end)

describe("the String \"YES\" (Weather Legacy, XML Info.plist)", function()
  scenario("is ignored: the alert has the usual Precise switch", { ios = "14.0" }, function()
    local phone = device {}
    local _, manager = flows.open(phone, "WeatherLiteLegacy")
    manager:requestWhenInUseAuthorization()
    expect_prompt { precise = true, map = "precise" }:tap "Allow While Using App"
    expect_callback("locationManagerDidChangeAuthorization", { accuracy = "fullAccuracy" })
  end)

  scenario("the transcript says why", { ios = "14.0" }, function()
    local phone = device {}
    flows.open(phone, "WeatherLiteLegacy")
    -- phone.transcript lists everything that happened; installing noted the ignored key.
    local noted = false
    for _, line in ipairs(phone.transcript) do
      if string.find(line, "NSLocationDefaultAccuracyReduced is a String, not a Boolean: ignored (K3)", 1, true) then
        noted = true
      end
    end
    expect(noted).to_be(true)
  end)
end)

describe("every type of value", function()
  -- The same key in an inline Info.plist: only the Boolean true reduces accuracy.
  local VALUES = {
    { label = "true", value = true, reduced = true },
    { label = "false", value = false, reduced = false },
    { label = "the String \"YES\"", value = "YES", reduced = false },
    { label = "the Integer 1", value = 1, reduced = false },
  }
  for _, case in ipairs(VALUES) do
    local outcome = case.reduced and "reduced accuracy" or "full accuracy"
    scenario("NSLocationDefaultAccuracyReduced = " .. case.label .. " → " .. outcome, { ios = "14.0", tags = { "matrix" } }, function()
      local phone = device {}
      local app = phone:install {
        name = "Forecast",
        info = {
          NSLocationWhenInUseUsageDescription = "Forecast shows the weather where you are.",
          NSLocationDefaultAccuracyReduced = case.value,
        },
      }
      app:launch()
      local manager = app:location_manager()
      manager:requestWhenInUseAuthorization()
      expect_prompt():tap "Allow While Using App"
      expect(manager.accuracyAuthorization).to_be(case.reduced and "reducedAccuracy" or "fullAccuracy")
    end)
  end
end)
