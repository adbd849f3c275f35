-- Attempts to confuse the runner: registering while a case runs, deep nesting, duplicate names,
-- hooks that misbehave.

-- Tries: register a new scenario while one runs. Must: error.
scenario("registers a scenario while running", function()
  scenario("registered late", function() end)
end)

-- Tries: open a describe block while a case runs. Must: error.
scenario("calls describe while running", function()
  describe("late", function() end)
end)

-- Tries: add a before_each hook while a case runs. Must: error.
scenario("adds a hook while running", function()
  before_each(function() end)
end)

-- Tries: mark a case pending while a case runs. Must: error.
scenario("calls pending while running", function()
  pending("late")
end)

-- Tries: nest describe 150 levels deep. Must: pass; the name joins all levels.
local function nest(depth)
  if depth == 0 then
    scenario("at the bottom of 150 describes", function() end)
    return
  end
  describe("d", function() nest(depth - 1) end)
end
nest(150)

-- Tries: the same name three times. Must: three cases, named "dup", "dup #2" and "dup #3".
for _ = 1, 3 do
  scenario("dup", function() end)
end

-- Tries: a name that looks like a generated duplicate. Must: pass, names stay distinct.
scenario("dup #2", function() end)

-- Tries: an after_each hook that never returns. Must: error of type BudgetExceeded.
describe("hooks", function()
  after_each(function() while true do end end)
  scenario("after_each loops forever", function() end)
end)

-- Tries: a before_each hook that raises; the scenario must not run. Must: error.
describe("failing setup", function()
  before_each(function() error("setup broke") end)
  scenario("before_each raises", function() error("must not run") end)
end)

-- Tries: an on_prompt handler that never taps. Must: error.
scenario("on_prompt handler that never taps", function()
  local phone = device { ios = "14.0" }
  phone:on_prompt(function() end)
  local app = phone:install { info = { NSLocationWhenInUseUsageDescription = "x" } }
  app:launch()
  app:location_manager():requestWhenInUseAuthorization()
end)

-- Tries: an on_prompt handler that requests again from inside, in a loop without end that makes the
-- model record a dozen steps per instruction or so. Must: error; the host calls are charged to the
-- instruction budget, which runs out.
scenario("on_prompt handler that re-enters", function()
  local phone = device { ios = "14.0" }
  local manager
  phone:on_prompt(function(alert)
    manager:requestWhenInUseAuthorization()
    alert:tap("Allow Once")
  end)
  local app = phone:install { info = { NSLocationWhenInUseUsageDescription = "x" } }
  app:launch()
  manager = app:location_manager()
  manager:requestWhenInUseAuthorization()
  while true do
    app:background()
    clock:advance("1m")
    app:foreground()
    manager:requestWhenInUseAuthorization()
  end
end)
