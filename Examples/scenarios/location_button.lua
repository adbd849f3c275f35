-- Topic: the location button — a one-time grant from a tap (iOS 15+)
--
-- What iOS does: CLLocationButton (SwiftUI's LocationButton) lets the user share their location once
-- by tapping a button the app cannot restyle into a trick. The first tap shows a system alert of its
-- own; after the user agrees once, later taps grant at once, without an alert. Each grant works like
-- Allow Once: the app is When-In-Use until it stops being in use, then it is back where it was —
-- notDetermined, or denied for an app the user had denied. The button only grants: the app still has
-- to start a location service to get a location. A tap on an app that is already authorized changes
-- nothing (the app's own action still runs).
--
-- Demonstrates: LB1 LB2 LB3 LB4 LB5 LB6 · P12 (and P10) · E1 E7 · L2 · C3 · S1 S2 (“Ask Next Time Or When
--   I Share”) · Z0 Z1 (P12 in zh-Hans) · version gating (15.0).
-- Seeds: none — the button came after the seed posts (iOS 15, 2021).
-- Sources: shared/reference/ios15-26-research.md §2.1 (CLLocationButton documentation; WWDC21-10102
--   “Meet the Location Button”: the one-time alert, also for denied apps; open questions Q1–Q3), §2.2
--   (the Settings label), §8 / SYSTEM_STRINGS.md (P12: no public text — title, message and buttons are
--   the model's assumption, BEHAVIOR.md §4).

local flows = require "helpers.flows"

local P12_TITLE = "Allow “Store Finder” to use your location?"
local P12_MESSAGE = "This app will be able to use your location only when you tap the location button."
local ASK_NEXT_TIME = "Ask Next Time Or When I Share"

-- Store Finder (When-In-Use key only; or the sample app `name`) with a location button on its screen.
local function store_finder(phone, name)
  local app, manager = flows.open(phone, name or "StoreFinder")
  return app, manager, app:location_button()
end

-- The first tap, agreed to: P12, Allow, and the one-time grant's callback (LB1).
local function approve(button, accuracy)
  button:tap()
  expect_prompt({ kind = "locationButton" }):tap "Allow"
  expect_callback("locationManagerDidChangeAuthorization",
    { status = "authorizedWhenInUse", accuracy = accuracy or "fullAccuracy" })
end

-- Leaves the foreground past the 10 s grace (L2) and comes back: the grant has ended (E1, LB5).
local function lapse(app)
  app:background()
  clock:advance "11s"
  app:foreground()
end

describe("the first tap (LB1)", function()
  scenario("shows the button's own alert; Allow grants location once", { ios = { "15.0", "17.4", "26.0" } }, function()
    local phone = device {}
    local app, manager, button = store_finder(phone)

    button:tap()
    -- P12, not P7: the system's own explanation of the button, no usage description, two buttons.
    -- Its English text is not public; these are BEHAVIOR.md's assumed title, message and buttons.
    local alert = expect_prompt {
      kind = "locationButton",
      id = "P12",
      title = P12_TITLE,
      message = P12_MESSAGE,
      buttons = { "Don’t Allow", "Allow" },
    }
    alert:tap "Allow"

    -- The grant is Allow Once's: the app reads When-In-Use …
    expect_callback("locationManagerDidChangeAuthorization", { status = "authorizedWhenInUse", accuracy = "fullAccuracy" })
    expect(manager.authorizationStatus).to_be "authorizedWhenInUse"
    -- … and Settings shows the temporary choice, renamed on iOS 15 for the button's sake (S1, S2).
    expect(phone.settings:get(app)).to_be(ASK_NEXT_TIME)
    expect_no_callback()
  end)

  scenario("Don’t Allow changes nothing, and the next tap asks again", { ios = "17.4" }, function()
    local phone = device {}
    local _, manager, button = store_finder(phone)
    button:tap()
    expect_prompt({ id = "P12" }):tap "Don’t Allow"
    -- No grant and no callback (LB1, assumed): the app is still notDetermined, not denied.
    expect(manager.authorizationStatus).to_be "notDetermined"
    expect_no_callback()

    -- The user never agreed, so the button is not approved: the alert comes back.
    button:tap()
    expect_prompt { id = "P12" }
  end)

  scenario("a denied app sees the same alert", { ios = "17.4" }, function()
    local phone = device {}
    local _, manager, button = store_finder(phone)
    manager:requestWhenInUseAuthorization()
    expect_prompt({ id = "P7" }):tap "Don’t Allow"
    expect_callback("locationManagerDidChangeAuthorization", { status = "denied" })

    -- WWDC21: the button works for an app the user denied before — that is its point.
    button:tap()
    expect_prompt({ id = "P12", buttons = { "Don’t Allow", "Allow" } }):tap "Allow"
    expect_callback("locationManagerDidChangeAuthorization", { status = "authorizedWhenInUse" })
  end)
end)

describe("later taps", function()
  scenario("once approved, a tap grants at once, without an alert (LB2)", { ios = { "15.0", "26.0" } }, function()
    local phone = device {}
    local app, manager, button = store_finder(phone)
    approve(button)
    lapse(app)
    expect_callback("locationManagerDidChangeAuthorization", { status = "notDetermined" })

    button:tap()
    expect_no_prompt()
    expect_callback("locationManagerDidChangeAuthorization", { status = "authorizedWhenInUse", accuracy = "fullAccuracy" })
    expect(manager.authorizationStatus).to_be "authorizedWhenInUse"
  end)

  scenario("approved, then denied in Settings: a tap still grants at once (LB2)", { ios = "17.4" }, function()
    local phone = device {}
    local app, _, button = store_finder(phone)
    approve(button)
    phone.settings:set(app, "Never")
    expect_callback("locationManagerDidChangeAuthorization", { status = "denied" })

    button:tap()
    expect_no_prompt()
    expect_callback("locationManagerDidChangeAuthorization", { status = "authorizedWhenInUse" })
  end)

  -- LB3: an app that already has authorization gets nothing from the button — no alert, no callback.
  local setups = {
    ["While Using (permanent)"] = function(phone, app, manager)
      flows.grant_when_in_use(phone, app, manager)
    end,
    ["Allow Once from the first prompt"] = function(_, _, manager)
      manager:requestWhenInUseAuthorization()
      expect_prompt({ id = "P7" }):tap "Allow Once"
      expect_callback("locationManagerDidChangeAuthorization", { status = "authorizedWhenInUse" })
    end,
    ["a grant from an earlier tap"] = function(_, _, _, button)
      approve(button)
    end,
    ["While Using in Settings"] = function(phone, app)
      phone.settings:set(app, "While Using the App")
      expect_callback("locationManagerDidChangeAuthorization", { status = "authorizedWhenInUse" })
    end,
  }
  for _, label in ipairs { "While Using (permanent)", "Allow Once from the first prompt", "a grant from an earlier tap", "While Using in Settings" } do
    scenario("an authorized app: a tap changes nothing (LB3) — " .. label, { ios = "17.4" }, function()
      local phone = device {}
      local app, manager, button = store_finder(phone)
      setups[label](phone, app, manager, button)
      local before = manager.authorizationStatus

      button:tap()
      expect_no_prompt()
      expect_no_callback()
      expect(manager.authorizationStatus).to_be(before)
    end)
  end

  scenario("Reset Location & Privacy forgets the approval (E7)", { ios = "17.4" }, function()
    local phone = device {}
    local _, _, button = store_finder(phone)
    approve(button)
    phone.settings:reset_location_and_privacy()
    expect_callback("locationManagerDidChangeAuthorization", { status = "notDetermined" })

    button:tap()
    expect_prompt { id = "P12" }
  end)
end)

describe("the button grants, it does not locate (LB4)", function()
  scenario("no location until the app starts a service", { ios = "17.4" }, function()
    local phone = device {}
    local app, manager, button = store_finder(phone)
    approve(button)
    -- Apple: the button “doesn't provide the location”; the tap's action must start a location API.
    phone:set_location(31.2310, 121.4745)
    expect_no_callback()
    expect(manager.location).to_be_nil()

    manager:startUpdatingLocation()
    phone:set_location(31.2320, 121.4755)
    local update = expect_callback "didUpdateLocations"
    expect(update.locations).to_equal { { latitude = 31.2320, longitude = 121.4755, horizontalAccuracy = 5 } }
    expect(app.state).to_be "foreground"
  end)
end)

describe("when the grant ends (LB5)", function()
  scenario("like Allow Once: the grace passes and the app is notDetermined again", { ios = { "15.0", "17.4" } }, function()
    local phone = device {}
    local app, manager, button = store_finder(phone)
    approve(button)

    app:background()
    clock:advance "9s"   -- within the grace (L2): still granted
    expect(manager.authorizationStatus).to_be "authorizedWhenInUse"
    clock:advance "2s"   -- past it: the grant ends (E1)
    expect(manager.authorizationStatus).to_be "notDetermined"
    app:foreground()
    expect_callback("locationManagerDidChangeAuthorization", { status = "notDetermined" })
    expect(phone.settings:get(app)).to_be(ASK_NEXT_TIME)
  end)

  scenario("terminating the app ends it too", { ios = "17.4" }, function()
    local phone = device {}
    local app, _, button = store_finder(phone)
    approve(button)
    app:terminate()
    app:launch()
    app:location_manager()
    expect_callback("locationManagerDidChangeAuthorization", { status = "notDetermined" })
  end)

  scenario("a denied app goes back to denied, not to notDetermined", { ios = "17.4" }, function()
    local phone = device {}
    local app, manager, button = store_finder(phone)
    manager:requestWhenInUseAuthorization()
    expect_prompt():tap "Don’t Allow"
    expect_callback("locationManagerDidChangeAuthorization", { status = "denied" })
    approve(button)

    lapse(app)
    -- LB5 (assumed; Apple does not say): the button lent location for one use, the denial stands.
    expect_callback("locationManagerDidChangeAuthorization", { status = "denied" })
    expect(phone.settings:get(app)).to_be "Never"
  end)

  scenario("its accuracy follows the app's Precise setting: reduced with NSLocationDefaultAccuracyReduced", { ios = "17.4", tags = { "accuracy" } }, function()
    local phone = device {}
    -- Weather Lite declares NSLocationDefaultAccuracyReduced = true (K3).
    local _, manager, button = store_finder(phone, "WeatherLite")
    approve(button, "reducedAccuracy")
    expect(manager.accuracyAuthorization).to_be "reducedAccuracy"
  end)
end)

describe("Location Services off (LB6)", function()
  scenario("a tap asks to turn them on instead", { ios = "17.4" }, function()
    local phone = device { location_services = false }
    local app = phone:install { plist = flows.apps.StoreFinder }
    app:launch()
    local manager = app:location_manager()
    expect_callback("locationManagerDidChangeAuthorization", { status = "denied" })

    app:location_button():tap()
    expect_prompt({
      kind = "locationServicesOff",
      id = "P10",
      title = "Turn On Location Services to Allow “Store Finder” to Determine Your Location",
      buttons = { "Settings", "Cancel" },
    }):tap "Cancel"
    expect(manager.authorizationStatus).to_be "denied"
    expect_no_callback()
  end)
end)

describe("where the button exists", function()
  scenario("not before iOS 15", { ios = "14.8" }, function()
    local phone = device {}
    local app = flows.open(phone, "StoreFinder")
    flows.expect_missing_before("iOS 15", function() return app:location_button() end)
  end)

  scenario("only on the app's screen: a tap in the background is a mistake of the scenario", { ios = "17.4" }, function()
    local phone = device {}
    local app, _, button = store_finder(phone)
    app:background()
    local ok = pcall(function() button:tap() end)
    expect(ok).to_be(false)
  end)
end)

describe("in Simplified Chinese (Z0, Z1)", function()
  -- P12's zh-Hans texts are assumed too (SYSTEM_STRINGS.md); from iOS 16 they say 你, before 您.
  scenario("the alert in the phone's language", { ios = { "15.0", "17.4" }, tags = { "l10n" } }, function()
    local phone = device { locale = "zh-Hans" }
    local app, _, button = store_finder(phone)
    local you = flows.at_least(phone, "16.0") and "你" or "您"
    button:tap()
    local alert = expect_prompt {
      kind = "locationButton",
      title = "允许“附近门店”使用" .. you .. "的位置？",
      message = "只有在" .. you .. "轻点位置按钮时，此App才能使用" .. you .. "的位置。",
      buttons = { "不允许", "允许" },
    }
    -- The English label taps it too.
    alert:tap "Allow"
    expect_callback("locationManagerDidChangeAuthorization", { status = "authorizedWhenInUse" })
    expect(phone.settings:get(app)).to_be "下次询问或在我共享时"
  end)
end)
