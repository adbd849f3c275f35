import Reporting
import ScenarioRuntime
import Testing

@Suite("Smoke")
struct SmokeTests {
  @Test("SCENARIO_API §1 example")
  func apiExample() throws {
    let harness = try ScenarioHarness(files: [
      "apps/WiFiFinder/Info.plist": """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0"><dict>
        <key>CFBundleDisplayName</key><string>WiFiFinder</string>
        <key>NSLocationWhenInUseUsageDescription</key><string>Finds your Wi-Fi.</string>
        <key>NSLocationTemporaryUsageDescriptionDictionary</key>
        <dict><key>WantsToGetWiFiSSID</key><string>Your precise location will be used to get the current Wi-Fi SSID.</string></dict>
      </dict></plist>
      """,
      "scenarios/wifi_ssid.lua": """
      local PLIST = "../apps/WiFiFinder/Info.plist"   -- paths are relative to this file

      describe("Wi-Fi SSID on iOS 14", function()
        scenario("temporary precise location unlocks the SSID", { tags = { "accuracy" } }, function()
          local phone = device { ios = "14.0", wifi = "Office-5G" }
          local app = phone:install { plist = PLIST }
          app:launch()
          local manager = app:location_manager()
          expect_callback("locationManagerDidChangeAuthorization", { status = "notDetermined" })

          manager:requestWhenInUseAuthorization()
          local alert = expect_prompt { kind = "authorization" }
          expect(alert.buttons).to_equal { "Allow Once", "Allow While Using App", "Don’t Allow" }
          alert:set_precise(false)
          alert:tap "Allow While Using App"
          expect_callback("locationManagerDidChangeAuthorization",
            { status = "authorizedWhenInUse", accuracy = "reducedAccuracy" })
          expect(app:fetch_current_wifi_ssid()).to_be_nil()

          local request = manager:requestTemporaryFullAccuracyAuthorization("WantsToGetWiFiSSID")
          expect_prompt({ kind = "temporaryFullAccuracy" }):tap "Allow Once"
          expect(request.error).to_be_nil()
          expect(manager.accuracyAuthorization).to_be "fullAccuracy"
          expect(app:fetch_current_wifi_ssid()).to_be "Office-5G"

          app:background()
          clock:advance "11s"
          app:foreground()
          expect(manager.accuracyAuthorization).to_be "reducedAccuracy"
        end)
      end)
      """,
    ])
    defer { harness.remove() }
    let results = try harness.run("scenarios/wifi_ssid.lua")
    #expect(results.count == 1)
    for result in results {
      if result.outcome != .passed { print(result.outcome, result.transcript.joined(separator: "\n")) }
      #expect(result.outcome == .passed)
    }
  }
}
