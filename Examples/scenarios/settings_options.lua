-- Topic: the choices Settings lists for an app, by Info.plist keys and iOS version
--
-- What iOS does: an app's page in Settings › Privacy › Location Services lists “Never”, plus “While
-- Using the App” when the app has the When-In-Use key, plus “Always” when it has that iOS version's
-- Always key (NSLocationAlwaysUsageDescription on 8–10, NSLocationAlwaysAndWhenInUseUsageDescription
-- from 11). iOS 13 adds “Ask Next Time”, later renamed “Ask Next Time Or When I Share”, and the
-- selected choice follows the app's status.
--
-- Demonstrates: S1 S2 · phone.settings:options / get / set.
-- Seeds: 004 §三 (the lists for the When-In-Use key alone, for the Always key per version, and for
--   both; iOS 13 "下次询问" Ask Next Time), 004 §五.2 (Ask Next Time).
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
  -- NSLocationAlwaysUsageDescription only: Always on 8–10 ("永不、始终"); from 11 that key no longer counts.
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
