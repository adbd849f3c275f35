-- Topic: alerts and Settings in the device's language (Simplified Chinese)
--
-- What iOS does: a phone set to Simplified Chinese shows the system's own words in Chinese — the
-- alert titles around the app's name, the buttons, the Precise switch, the Settings labels — and
-- from iOS 16 addresses the user as 你 instead of 您 (“使用您的位置” becomes “使用你的位置”). The texts
-- an app provides — its display name, usage descriptions and purpose texts — come from the
-- InfoPlist.strings of the device's language (zh-Hans.lproj, also for zh-Hans-CN), else from the
-- Info.plist itself; a language the app lacks gets the app's development region (here English).
--
-- permsim shows the system's texts from its tables (SystemStrings/en.json, zh-Hans.json; a language
-- without a table shows English), and taps and selects by the label shown or by its English label,
-- so a scenario written with English labels runs on phones of both languages.
--
-- Demonstrates: Z0 Z1 · K4 K5 · A3 · P3 P6 P7 P8 P9 P10 P11 P14 · S1 S2 · device { locale = … } · the `strings`
--   install option · alert:tap and phone.settings:set with English labels.
-- Seeds: 002 ("允许一次" Allow Once), 004 §三 ("永不、使用应用期间、始终", "下次询问"), 000 §2.2
--   ("说明描述的国际化": the purpose key's entry in InfoPlist.strings, else the Info.plist text); most
--   seeds are Chinese posts, which is why every sample app carries zh-Hans translations.
-- Sources: shared/SYSTEM_STRINGS.md (every system text in English and zh-Hans, with its evidence);
--   shared/reference/ios15-26-research.md §8 (the 您 → 你 change in the iOS 16 runtime strings);
--   shared/reference/ios-location-behavior.md §3.1, §3.4 (the app's texts through InfoPlist.strings).
-- Model decisions: the zh-Hans P10 and P11 titles from 16 (你), P11's 更改为仅使用期间, the Precise
--   switch's 精确位置 and the App Clip's 在明天之前使用时允许 (P14) are not in any source
--   (SystemStrings/zh-Hans.json lists them under "assumed").

local flows = require "helpers.flows"

describe("a phone set to Simplified Chinese", function()
  local phone, app, manager

  before_each(function()
    phone = device { locale = "zh-Hans" }
    app, manager = flows.open(phone, "Navigator")
  end)

  scenario("the first alert: the system's title and buttons, the app's name and text", { ios = "14.0", tags = { "l10n" } }, function()
    manager:requestWhenInUseAuthorization()
    -- P7, Z0: “允许…使用您的位置？” is the system's; “导航助手” and the message are the app's (K5).
    expect_prompt {
      title = "允许“导航助手”使用您的位置？",
      message = "“导航助手”会使用你的位置在地图上显示你所在的地方并规划路线。",
      buttons = { "允许一次", "使用App时允许", "不允许" },
      precise = true,
    }
  end)

  scenario("the upgrade alert shows the translated Always text", { ios = "14.0", tags = { "l10n" } }, function()
    flows.grant_when_in_use(phone, app, manager)
    manager:requestAlwaysAuthorization()
    expect_prompt {
      kind = "alwaysUpgrade",
      title = "允许“导航助手”在您并未使用该App时使用您的位置吗？",
      message = "“导航助手”会在后台使用你的位置，提醒你日常通勤路上的交通状况。",
      buttons = { "保持仅使用期间", "更改为始终允许" },
    }
  end)

  scenario("the precise-location alert shows the translated purpose text", { ios = "14.0", tags = { "l10n", "accuracy" } }, function()
    flows.grant_when_in_use(phone, app, manager, false)
    manager:requestTemporaryFullAccuracyAuthorization "WantsToNavigate"
    expect_prompt {
      kind = "temporaryFullAccuracy",
      title = "允许“导航助手”使用您的精确位置一次？",
      message = "你的精确位置将用于计算路线，并为你提供逐向导航。",
      buttons = { "允许一次", "不允许" },
    }
  end)

  scenario("iOS 8–10 alerts read the old Always key's translation", { ios = "9.3", tags = { "l10n" } }, function()
    manager:requestAlwaysAuthorization()
    expect_prompt {
      title = "允许“导航助手”在您并未使用该应用时访问您的位置吗？",
      message = "即使屏幕已关闭，“导航助手”也会在后台继续为你导航。",
      buttons = { "不允许", "允许" },
    }
  end)
end)

describe("whole flows in Simplified Chinese", function()
  scenario("iOS 12: P3, the three-button P6, Settings and P10", { ios = "12.4", tags = { "l10n" } }, function()
    local phone = device { locale = "zh-Hans" }
    local app, manager = flows.open(phone, "Navigator")

    manager:requestWhenInUseAuthorization()
    expect_prompt { title = "允许“导航助手”在您使用该应用时访问您的位置吗？", buttons = { "不允许", "允许" } }
    expect(phone.prompt.id).to_be "P3"
    phone.prompt:tap "允许"
    expect_callback("didChangeAuthorization", { status = "authorizedWhenInUse" })

    -- P6 (R5): the When-In-Use app's Always request, three buttons.
    manager:requestAlwaysAuthorization()
    expect_prompt {
      title = "允许“导航助手”访问您的位置？",
      buttons = { "仅在使用应用期间", "始终允许", "不允许" },
    }
    expect(phone.prompt.id).to_be "P6"
    phone.prompt:tap "始终允许"
    expect_callback("didChangeAuthorization", { status = "authorizedAlways" })

    -- S1, S2 before 13: no Ask Next Time; 使用应用期间 (8–12 wording).
    expect(phone.settings:options(app)).to_equal { "永不", "使用应用期间", "始终" }
    expect(phone.settings:get(app)).to_be "始终"
    phone.settings:set(app, "使用应用期间")
    expect_callback("didChangeAuthorization", { status = "authorizedWhenInUse" })

    -- P10: Location Services off, then a location service starts.
    phone.settings:set_location_services(false)
    expect_callback("didChangeAuthorization", { status = "denied" })
    manager:startUpdatingLocation()
    expect_prompt {
      title = "打开“定位服务”来允许“导航助手”确定您的位置",
      buttons = { "设置", "取消" },
    }
    expect(phone.prompt.id).to_be "P10"
    phone.prompt:tap "取消"
  end)

  scenario("iOS 14: P7 with the Precise switch, P9, P8 and Settings (您)", { ios = "14.0", tags = { "l10n" } }, function()
    local phone = device { locale = "zh-Hans" }
    local app, manager = flows.open(phone, "Navigator")

    manager:requestWhenInUseAuthorization()
    local alert = expect_prompt { title = "允许“导航助手”使用您的位置？", buttons = { "允许一次", "使用App时允许", "不允许" } }
    expect(alert.id).to_be "P7"
    alert:set_precise(false)
    alert:tap "使用App时允许"
    expect_callback("locationManagerDidChangeAuthorization", { status = "authorizedWhenInUse", accuracy = "reducedAccuracy" })
    -- The switch goes by its system name in the transcript: 精确位置 (assumed, see above).
    expect(table.concat(phone.transcript, "\n")).to_contain "alert#1 精确位置 off"

    -- P9 (T1) on 14–15: 您.
    local request = manager:requestTemporaryFullAccuracyAuthorization "WantsToNavigate"
    expect_prompt { title = "允许“导航助手”使用您的精确位置一次？", buttons = { "允许一次", "不允许" } }
    expect(phone.prompt.id).to_be "P9"
    phone.prompt:tap "允许一次"
    expect(request.error).to_be_nil()
    expect_callback("locationManagerDidChangeAuthorization", { accuracy = "fullAccuracy" })

    -- P8 (R12): the zh-Hans buttons; the other transcription of Keep Only While Using is accepted too.
    manager:requestAlwaysAuthorization()
    expect_prompt { buttons = { "保持仅使用期间", "更改为始终允许" } }
    expect(phone.prompt.id).to_be "P8"
    phone.prompt:tap "保持仅使用期间允许"
    expect(manager.authorizationStatus).to_be "authorizedWhenInUse"

    -- S1 on 13–14: 下次询问, and 使用App期间 (the 13+ wording).
    expect(phone.settings:options(app)).to_equal { "永不", "下次询问", "使用App期间", "始终" }
    expect(phone.settings:get(app)).to_be "使用App期间"
  end)

  scenario("iOS 17: 你 in P7 and P8, Settings, and the background-use reminder P11", { ios = "17.0", tags = { "l10n" } }, function()
    local phone = device { locale = "zh-Hans-CN" }  -- finds the zh-Hans table, as zh-Hans.lproj (Z0)
    local app, manager = flows.open(phone, "Navigator")

    manager:requestWhenInUseAuthorization()
    expect_prompt { title = "允许“导航助手”使用你的位置？", buttons = { "允许一次", "使用App时允许", "不允许" } }
    expect(phone.prompt.id).to_be "P7"
    phone.prompt:tap "使用App时允许"
    expect_callback("locationManagerDidChangeAuthorization", { status = "authorizedWhenInUse" })

    manager:requestAlwaysAuthorization()
    expect_prompt { title = "允许“导航助手”在你并未使用该App时使用你的位置吗？" }
    expect(phone.prompt.id).to_be "P8"
    phone.prompt:tap "更改为始终允许"
    expect_callback("locationManagerDidChangeAuthorization", { status = "authorizedAlways" })

    -- S1 from 15: 下次询问或在我共享时.
    expect(phone.settings:options(app)).to_equal { "永不", "下次询问或在我共享时", "使用App期间", "始终" }
    expect(phone.settings:get(app)).to_be "始终"

    -- R21 → P11: background locations on three separate days, then the next unlock. From 17 the
    -- reminder counts the background uses and the days they span (its zh-Hans wording is assumed).
    flows.background_on_three_days(phone, app, manager)
    expect_prompt {
      title = "“导航助手”在过去3天中在后台使用了你的位置3次。你要继续允许后台位置使用吗？",
      buttons = { "更改为仅使用期间", "始终允许" },
    }
    expect(phone.prompt.id).to_be "P11"
    phone.prompt:tap "始终允许"
    expect(manager.authorizationStatus).to_be "authorizedAlways"
  end)

  -- Z1: the same alert on both sides of 16.0.
  local PRONOUN = { ["15.7"] = "您", ["16.0"] = "你" }
  scenario("Z1: 您 before iOS 16, 你 from 16.0", { ios = { "15.7", "16.0" }, tags = { "l10n" } }, function()
    local phone = device { locale = "zh-Hans" }
    local _, manager = flows.open(phone, "Navigator")
    manager:requestWhenInUseAuthorization()
    expect_prompt { title = "允许“导航助手”使用" .. PRONOUN[phone.ios] .. "的位置？" }
  end)

  scenario("iOS 13.x: P7 in its 13.x order, Allow While Using App first", { ios = "13.7", tags = { "l10n" } }, function()
    local phone = device { locale = "zh-Hans" }
    local _, manager = flows.open(phone, "Navigator")
    manager:requestWhenInUseAuthorization()
    -- P7 on 13.x: no map and no Precise switch yet; 允许一次 moves to the front from 14.0.
    expect_prompt {
      title = "允许“导航助手”使用您的位置？",
      buttons = { "使用App时允许", "允许一次", "不允许" },
    }
    phone.prompt:tap "允许一次"
    expect(manager.authorizationStatus).to_be "authorizedWhenInUse"
  end)

  scenario("an App Clip's P14: no 允许一次, the While-Using-until-tomorrow button", { ios = { "14.0", "16.0" }, tags = { "l10n" } }, function()
    local phone = device { locale = "zh-Hans" }
    local _, manager = flows.open(phone, "CoffeeClip", { kind = "appClip" })
    manager:requestWhenInUseAuthorization()
    -- A3: P14's title is P7's; its first button's wording is a model decision in both languages.
    expect(phone.prompt.id).to_be "P14"
    expect_prompt {
      title = phone.ios == "14.0" and "允许“咖啡点单”使用您的位置？" or "允许“咖啡点单”使用你的位置？",
      message = "你的位置将用于确认你所在的咖啡店。",
      buttons = { "在明天之前使用时允许", "不允许" },
    }
    -- The English label works on a Chinese phone too.
    phone.prompt:tap "Allow While Using Until Tomorrow"
    expect(manager.authorizationStatus).to_be "authorizedWhenInUse"
  end)
end)

describe("one scenario written in English, on an English and a Chinese phone", function()
  -- What each phone shows; the scenario itself taps and selects by the English labels only.
  local SHOWN = {
    en = { title = "Allow “Navigator” to use your location?", while_using = "While Using the App", never = "Never" },
    ["zh-Hans"] = { title = "允许“导航助手”使用你的位置？", while_using = "使用App期间", never = "永不" },
  }
  for _, locale in ipairs { "en", "zh-Hans" } do
    scenario("When-In-Use, then Never in Settings, on a phone in " .. locale, { ios = "17.0", tags = { "l10n" } }, function()
      local phone = device { locale = locale }
      local app, manager = flows.open(phone, "Navigator")

      manager:requestWhenInUseAuthorization()
      local alert = expect_prompt { title = SHOWN[locale].title }
      expect(alert.id).to_be "P7"
      alert:tap "Allow While Using App"
      expect_callback("locationManagerDidChangeAuthorization", { status = "authorizedWhenInUse" })
      expect(phone.settings:get(app)).to_be(SHOWN[locale].while_using)

      phone.settings:set(app, "Never")
      expect_callback("locationManagerDidChangeAuthorization", { status = "denied" })
      expect(phone.settings:get(app)).to_be(SHOWN[locale].never)

      -- A label on no button is an error that lists the labels as this phone shows them.
      phone.settings:set(app, "Ask Next Time Or When I Share")
      manager:requestWhenInUseAuthorization()
      local ok, message = pcall(function() phone.prompt:tap "OK" end)
      expect(ok).to_be(false)
      expect(message).to_contain(locale == "en" and "“Allow Once”" or "“允许一次”")
    end)
  end
end)

describe("which translation is used", function()
  -- The device language → the title and message of WiFi Finder's first alert.
  local ENGLISH_TITLE = "Allow “WiFi Finder” to use your location?"
  local ENGLISH_MESSAGE = "WiFi Finder uses your location to list the Wi-Fi networks around you."
  local LANGUAGES = {
    { locale = "zh-Hans", title = "允许“WiFi 助手”使用您的位置？", message = "“WiFi 助手”会使用你的位置来列出你周围的 Wi-Fi 网络。" },
    { locale = "zh-Hans-CN", title = "允许“WiFi 助手”使用您的位置？", message = "“WiFi 助手”会使用你的位置来列出你周围的 Wi-Fi 网络。" },
    { locale = "en", title = ENGLISH_TITLE, message = ENGLISH_MESSAGE },
    -- No fr.lproj and no zh-Hant.lproj: the development region's (English) file; and no system table
    -- for fr or zh-Hant either, so the system's texts are English too (Z0).
    { locale = "fr", title = ENGLISH_TITLE, message = ENGLISH_MESSAGE },
    { locale = "zh-Hant", title = ENGLISH_TITLE, message = ENGLISH_MESSAGE },
  }
  for _, language in ipairs(LANGUAGES) do
    scenario("a phone in " .. language.locale, { ios = "14.0", tags = { "l10n" } }, function()
      local phone = device { locale = language.locale }
      local _, manager = flows.open(phone, "WiFiFinder")
      manager:requestWhenInUseAuthorization()
      expect_prompt { title = language.title, message = language.message }
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
      title = "允许“无线助手”使用您的位置？",
      message = "“WiFi 助手”会使用你的位置来列出你周围的 Wi-Fi 网络。",
    }
  end)
end)
