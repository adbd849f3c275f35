-- Topic: CLMonitor — named monitors of circular conditions (iOS 17+)
--
-- What iOS does: from iOS 17, CLMonitor replaces region monitoring. An app opens a monitor by name (one
-- instance per name at a time), adds conditions — here circles around a place — and iterates its
-- events. Each condition starts `unknown` and becomes `satisfied` (the device is inside) or
-- `unsatisfied` (outside); every change, the first one included, is an event. A While-Using app gets
-- events only while it is in use; an Always app gets them in the background too, and on iOS 17 a
-- terminated Always app is launched into the background for one. From iOS 18 events carry diagnostics,
-- none are delivered under approximate location, opening a monitor asks for When-In-Use like iterating
-- live updates does, and Always reaches a monitor in the background only while the app holds an
-- `always` service session (service_sessions.lua).
--
-- Demonstrates: MN1 MN2 · IM1 (18: opening a monitor asks) · AW1 (18) · DG6 DG10 as a monitor reports
--   them · E12 (the background launch, 17.x) · L2 · version gating (17.0).
-- Seeds: none — CLMonitor came after the seed posts (iOS 17, 2023).
-- Sources: shared/reference/ios15-26-research.md §4.2 (CLMonitor.h; WWDC23-10147 “Meet Core Location
--   Monitor”: a terminated app is relaunched for events when it is authorized), §5.3 (AW1), §5.5 (DG10:
--   no events under reduced accuracy). Not launching a terminated app for monitor events on 18+ is a
--   model decision (MN2: AW1 needs an `always` session, which termination ends).

local flows = require "helpers.flows"
local places = require "helpers.places"

-- Three places on one north–south line: home (where the phone starts), the office 2 km north, and a
-- point halfway, 1 km from each — outside both 200 m circles.
local HOME = places.HOME
local OFFICE = { identifier = "office", latitude = 31.2484, longitude = 121.4737, radius = 200 }
local MIDWAY = { latitude = 31.2394, longitude = 121.4737 }

local go = places.move

-- Cases start from flows.while_using(phone, "Stride") (a permanent While-Using grant, in the
-- foreground) or flows.always(phone, "Stride") (Stride set to Always in Settings).

-- The monitor events delivered after `mark`.
local function events_since(app, mark)
  return flows.since(app, mark, "monitorEvent")
end

-- Opens the "Places" monitor and adds HOME, where the phone starts: its first event, satisfied.
local function watch_home(app)
  app:monitor("Places"):add(HOME)
  expect_callback("monitorEvent", { state = "satisfied" })
end

-- An Always Stride watching HOME, then terminated (by the user or the system).
local function terminated_while_watching(phone)
  local app = flows.always(phone, "Stride")
  watch_home(app)
  app:terminate()
  return app
end

-- Watches HOME, sends `app` to the background for `wait`, then walks to MIDWAY: the number of
-- monitor events that reached the app (MN2).
local function events_in_background(phone, app, wait)
  watch_home(app)

  app:background()
  clock:advance(wait)
  local mark = flows.mark(app)
  go(phone, MIDWAY)
  return #events_since(app, mark)
end

describe("conditions and their states (MN1)", function()
  scenario("each change of state is an event, the first one included", { ios = { "17.0", "17.4", "18.0", "26.0" } }, function()
    local phone = device {}
    local app = flows.while_using(phone, "Stride")
    local monitor = app:monitor "Places"

    -- Evaluated when added: the phone is at home, so home is satisfied at once …
    monitor:add(HOME)
    local first = expect_callback("monitorEvent", { source = 1, identifier = "home", state = "satisfied" })
    if flows.at_least(phone, "18.0") then
      expect(first.diagnostics).to_equal {}
    else
      expect(first.diagnostics).to_be_nil()
    end
    -- … and the office, 2 km away, unsatisfied.
    monitor:add(OFFICE)
    expect_callback("monitorEvent", { source = 1, identifier = "office", state = "unsatisfied" })
    expect(monitor:state "home").to_be "satisfied"
    expect(monitor:state "office").to_be "unsatisfied"

    -- Halfway: only home changes.
    go(phone, MIDWAY)
    expect_callback("monitorEvent", { identifier = "home", state = "unsatisfied" })
    expect_no_callback()
    go(phone, OFFICE)
    expect_callback("monitorEvent", { identifier = "office", state = "satisfied" })
    expect(monitor:state "office").to_be "satisfied"

    -- A removed condition raises nothing more.
    monitor:remove "office"
    go(phone, HOME)
    expect_callback("monitorEvent", { identifier = "home", state = "satisfied" })
    expect_no_callback()
  end)

  scenario("one monitor per name; `source` tells them apart", { ios = "17.4" }, function()
    local phone = device {}
    local app = flows.while_using(phone, "Stride")
    local places_monitor = app:monitor "Places"
    local trails_monitor = app:monitor "Trails"
    trails_monitor:add { identifier = "park-loop", latitude = OFFICE.latitude, longitude = OFFICE.longitude, radius = 500 }
    expect_callback("monitorEvent", { source = 2, identifier = "park-loop", state = "unsatisfied" })
    places_monitor:add(HOME)
    expect_callback("monitorEvent", { source = 1, identifier = "home", state = "satisfied" })
    expect(trails_monitor:state "park-loop").to_be "unsatisfied"
  end)

  scenario("iOS 17, before the user decides: conditions stay unknown, nothing is asked", { ios = "17.4" }, function()
    local phone = device {}
    local app, manager = flows.open(phone, "Stride")
    local monitor = app:monitor "Places"
    monitor:add(HOME)
    -- The monitor may not receive events yet, so the condition is not evaluated (MN1) and, on 17,
    -- opening a monitor does not prompt (LU2's reasoning: auto-prompting came with iOS 18).
    expect_no_prompt()
    expect_no_callback()
    expect(monitor:state "home").to_be "unknown"

    manager:requestWhenInUseAuthorization()
    expect_prompt({ id = "P7" }):tap "Allow While Using App"
    local mark = flows.mark(app)
    go(phone, MIDWAY)
    -- Evaluated at the next move: the phone has left home.
    expect(monitor:state "home").to_be "unsatisfied"
    local events = events_since(app, mark)
    expect(events[#events] and events[#events].state).to_be "unsatisfied"
  end)

  scenario("iOS 18: opening a monitor asks, as an implicit When-In-Use session (IM1)", { ios = { "18.0", "26.0" } }, function()
    local phone = device {}
    local app = flows.open(phone, "Stride")
    local monitor = app:monitor "Places"
    local alert = expect_prompt {
      kind = "authorization",
      id = "P7",
      message = "Stride records the route and pace of your workouts.",
      buttons = { "Allow Once", "Allow While Using App", "Don’t Allow" },
    }
    expect(monitor.diagnostics.authorizationRequestInProgress).to_be(true)   -- DG6
    alert:tap "Allow While Using App"
    expect(monitor.diagnostics).to_equal {}

    local mark = flows.mark(app)
    monitor:add(HOME)
    expect(monitor:state "home").to_be "satisfied"
    local events = events_since(app, mark)
    expect(#events).to_be(1)
    expect(events[1].identifier).to_be "home"
  end)
end)

describe("while the app is not in use (MN2)", function()
  scenario("While Using: no events once the grace is over", { ios = { "17.4", "18.0" } }, function()
    local phone = device {}
    local app = flows.while_using(phone, "Stride")
    expect(events_in_background(phone, app, "11s")).to_be(0)
    -- A background activity session would keep them coming: background_activity_sessions.lua.
  end)

  -- Always in the background: events on 17.x; on 18 only with an `always` service session (AW1).
  for _, case in ipairs { { ios = "17.4", events = 1 }, { ios = "18.0", events = 0 } } do
    scenario("Always, in the background, no session: " .. (case.events == 1 and "events arrive" or "no events (AW1)"),
      { ios = case.ios, tags = { "background" } }, function()
      local phone = device {}
      local app = flows.always(phone, "Stride")
      expect(events_in_background(phone, app, "1m")).to_be(case.events)
    end)
  end

  scenario("iOS 17: a terminated Always app is launched into the background for an event", { ios = "17.4", tags = { "background" } }, function()
    local phone = device {}
    local app = terminated_while_watching(phone)

    go(phone, MIDWAY)
    -- As for region monitoring (E12): the system launches the app to handle the event …
    expect(app.state).to_be "background"
    -- … and the app reopens its monitor by name; its conditions outlived the process.
    local monitor = app:monitor "Places"
    expect(monitor:state "home").to_be "unsatisfied"
  end)

  scenario("iOS 18: it is not (no `always` session survives termination)", { ios = { "18.0", "26.0" }, tags = { "background" } }, function()
    local phone = device {}
    local app = terminated_while_watching(phone)

    go(phone, MIDWAY)
    expect(app.state).to_be "notRunning"
  end)
end)

describe("approximate location", function()
  scenario("iOS 18: no events at all, and the monitor says why (DG10)", { ios = { "18.0", "26.0" }, tags = { "accuracy" } }, function()
    local phone = device {}
    -- Weather Lite: NSLocationDefaultAccuracyReduced (K3), so its grant is approximate.
    local app = flows.while_using(phone, "WeatherLite")
    local monitor = app:monitor "Places"
    local mark = flows.mark(app)
    monitor:add(HOME)
    go(phone, MIDWAY)
    go(phone, OFFICE)
    expect(#events_since(app, mark)).to_be(0)
    expect(monitor.diagnostics).to_equal { accuracyLimited = true }
  end)
end)

describe("where monitors exist", function()
  scenario("not before iOS 17", { ios = "16.7" }, function()
    local phone = device {}
    local app = flows.while_using(phone, "Stride")
    flows.expect_missing_before("iOS 17", function() return app:monitor "Places" end)
  end)
end)
