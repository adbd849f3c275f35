-- A seed that touches most of the API in a few lines, so mutations reach deep into the bindings.
describe("tour", function()
  before_each(function() print("before") end)
  scenario("when in use, then always", { tags = { "seed" }, ios = { "13.0", "14.0" } }, function()
    local phone = device { ios = "14.0", wifi = "Cafe", locale = "zh-Hans" }
    local app = phone:install { info = {
      CFBundleDisplayName = "Seed",
      NSLocationWhenInUseUsageDescription = "In use.",
      NSLocationAlwaysAndWhenInUseUsageDescription = "Always.",
      NSLocationTemporaryUsageDescriptionDictionary = { WantsToGetWiFiSSID = "SSID." },
      UIBackgroundModes = { "location" },
      NSLocationDefaultAccuracyReduced = true,
    }, strings = { ["zh-Hans"] = { WantsToGetWiFiSSID = "无线" } } }
    app:launch()
    local manager = app:location_manager()
    manager:requestWhenInUseAuthorization()
    local alert = expect_prompt()
    alert:set_precise(true)
    alert:tap "Allow While Using App"
    local request = manager:requestTemporaryFullAccuracyAuthorization("WantsToGetWiFiSSID")
    phone.prompt:tap "Allow Once"
    manager.allowsBackgroundLocationUpdates = true
    manager:startUpdatingLocation()
    phone:set_location(31.2, 121.4)
    app:background()
    clock:advance "11s"
    phone:lock()
    clock:advance_to "04:00"
    phone.settings:set(app, "Never")
    expect(app:fetch_current_wifi_ssid()).to_be_nil()
    expect(#app.callbacks > 0).to_be(true)
  end)
  pending("later", "not written")
  scenario("crash", function()
    local app = device {}:install { info = { NSLocationWhenInUseUsageDescription = "x" } }
    app:launch()
    local manager = app:location_manager()
    expect_crash(function() manager.allowsBackgroundLocationUpdates = true end, "background")
  end)
end)
