-- A first scenario: My App asks for When-In-Use authorization on iOS 14 and the user allows it.
-- Run it with `permsim run scenarios`; `permsim repl --plist apps/MyApp` tries the model out.
-- The whole API is in types/permsim.lua (your editor completes it with the Lua language server).

-- Paths are relative to this file.
local PLIST = "../apps/MyApp/Info.plist"

describe("My App", function()
  scenario("asks for When-In-Use and gets it", function()
    local phone = device { ios = "14.0" }
    local app = phone:install { plist = PLIST }
    app:launch()

    local manager = app:location_manager()
    expect_callback("locationManagerDidChangeAuthorization", { status = "notDetermined" })

    manager:requestWhenInUseAuthorization()
    local alert = expect_prompt { kind = "authorization" }
    expect(alert.buttons).to_equal { "Allow Once", "Allow While Using App", "Don’t Allow" }
    alert:tap "Allow While Using App"
    expect_callback("locationManagerDidChangeAuthorization", { status = "authorizedWhenInUse" })
    expect(manager.authorizationStatus).to_be "authorizedWhenInUse"
  end)

  -- One case per version: the name gets " [iOS 13.0]", " [iOS 14.0]".
  scenario("the first prompt offers Allow Once", { ios = { "13.0", "14.0" } }, function()
    local app = device():install { plist = PLIST }
    app:launch()
    app:location_manager():requestWhenInUseAuthorization()
    expect(expect_prompt().buttons).to_contain "Allow Once"
  end)
end)
