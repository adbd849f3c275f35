-- The floor: the corpus's scenario bodies run by plain lua5.4 against an API of no-op stubs.
--
--   lua5.4 Benchmarks/floor.lua FILE...    -- prints "<cases> cases"
--
-- It does what permsim does per case, minus the model and the bridge: each file is compiled once; each
-- case gets a fresh environment table (standing in for a fresh lua_State), the file's main chunk runs
-- again in it to register the scenarios, and the case's body runs. What permsim costs beyond this is
-- the price of its model, its bridge and its reports.

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
    local fresh = {}
    setupvalue(chunk, 1, fresh_env(fresh))
    chunk()
    fresh[index]()
    cases = cases + 1
  end
end
print(cases .. " cases")
