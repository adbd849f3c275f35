-- The floor: the corpus's scenario bodies run by plain lua5.4 against an API of no-op stubs.
--
--   lua5.4 Benchmarks/floor.lua FILE...    -- prints "<cases> cases"
--
-- It does what permsim does per case, minus the model, the bridge and the isolation checks: each file
-- is compiled once and its main chunk runs once, in a fresh environment table, to register the
-- scenarios (permsim's cases share that run while each leaves it as it found it); then each case's
-- body runs. What permsim costs beyond this is the price of its model, its bridge, its snapshot
-- checks and its reports.

local setupvalue, noop = debug.setupvalue, function() end

local alert = { tap = noop, set_precise = noop }
local manager = {
  requestWhenInUseAuthorization = noop, requestAlwaysAuthorization = noop,
  startUpdatingLocation = noop, stopUpdatingLocation = noop, requestLocation = noop,
}
local app = { launch = noop, background = noop, foreground = noop, terminate = noop }
function app.location_manager() return manager end
local phone = {}
function phone.install() return app end
local clock = { advance = noop }

-- A fresh environment: the stub API and the scenario registry of one case.
local function fresh_env(registry)
  local env = setmetatable({}, { __index = _G })
  env.device = function() return phone end
  env.expect_prompt = function() return alert end
  env.expect_callback, env.expect_no_callback, env.expect_no_prompt = noop, noop, noop
  env.expect = function() return { to_be = noop, to_equal = noop } end
  env.clock = clock
  env.describe = function(_, body) body() end
  env.scenario = function(_, options, body) registry[#registry + 1] = body or options end
  return env
end

local cases = 0
for _, path in ipairs(arg) do
  local chunk = assert(loadfile(path, "t"))
  local registry = {}
  setupvalue(chunk, 1, fresh_env(registry))
  chunk()
  for index = 1, #registry do
    registry[index]()
    cases = cases + 1
  end
end
print(cases .. " cases")
