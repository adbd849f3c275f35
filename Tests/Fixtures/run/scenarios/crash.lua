-- B2: allowsBackgroundLocationUpdates = true without UIBackgroundModes location crashes the app.
local PLIST = "../apps/Maps/Info.plist"

local function launched()
  local app = device { ios = "11.0" }:install { plist = PLIST }
  app:launch()
  return app, app:location_manager()
end

scenario("the crash is expected", function()
  local app, manager = launched()
  local crash = expect_crash(function() manager.allowsBackgroundLocationUpdates = true end, "CLClientIsBackgroundable")
  expect(crash.exception).to_be "NSInternalInconsistencyException"
  expect(app.state).to_be "notRunning"
end)

scenario("the crash is not expected", function()
  local _, manager = launched()
  manager.allowsBackgroundLocationUpdates = true
end)
