-- The realistic benchmark case, read by Benchmarks/generate.lua and permsim-bench: everything from the
-- scenario line on, with {{INDEX}} and {{IOS}} filled in.
  scenario("case {{INDEX}}", function()
    local phone = device { ios = "{{IOS}}", wifi = "Office-5G" }
    local app = phone:install { info = {
      CFBundleDisplayName = "Bench {{INDEX}}",
      NSLocationWhenInUseUsageDescription = "Shows nearby stops.",
      NSLocationAlwaysAndWhenInUseUsageDescription = "Tracks your trips.",
      UIBackgroundModes = { "location" },
    } }
    app:launch()
    local manager = app:location_manager()
    expect_callback("locationManagerDidChangeAuthorization", { status = "notDetermined" })
    manager:requestWhenInUseAuthorization()
    expect_prompt({ kind = "authorization" }):tap "Allow While Using App"
    expect_callback("locationManagerDidChangeAuthorization", { status = "authorizedWhenInUse" })
    manager:requestAlwaysAuthorization()
    clock:advance "30s"
  end)
