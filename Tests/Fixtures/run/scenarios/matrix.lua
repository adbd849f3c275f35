-- One scenario per version (options.ios list) and duplicate names (#2).
scenario("first prompt buttons", { ios = { "12.0", "13.0", "14.0" }, tags = { "matrix" } }, function()
  local phone = device {}
  local app = phone:install { plist = "../apps/Maps/Info.plist" }
  app:launch()
  app:location_manager():requestWhenInUseAuthorization()
  local alert = expect_prompt { kind = "authorization" }
  if phone.ios == "12.0" then
    expect(alert.buttons).to_equal { "Don’t Allow", "Allow" }
  elseif phone.ios == "13.0" then
    expect(alert.buttons).to_equal { "Allow While Using App", "Allow Once", "Don’t Allow" }  -- P7 on 13.x
  else
    expect(alert.buttons).to_equal { "Allow Once", "Allow While Using App", "Don’t Allow" }
  end
end)

for _, precise in ipairs { true, false } do
  scenario("same name", function()
    expect(precise).never.to_be_nil()
  end)
end
