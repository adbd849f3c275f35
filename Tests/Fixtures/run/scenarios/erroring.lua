-- A broken scenario: an unknown member is an error (not a failure), with a suggestion.
scenario("misspells a manager method", function()
  local app = device { ios = "14.0" }:install { plist = "../apps/Maps/Info.plist" }
  app:launch()
  app:location_manager():requestWhenInUse()
end)
