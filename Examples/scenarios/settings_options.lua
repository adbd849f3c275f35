-- Topic: the choices Settings lists for an app, by Info.plist keys and iOS version
--
-- What iOS does: an app's page in Settings › Privacy › Location Services lists “Never”, plus “While
-- Using the App” when the app has the When-In-Use key (from 11 also when it has
-- NSLocationAlwaysAndWhenInUseUsageDescription), plus “Always” when it has that iOS version's Always
-- key (NSLocationAlwaysUsageDescription on 8–10, NSLocationAlwaysAndWhenInUseUsageDescription from 11,
-- or the old key for an app linked before 11). iOS 13 adds “Ask Next Time”, later renamed “Ask Next
-- Time Or When I Share”, and the selected choice follows the app's status; picking the choice already
-- selected changes nothing.
--
-- Demonstrates: S1 S2 D2 K1b · phone.settings:options / get / set.
-- Seeds: 004 §三 (the lists for the When-In-Use key alone, for the Always key per version, and for
--   both; iOS 13 "下次询问" Ask Next Time; from 11 "而无论配没配过 NSLocationWhenInUseUsageDescription"
--   the new Always key brings While Using the App), 004 §五.2 (Ask Next Time), 003 point 2 (the SDK).
-- Sources: shared/reference/ios-location-behavior.md §9 (options by version), §2 iOS 15 (the longer label).
-- The iOS 7 list (Never / Always for every app) is a model assumption: seed 004 describes it, but no
-- other source confirms iOS 7's Settings screen.

local flows = require "helpers.flows"

local NEVER, WHILE_USING, ALWAYS = "Never", "While Using the App", "Always"
local ASK_13, ASK_15 = "Ask Next Time", "Ask Next Time Or When I Share"

-- The expected lists: app → { { versions }, options }.
local EXPECTED = {
  -- NSLocationWhenInUseUsageDescription only (seed 004 §三.1: "永不、使用应用期间").
  WiFiFinder = {
    { { "8.4", "10.3", "11.4", "12.5" }, { NEVER, WHILE_USING } },
    { { "13.0", "14.0" }, { NEVER, ASK_13, WHILE_USING } },
    { { "15.0", "17.0" }, { NEVER, ASK_15, WHILE_USING } },
  },
  -- NSLocationAlwaysUsageDescription only: Always on 8–10 ("永不、始终"); from 11 that key no longer
  -- counts for an app linked against 11+ (the install default: the device's SDK). K1b: below.
  LegacyAlways = {
    { { "8.4", "10.3" }, { NEVER, ALWAYS } },
    { { "11.4", "12.5" }, { NEVER } },
    { { "13.0", "14.0" }, { NEVER, ASK_13 } },
  },
  -- The When-In-Use key and both Always keys: every choice ("永不、使用应用期间、始终").
  Navigator = {
    { { "8.4", "10.3", "11.4", "12.5" }, { NEVER, WHILE_USING, ALWAYS } },
    { { "13.0", "14.0" }, { NEVER, ASK_13, WHILE_USING, ALWAYS } },
    { { "15.0", "17.0", "18.0" }, { NEVER, ASK_15, WHILE_USING, ALWAYS } },
  },
}

for _, app_name in ipairs { "WiFiFinder", "LegacyAlways", "Navigator" } do
  describe(app_name, function()
    for _, group in ipairs(EXPECTED[app_name]) do
      local versions, options = group[1], group[2]
      -- One scenario per group, run once per listed version.
      scenario("lists " .. table.concat(options, " / "), { ios = versions, tags = { "settings" } }, function()
        local phone = device {}
        local app = phone:install { plist = flows.apps[app_name] }
        expect(phone.settings:options(app)).to_equal(options)
      end)
    end
  end)
end

describe("S1 from iOS 11: NSLocationAlwaysAndWhenInUseUsageDescription alone", function()
  -- Seed 004: with the new Always key the list gains While Using the App, whatever the When-In-Use key.
  local INFO = { NSLocationAlwaysAndWhenInUseUsageDescription = "Commute warns you about traffic." }
  scenario("lists While Using the App and Always", { ios = { "11.4", "14.0" }, tags = { "settings" } }, function()
    local phone = device {}
    local app = phone:install { name = "Commute", info = INFO }
    local expected = flows.at_least(phone, "13.0") and { NEVER, ASK_13, WHILE_USING, ALWAYS } or { NEVER, WHILE_USING, ALWAYS }
    expect(phone.settings:options(app)).to_equal(expected)
  end)

  scenario("means nothing before 11", { ios = "10.3", tags = { "settings" } }, function()
    local phone = device {}
    local app = phone:install { name = "Commute", info = INFO }
    expect(phone.settings:options(app)).to_equal { NEVER }
  end)
end)

describe("K1b: an app linked before iOS 11 keeps the old Always key", function()
  scenario("lists Always with NSLocationAlwaysUsageDescription alone", { ios = { "11.4", "14.0" }, tags = { "settings" } }, function()
    local phone = device {}
    local app = phone:install { plist = flows.apps.LegacyAlways, sdk = "10.3" }
    local expected = flows.at_least(phone, "13.0") and { NEVER, ASK_13, ALWAYS } or { NEVER, ALWAYS }
    expect(phone.settings:options(app)).to_equal(expected)
  end)
end)

describe("iOS 7", function()
  scenario("every app gets Never / Always", { ios = "7.1", tags = { "settings" } }, function()
    local phone = device {}
    local app = phone:install { name = "Old Maps", info = { NSLocationUsageDescription = "Old Maps shows where you are." } }
    expect(phone.settings:options(app)).to_equal { NEVER, ALWAYS }
  end)
end)

describe("the selected choice (S2)", function()
  scenario("follows the status", { ios = "14.0", tags = { "settings" } }, function()
    local phone = device {}
    local app, manager = flows.open(phone, "Navigator")
    expect(phone.settings:get(app)).to_be(ASK_13)

    flows.grant_when_in_use(phone, app, manager)
    expect(phone.settings:get(app)).to_be(WHILE_USING)

    manager:requestAlwaysAuthorization()
    expect_prompt():tap "Change to Always Allow"
    expect(phone.settings:get(app)).to_be(ALWAYS)
  end)

  scenario("D2: picking the choice already selected changes nothing", { ios = "14.0", tags = { "settings" } }, function()
    local phone = device {}
    local app, manager = flows.open(phone, "Navigator")
    -- Allow Once shows as Ask Next Time (S2); picking it again keeps the one-time grant, silently.
    manager:requestWhenInUseAuthorization()
    expect_prompt():tap "Allow Once"
    expect_callback("locationManagerDidChangeAuthorization", { status = "authorizedWhenInUse" })
    expect(phone.settings:get(app)).to_be(ASK_13)
    phone.settings:set(app, ASK_13)
    expect(manager.authorizationStatus).to_be "authorizedWhenInUse"
    expect_no_callback()
  end)

  scenario("before iOS 13 an app that never asked has nothing selected", { ios = "12.5", tags = { "settings" } }, function()
    local phone = device {}
    local app = phone:install { plist = flows.apps.Navigator }
    expect(phone.settings:get(app)).to_be_nil()
  end)

  scenario("a choice the screen does not list cannot be picked", { ios = "14.0", tags = { "settings" } }, function()
    local phone = device {}
    local app = phone:install { plist = flows.apps.WiFiFinder }
    local ok, message = pcall(function() phone.settings:set(app, ALWAYS) end)
    expect(ok).to_be(false)
    -- The error lists what the screen shows.
    expect(message).to_contain "“Never”, “Ask Next Time”, “While Using the App”"
  end)
end)
