-- The README's example run: one scenario holds, one expects iOS 13's first prompt on iOS 12.
local PLIST = "../../../Examples/apps/WiFiFinder/Info.plist"

describe("first prompt", function()
  scenario("iOS 14 offers Allow Once", function()
    local phone = device { ios = "14.0" }
    local app = phone:install { plist = PLIST }
    app:launch()
    app:location_manager():requestWhenInUseAuthorization()
    expect_prompt { buttons = { "Allow Once", "Allow While Using App", "Don’t Allow" } }
  end)

  scenario("iOS 12 offers Allow Once", function()
    local phone = device { ios = "12.0" }
    local app = phone:install { plist = PLIST }
    app:launch()
    app:location_manager():requestWhenInUseAuthorization()
    expect_prompt { buttons = { "Allow Once", "Allow While Using App", "Don’t Allow" } }
  end)
end)
