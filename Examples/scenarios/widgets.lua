-- Topic: widgets that want location — the widget alert and “While Using the App or Widgets” (iOS 14+)
--
-- What iOS does: a widget extension that declares NSWidgetWantsLocation may use the app's location
-- authorization. For an Always app that just works. A While-Using app's widgets need the user's
-- consent: the first time the user adds such a widget, iOS asks “Allow widgets from … to use your
-- location?”, once; if the user allows, `isAuthorizedForWidgetUpdates` becomes true and Settings
-- names the app's choice “While Using the App or Widgets”. Apps that are not authorized never get
-- location in their widgets.
--
-- Demonstrates: WG1 · S4 (with S1 S2) · P13 · E7 · C3 (no callback: the status does not change) ·
--   Z0 Z1 (P13 and the label in zh-Hans) · the wait for the foreground (Conventions for §14–§18).
-- Seeds: none — widgets with location came with iOS 14 (2020), after the seed posts' questions.
-- Sources: shared/reference/ios15-26-research.md §3 (WG1: isAuthorizedForWidgetUpdates; WidgetKit
--   “Accessing location information in widgets”; P13's title from simulator runtimes, calabash
--   DeviceAgent), §2.2 (S4), §8 (zh-Hans title and label). P13's button order is assumed (BEHAVIOR.md §4).

local flows = require "helpers.flows"

local P13_TITLE = "Allow widgets from “Local Weather” to use your location?"
local WIDGETS_LABEL = "While Using the App or Widgets"

-- Local Weather's widget extension declares NSWidgetWantsLocation (this install option).
local WIDGET = { widget_wants_location = true }

local function local_weather(phone)
  return flows.open(phone, "LocalWeather", WIDGET)
end

-- Local Weather with a permanent While-Using grant: the widgets need the user's consent (WG1).
local function local_weather_while_using(phone)
  return flows.while_using(phone, "LocalWeather", WIDGET)
end

local function ask_next_time(phone)
  return flows.at_least(phone, "15.0") and "Ask Next Time Or When I Share" or "Ask Next Time"
end

describe("a While-Using app's first location widget (WG1)", function()
  scenario("the widget alert; Allow authorizes the widgets and renames the Settings choice", { ios = { "14.0", "17.4", "26.0" } }, function()
    local phone = device {}
    local app, manager = local_weather_while_using(phone)
    expect(manager.isAuthorizedForWidgetUpdates).to_be(false)

    phone:add_widget(app)
    local alert = expect_prompt {
      kind = "widgets",
      id = "P13",
      title = P13_TITLE,
      buttons = { "Don’t Allow", "Allow" },
    }
    expect(alert.message).to_be_nil()               -- a system alert with no usage text
    alert:tap "Allow"

    expect(manager.isAuthorizedForWidgetUpdates).to_be(true)
    -- The app's status did not change, so its delegate hears nothing (C3).
    expect(manager.authorizationStatus).to_be "authorizedWhenInUse"
    expect_no_callback()
    -- S4: the choice reads “While Using the App or Widgets”, in the list and as the selection.
    expect(phone.settings:get(app)).to_be(WIDGETS_LABEL)
    expect(phone.settings:options(app)).to_equal { "Never", ask_next_time(phone), WIDGETS_LABEL, "Always" }

    -- More widgets later: asked once only.
    phone:add_widget(app)
    expect_no_prompt()
  end)

  scenario("Don’t Allow: no widget location, and no second alert until Reset Location & Privacy (E7)", { ios = "17.4" }, function()
    local phone = device {}
    local app, manager = local_weather_while_using(phone)
    phone:add_widget(app)
    expect_prompt({ id = "P13" }):tap "Don’t Allow"
    expect(manager.isAuthorizedForWidgetUpdates).to_be(false)
    expect(phone.settings:get(app)).to_be "While Using the App"

    phone:add_widget(app)
    expect_no_prompt()

    phone.settings:reset_location_and_privacy()
    expect_callback("locationManagerDidChangeAuthorization", { status = "notDetermined" })
    flows.grant_when_in_use(phone, app, manager)
    phone:add_widget(app)
    expect_prompt { id = "P13" }
  end)

  scenario("added from the Home Screen: the alert waits until the app is in front", { ios = "17.4" }, function()
    local phone = device {}
    local app, manager = local_weather_while_using(phone)
    app:background()
    clock:advance "1m"
    phone:add_widget(app)
    -- Like every prompt of the newer APIs, P13 shows only while the app is in the foreground.
    expect_no_prompt()
    app:foreground()
    expect_prompt({ id = "P13" }):tap "Allow"
    expect(manager.isAuthorizedForWidgetUpdates).to_be(true)
  end)

  scenario("Allow Once counts as While Using: the alert too", { ios = "17.4" }, function()
    local phone = device {}
    local app, manager = local_weather(phone)
    manager:requestWhenInUseAuthorization()
    expect_prompt():tap "Allow Once"
    phone:add_widget(app)
    expect_prompt({ id = "P13" }):tap "Allow"
    expect(manager.isAuthorizedForWidgetUpdates).to_be(true)
    -- A temporary grant still reads “Ask Next Time …” in Settings (S2); S4 renames While Using only.
    expect(phone.settings:get(app)).to_be(ask_next_time(phone))
  end)
end)

describe("apps that need no alert, and apps that cannot have one (WG1)", function()
  local authorized = {
    Always = function(phone, app)
      phone.settings:set(app, "Always")
    end,
    ["provisional Always"] = function(_, _, manager)
      manager:requestAlwaysAuthorization()
      expect_prompt({ id = "P7" }):tap "Allow While Using App"   -- R9: provisional Always
    end,
  }
  for _, label in ipairs { "Always", "provisional Always" } do
    scenario(label .. ": the widgets are authorized without an alert", { ios = { "14.0", "17.4" } }, function()
      local phone = device {}
      local app, manager = local_weather(phone)
      authorized[label](phone, app, manager)
      expect(manager.authorizationStatus).to_be "authorizedAlways"
      phone:add_widget(app)
      expect_no_prompt()
      expect(manager.isAuthorizedForWidgetUpdates).to_be(true)
    end)
  end

  local unauthorized = {
    notDetermined = function() end,
    denied = function(_, _, manager)
      manager:requestWhenInUseAuthorization()
      expect_prompt():tap "Don’t Allow"
    end,
    restricted = function(phone, app)
      phone.settings:set_restricted(app, true)
    end,
  }
  for _, status in ipairs { "notDetermined", "denied", "restricted" } do
    scenario(status .. ": no alert, and never widget location", { ios = "17.4" }, function()
      local phone = device {}
      local app, manager = local_weather(phone)
      unauthorized[status](phone, app, manager)
      phone:add_widget(app)
      expect_no_prompt()
      expect(manager.authorizationStatus).to_be(status)
      expect(manager.isAuthorizedForWidgetUpdates).to_be(false)
    end)
  end
end)

describe("in Simplified Chinese (Z0, Z1)", function()
  scenario("the alert and the Settings label", { ios = { "14.0", "17.4" }, tags = { "l10n" } }, function()
    local phone = device { locale = "zh-Hans" }
    local app = local_weather_while_using(phone)
    phone:add_widget(app)
    local you = flows.at_least(phone, "16.0") and "你" or "您"
    expect_prompt({
      kind = "widgets",
      title = "允许来自“本地天气”的小组件使用" .. you .. "的位置？",
      buttons = { "不允许", "允许" },
    }):tap "Allow"
    expect(phone.settings:get(app)).to_be "使用App或小组件期间"
  end)
end)

describe("before iOS 14", function()
  scenario("isAuthorizedForWidgetUpdates does not exist", { ios = "13.7" }, function()
    local phone = device {}
    local _, manager = local_weather(phone)
    flows.expect_missing_before("iOS 14", function() return manager.isAuthorizedForWidgetUpdates end)
  end)
end)
