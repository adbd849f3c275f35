-- helpers/flows.lua — building blocks shared by the Examples scenarios.
--
-- Load it with `local flows = require "helpers.flows"`. It registers no scenario, so `permsim run`
-- does not count it as a test file; every case gets a fresh copy, so nothing leaks between cases.
--
-- Paths handed to phone:install are relative to the *scenario file* that calls these functions,
-- not to this module. Every scenario of the gallery sits in Examples/scenarios/, so the sample apps
-- are one folder up, in Examples/apps/.

local flows = {}

-- MARK: - The sample apps

-- The Info.plist of each sample app (see Examples/README.md for what each one declares).
flows.apps = {
  WiFiFinder = "../apps/WiFiFinder/Info.plist",
  Navigator = "../apps/Navigator/Info.plist",
  Tracker = "../apps/Tracker/Info.plist",
  WeatherLite = "../apps/WeatherLite/Info.plist",
  WeatherLiteLegacy = "../apps/WeatherLiteLegacy/Info.plist",
  NoKeys = "../apps/NoKeys/Info.plist",
  LegacyAlways = "../apps/LegacyAlways/Info.plist",
  CoffeeClip = "../apps/CoffeeClip/Info.plist",
  -- iOS 15–26 (location button, live updates, monitors, sessions, widgets)
  StoreFinder = "../apps/StoreFinder/Info.plist",
  Stride = "../apps/Stride/Info.plist",
  Wayfinder = "../apps/Wayfinder/Info.plist",
  LocalWeather = "../apps/LocalWeather/Info.plist",
}

-- MARK: - Versions

-- "8" → 8, 0 · "13.4" → 13, 4 · "17.2.1" → 17, 2 (the patch never matters to these rules).
local function parse(version)
  local major, minor = string.match(version, "^(%d+)%.?(%d*)")
  return tonumber(major), tonumber(minor) or 0
end

-- Whether the phone runs `version` or later: flows.at_least(phone, "13.4").
---@param phone Device
---@param version string
---@return boolean
function flows.at_least(phone, version)
  local major, minor = parse(phone.ios)
  local want_major, want_minor = parse(version)
  return major > want_major or (major == want_major and minor >= want_minor)
end

-- Asserts that `use` fails because what it calls does not exist yet on this phone, with an error
-- that names the first version that has it:
-- flows.expect_missing_before("iOS 17", function() return app:monitor "Places" end).
---@param version string
---@param use fun(): any
function flows.expect_missing_before(version, use)
  local ok, message = pcall(use)
  expect(ok).to_be(false)
  expect(message).to_contain(version)
end

-- The delegate method that reports authorization on this phone (C4): the iOS 14 one when it exists.
---@param phone Device
---@return DelegateMethod
function flows.authorization_callback(phone)
  return flows.at_least(phone, "14.0") and "locationManagerDidChangeAuthorization" or "didChangeAuthorization"
end

-- An App Clip's first prompt (P14, A3) grants When-In-Use with this button (the wording is assumed).
flows.APP_CLIP_ALLOW = "Allow While Using Until Tomorrow"

-- The button of the first prompt that grants When-In-Use: "Allow" before iOS 13 (P2, P3),
-- "Allow While Using App" from iOS 13 (P7), and P14's button when `alert` is an App Clip's (A3).
---@param phone Device
---@param alert? Alert
---@return AlertButton
function flows.allow_button(phone, alert)
  for _, button in ipairs(alert and alert.buttons or {}) do
    if button == flows.APP_CLIP_ALLOW then return button end
  end
  return flows.at_least(phone, "13.0") and "Allow While Using App" or "Allow"
end

-- P7's buttons in the phone's order: Allow While Using App first on 13.x, Allow Once first from 14.
---@param phone Device
---@return AlertButton[]
function flows.first_prompt_buttons(phone)
  if flows.at_least(phone, "14.0") then
    return { "Allow Once", "Allow While Using App", "Don’t Allow" }
  end
  return { "Allow While Using App", "Allow Once", "Don’t Allow" }
end

-- MARK: - Flows

-- Installs a sample app, launches it and creates its location manager. The manager reports the
-- current status at once (C2), so the first callback is read here: a fresh install is notDetermined.
-- `options` are extra phone:install options (name, sdk, delegate, kind, …).
---@param phone Device
---@param name string a key of flows.apps
---@param options? InstallOptions
---@return App, CLLocationManager
function flows.open(phone, name, options)
  local install = { plist = assert(flows.apps[name], "no sample app named " .. tostring(name)) }
  for key, value in pairs(options or {}) do install[key] = value end
  local app = phone:install(install)
  app:launch()
  local manager = app:location_manager()
  app:expect_callback(flows.authorization_callback(phone), { status = "notDetermined" })
  return app, manager
end

-- Requests When-In-Use and taps the version's allow button; reads the resulting callback.
-- On iOS 14+ `precise` (default true) sets the alert's Precise switch first.
---@param phone Device
---@param app App
---@param manager CLLocationManager
---@param precise? boolean
---@return Callback
function flows.grant_when_in_use(phone, app, manager, precise)
  manager:requestWhenInUseAuthorization()
  local alert = phone:expect_prompt { kind = "authorization" }
  if precise == false then alert:set_precise(false) end
  alert:tap(flows.allow_button(phone, alert))
  return app:expect_callback(flows.authorization_callback(phone), { status = "authorizedWhenInUse" })
end

-- flows.open, then flows.grant_when_in_use: a sample app with a permanent While-Using grant, in the
-- foreground — where most cases of the iOS 17+ APIs start.
---@param phone Device
---@param name string a key of flows.apps
---@param options? InstallOptions
---@return App, CLLocationManager
function flows.while_using(phone, name, options)
  local app, manager = flows.open(phone, name, options)
  flows.grant_when_in_use(phone, app, manager)
  return app, manager
end

-- flows.open, then Always set in Settings (no prompt); reads the callback that reports it.
---@param phone Device
---@param name string a key of flows.apps
---@param options? InstallOptions
---@return App, CLLocationManager
function flows.always(phone, name, options)
  local app, manager = flows.open(phone, name, options)
  phone.settings:set(app, "Always")
  app:expect_callback(flows.authorization_callback(phone), { status = "authorizedAlways" })
  return app, manager
end

-- R21's trigger: the app updates in the background on three separate days, then the phone is
-- locked and unlocked, when the reminder (P11) shows.
---@param phone Device
---@param app App
---@param manager CLLocationManager
function flows.background_on_three_days(phone, app, manager)
  manager.allowsBackgroundLocationUpdates = true
  manager.pausesLocationUpdatesAutomatically = false
  manager:startUpdatingLocation()
  app:background()
  for day = 1, 3 do
    phone:set_location(31.2 + day / 10, 121.47)
    clock:advance "1d"
  end
  phone:lock()
  phone:unlock()
end

-- MARK: - Reading callbacks without fixing their order

-- Where an app's callback list ends now; pass it to flows.since to see what arrived after.
---@param app App
---@return integer
function flows.mark(app)
  return #app.callbacks
end

-- The callbacks named `name` (every one when `name` is nil) delivered to `app` after `mark`, oldest
-- first. For the places where BEHAVIOR.md fixes *what* arrives but not its order among other
-- callbacks (an authorization callback and a live update caused by the same tap, say).
---@param app App
---@param mark integer
---@param name? string
---@return Callback[]
function flows.since(app, mark, name)
  local found = {}
  for index = mark + 1, #app.callbacks do
    local callback = app.callbacks[index]
    if name == nil or callback.name == name then found[#found + 1] = callback end
  end
  return found
end

-- The newest callback named `name` delivered after `mark`, or nil.
---@param app App
---@param mark integer
---@param name string
---@return Callback?
function flows.last_since(app, mark, name)
  local found = flows.since(app, mark, name)
  return found[#found]
end

return flows
