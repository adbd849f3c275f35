-- Topic: alerts in the device's language (Simplified Chinese)
--
-- What iOS does: the texts an app provides — its display name, usage descriptions and purpose texts —
-- come from the InfoPlist.strings of the device's language (zh-Hans.lproj for Simplified Chinese, also
-- for zh-Hans-CN), else from the Info.plist itself. A language the app lacks gets the app's development
-- region (CFBundleDevelopmentRegion, here English).
--
-- permsim localizes only what the app provides. The system's own words — the title around the app's
-- name and the button labels — stay in English whatever the locale.
--
-- Demonstrates: K4 K5 · P4 P7 P8 P9 · device { locale = … } · the `strings` install option.
-- Seeds: 000 §2.2 ("说明描述的国际化": the purpose key's entry in InfoPlist.strings, else the Info.plist
--   text); most seeds are Chinese posts, which is why every sample app carries zh-Hans translations.
-- Sources: shared/reference/ios-location-behavior.md §3.1 (the temporary usage dictionary is localized
--   through InfoPlist.strings), §3.4; the header text quoted in seed 000.

local flows = require "helpers.flows"

describe("a phone set to Simplified Chinese", function()
  local phone, app, manager

  before_each(function()
    phone = device { locale = "zh-Hans" }
    app, manager = flows.open(phone, "Navigator")
  end)

  scenario("the first alert shows the translated name and When-In-Use text", { ios = "14.0", tags = { "l10n" } }, function()
    manager:requestWhenInUseAuthorization()
    expect_prompt {
      title = "Allow “导航助手” to use your location?",
      message = "“导航助手”会使用你的位置在地图上显示你所在的地方并规划路线。",
      buttons = { "Allow Once", "Allow While Using App", "Don’t Allow" },
    }
  end)

  scenario("the upgrade alert shows the translated Always text", { ios = "14.0", tags = { "l10n" } }, function()
    flows.grant_when_in_use(phone, app, manager)
    manager:requestAlwaysAuthorization()
    expect_prompt {
      kind = "alwaysUpgrade",
      message = "“导航助手”会在后台使用你的位置，提醒你日常通勤路上的交通状况。",
    }
  end)

  scenario("the precise-location alert shows the translated purpose text", { ios = "14.0", tags = { "l10n", "accuracy" } }, function()
    flows.grant_when_in_use(phone, app, manager, false)
    manager:requestTemporaryFullAccuracyAuthorization "WantsToNavigate"
    expect_prompt {
      kind = "temporaryFullAccuracy",
      title = "Allow “导航助手” to use your precise location once?",
      message = "你的精确位置将用于计算路线，并为你提供逐向导航。",
    }
  end)

  scenario("iOS 8–10 alerts read the old Always key's translation", { ios = "9.3", tags = { "l10n" } }, function()
    manager:requestAlwaysAuthorization()
    expect_prompt { message = "即使屏幕已关闭，“导航助手”也会在后台继续为你导航。" }
  end)
end)

describe("which translation is used", function()
  -- The device language → the message of WiFi Finder's first alert.
  local LANGUAGES = {
    { locale = "zh-Hans", message = "“WiFi 助手”会使用你的位置来列出你周围的 Wi-Fi 网络。" },
    { locale = "zh-Hans-CN", message = "“WiFi 助手”会使用你的位置来列出你周围的 Wi-Fi 网络。" },
    { locale = "en", message = "WiFi Finder uses your location to list the Wi-Fi networks around you." },
    -- No fr.lproj and no zh-Hant.lproj: the development region's (English) file.
    { locale = "fr", message = "WiFi Finder uses your location to list the Wi-Fi networks around you." },
    { locale = "zh-Hant", message = "WiFi Finder uses your location to list the Wi-Fi networks around you." },
  }
  for _, language in ipairs(LANGUAGES) do
    scenario("a phone in " .. language.locale, { ios = "14.0", tags = { "l10n" } }, function()
      local phone = device { locale = language.locale }
      local _, manager = flows.open(phone, "WiFiFinder")
      manager:requestWhenInUseAuthorization()
      expect_prompt { message = language.message }
    end)
  end

  scenario("inline strings win over the app's files, key by key", { ios = "14.0", tags = { "l10n" } }, function()
    local phone = device { locale = "zh-Hans" }
    local app = phone:install {
      plist = flows.apps.WiFiFinder,
      strings = { ["zh-Hans"] = { CFBundleDisplayName = "无线助手" } },
    }
    app:launch()
    local manager = app:location_manager()
    manager:requestWhenInUseAuthorization()
    -- The name comes from the inline table, the message still from zh-Hans.lproj.
    expect_prompt {
      title = "Allow “无线助手” to use your location?",
      message = "“WiFi 助手”会使用你的位置来列出你周围的 Wi-Fi 网络。",
    }
  end)
end)
