-- Topic: reading the Wi-Fi network name (SSID)
--
-- What iOS does: the joined Wi-Fi network's name counts as location data. From iOS 12 reading it needs
-- the Access Wi-Fi Information entitlement, from iOS 13 location authorization too, and from iOS 14
-- precise location — a temporary full-accuracy grant counts, which is why seed 000 asks for one with
-- the purpose key WantsToGetWiFiSSID.
--
-- Demonstrates: W1 · T1 · E2 · app:fetch_current_wifi_ssid() · device { wifi = … } · the
--   `wifi_info_entitlement` install option.
-- Seeds: 000 §1 ("不开启精确定位,获取不到WiFi名称" — without precise location, no Wi-Fi name) and §2
--   (the temporary request made for the SSID).
-- Sources: shared/reference/ios-location-behavior.md §10 (requirements per version: headers of
--   CaptiveNetwork and NEHotspotNetwork, Apple's developer email, developer reports).

local flows = require "helpers.flows"

local SSID = "Office-5G"

describe("what an app needs, by iOS version", function()
  -- Each row: the phone, the app's situation, and whether fetch_current_wifi_ssid returns the name.
  local ROWS = {
    { ios = "11.4", entitled = false, grant = nil, situation = "no entitlement, not authorized", visible = true },
    { ios = "12.5", entitled = false, grant = nil, situation = "no entitlement", visible = false },
    { ios = "12.5", entitled = true, grant = nil, situation = "entitled, not authorized", visible = true },
    { ios = "13.4", entitled = true, grant = nil, situation = "entitled, not authorized", visible = false },
    { ios = "13.4", entitled = true, grant = "precise", situation = "entitled, When-In-Use", visible = true },
    { ios = "14.0", entitled = true, grant = "approximate", situation = "entitled, When-In-Use, approximate", visible = false },
    { ios = "14.0", entitled = true, grant = "precise", situation = "entitled, When-In-Use, precise", visible = true },
    { ios = "14.0", entitled = false, grant = "precise", situation = "no entitlement, When-In-Use, precise", visible = false },
    { ios = "17.0", entitled = true, grant = "precise", situation = "entitled, When-In-Use, precise", visible = true },
  }

  for _, row in ipairs(ROWS) do
    local name = "iOS " .. row.ios .. ", " .. row.situation .. " → " .. (row.visible and "the SSID" or "nil")
    scenario(name, { ios = row.ios, tags = { "wifi", "matrix" } }, function()
      local phone = device { wifi = SSID }
      local app, manager = flows.open(phone, "WiFiFinder", { wifi_info_entitlement = row.entitled })
      if row.grant then flows.grant_when_in_use(phone, app, manager, row.grant == "precise") end
      if row.visible then
        expect(app:fetch_current_wifi_ssid()).to_be(SSID)
      else
        expect(app:fetch_current_wifi_ssid()).to_be_nil()
      end
    end)
  end
end)

describe("seed 000: a temporary precise grant for the SSID", function()
  scenario("unlocks the SSID while the app is in use, not after", { ios = "14.0", tags = { "wifi", "accuracy" } }, function()
    local phone = device { wifi = SSID }
    local app, manager = flows.open(phone, "WiFiFinder")
    flows.grant_when_in_use(phone, app, manager, false)
    expect(app:fetch_current_wifi_ssid()).to_be_nil()

    manager:requestTemporaryFullAccuracyAuthorization "WantsToGetWiFiSSID"
    expect_prompt { kind = "temporaryFullAccuracy" }:tap "Allow Once"
    expect(app:fetch_current_wifi_ssid()).to_be(SSID)

    -- Seed 000 §2.3.1: more than ~10 s in the background and the precise grant is gone (E2).
    app:background()
    clock:advance "11s"
    app:foreground()
    expect(app:fetch_current_wifi_ssid()).to_be_nil()
  end)

  scenario("no Wi-Fi joined: nil, whatever the permissions", { ios = "14.0", tags = { "wifi" } }, function()
    local phone = device {}
    local app, manager = flows.open(phone, "WiFiFinder")
    flows.grant_when_in_use(phone, app, manager)
    expect(app:fetch_current_wifi_ssid()).to_be_nil()
  end)

  scenario("denied: nil", { ios = "14.0", tags = { "wifi" } }, function()
    local phone = device { wifi = SSID }
    local app, manager = flows.open(phone, "WiFiFinder")
    manager:requestWhenInUseAuthorization()
    expect_prompt():tap "Don’t Allow"
    expect(app:fetch_current_wifi_ssid()).to_be_nil()
  end)
end)
