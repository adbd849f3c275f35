-- An expectation that does not hold: a failure, reported with the scenario's line.
describe("failing", function()
  scenario("expects the wrong status", function()
    local phone = device { ios = "14.0" }
    local app = phone:install { plist = "../apps/Maps/Info.plist" }
    app:launch()
    local manager = app:location_manager()
    manager:requestWhenInUseAuthorization()
    phone.prompt:tap "Don’t Allow"
    expect(manager.authorizationStatus).to_be "authorizedWhenInUse"
  end)
end)
