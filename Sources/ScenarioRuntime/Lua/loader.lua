local prelude, host, dbg, oslib = ...
local next, ipairs, setupvalue = next, ipairs, dbg.setupvalue
local new_case = prelude(host, dbg, oslib)
local pristine = {}
for key, value in next, _G do pristine[key] = value end
local libraries = { "string", "table", "math", "utf8", "coroutine" }
local shared_api

-- fresh_env() makes a case's globals: the pristine ones, with fresh copies of the library tables.
-- It is compiled here into one table constructor, which Lua presizes and fills
-- without a loop: a case pays a few microseconds for it, not tens.
local fresh_env
do
  local values, body = {}, {}
  local function field(key, value)
    if type(key) ~= "string" then error("permsim: a global or library key is not a string", 0) end
    values[#values + 1] = value
    return string.format("[%q] = v[%d]", key, #values)
  end
  local copied = {}
  for _, name in ipairs(libraries) do copied[name] = true end
  for key, value in next, pristine do
    if not copied[key] then body[#body + 1] = field(key, value) end
  end
  for _, name in ipairs(libraries) do
    local entries = {}
    for key, value in next, pristine[name] do entries[#entries + 1] = field(key, value) end
    body[#body + 1] = string.format("[%q] = { %s }", name, table.concat(entries, ", "))
  end
  local source = "local v = ...\nreturn function()\nlocal env = { " .. table.concat(body, ",\n")
    .. " }\nenv._G = env\nreturn env\nend\n"
  fresh_env = load(source, "=[permsim globals]", "t", {})(values)
end

local loader = {}
host.loader = loader
-- Starts a case: `shared` uses the state's own globals (a REPL or a one-off session), once.
function loader.begin(shared)
  if shared and shared_api then
    loader.env, loader.api = _G, shared_api
    return
  end
  local env = shared and _G or fresh_env()
  local api = new_case(env)
  if shared then shared_api = api end
  loader.env, loader.api = env, api
end
-- Runs a file's main chunk in a case's environment, its math.random seeded with `seed`.
function loader.run_chunk(chunk, env, seed)
  env.math.randomseed(seed)
  setupvalue(chunk, 1, env)
  return chunk()
end
-- Runs one case of a file (ScenarioEngine.runCase): everything a case needs, in one call from the host.
-- The case is the registration of identity (index, name, line, occurrence): see ScenarioIdentity.
function loader.run_case(chunk, index, name, line, occurrence, chunk_seed, case_seed)
  local env = fresh_env()
  local api = new_case(env)
  api.target(index, name, line, occurrence)
  loader.run_chunk(chunk, env, chunk_seed)
  host.begin_body()
  api.run(case_seed, chunk)
end
