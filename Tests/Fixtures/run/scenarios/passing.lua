-- Cases that pass: the baseline of the end-to-end run.
local PLIST = "../apps/Maps/Info.plist"

describe("passing", function()
  scenario("When-In-Use on iOS 14 with Allow While Using App", function()
    local phone = device { ios = "14.0" }
    local app = phone:install { plist = PLIST }
    app:launch()
    local manager = app:location_manager()
    expect_callback("locationManagerDidChangeAuthorization", { status = "notDetermined" })
    manager:requestWhenInUseAuthorization()
    expect_prompt({ kind = "authorization" }):tap "Allow While Using App"
    expect_callback("locationManagerDidChangeAuthorization", { status = "authorizedWhenInUse", accuracy = "fullAccuracy" })
    expect_no_callback()
  end)

  scenario("an inline Info.plist without keys is a silent no-op", function()
    local app = device { ios = "13.0" }:install { info = { CFBundleDisplayName = "Bare" } }
    app:launch()
    app:location_manager():requestWhenInUseAuthorization()
    expect_no_prompt()
    expect_console("NSLocationWhenInUseUsageDescription")
  end)
end)
