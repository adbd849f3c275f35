local prelude, host, dbg, oslib, snapshots = ...
local next, ipairs, type, pcall, unpack, setupvalue = next, ipairs, type, pcall, table.unpack, dbg.setupvalue
local raw_next = select(2, dbg.getupvalue(pairs, 1)) or next -- the native next: prepare needs no order
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
  -- load returns nil and "not enough memory" when an engine's --memory cannot hold its own start:
  -- raised as it is, that is the memory error it is (a call of the nil would hide it).
  local make, problem = load(source, "=[permsim globals]", "t", {})
  if make == nil then error(problem, 0) end
  fresh_env = make(values)
end

local loader = {}
host.loader = loader
-- Starts a session on the state's own globals (a REPL or a one-off chunk), which get the API once.
function loader.begin()
  if shared_api == nil then shared_api = new_case(_G) end
end
-- Runs a file's main chunk in a case's environment, its math.random seeded with `seed`.
local function run_chunk(chunk, env, seed)
  env.math.randomseed(seed)
  setupvalue(chunk, 1, env)
  return chunk()
end
-- Runs a file's top level in a fresh environment and returns what it registered, packed (ScenarioEngine.collect).
-- The host holds no reference to the run, and has the chunk release it afterwards.
function loader.collect(chunk, chunk_seed)
  local env = fresh_env()
  local api = new_case(env)
  run_chunk(chunk, env, chunk_seed)
  return api.collect()
end
-- Lets a file's chunk drop the environment it last ran in (it shares it with what that run made), once
-- no case will share that run.
function loader.release(chunk)
  setupvalue(chunk, 1, nil)
end
-- The API's own values in a case's environment, which a snapshot compares by identity only: the
-- functions and userdata among its globals, the functions in its library tables and in its metatable.
-- Most are the same in every environment (the pristine functions, the host's); the others (describe,
-- scenario, require, ...) are made for each one. Which is which is learnt once, from two environments,
-- so that a top level's run does not walk its globals to list them.
local opaque_values
do
  local METATABLE = {} -- where a value is: in the environment's metatable
  local function at(env, key, member_key)
    local holder = key == METATABLE and getmetatable(env) or rawget(env, key)
    if member_key == nil then return holder end
    return type(holder) == "table" and rawget(holder, member_key) or nil
  end
  local function each_api_value(env, visit)
    local function members(t, key)
      for member_key, member in raw_next, t do
        if type(member) == "function" then visit(member, key, member_key) end
      end
    end
    for key, value in raw_next, env do
      local kind = type(value)
      if kind == "function" or kind == "userdata" then
        visit(value, key)
      elseif kind == "table" then
        members(value, key)
      end
    end
    members(getmetatable(env), METATABLE)
  end
  local shared, own -- the values every environment holds; where each holds its own
  local function learn()
    local first, second = fresh_env(), fresh_env()
    new_case(first)
    new_case(second)
    shared, own = {}, {}
    each_api_value(first, function(value, key, member_key)
      if rawequal(at(second, key, member_key), value) then
        shared[#shared + 1] = value
      else
        own[#own + 1] = { key, member_key }
      end
    end)
  end
  -- Returns the values every environment holds (one list, never copied) and a list of env's own.
  function opaque_values(env)
    if shared == nil then learn() end
    local list = {}
    for _, where in ipairs(own) do
      local value = at(env, where[1], where[2])
      if value ~= nil then list[#list + 1] = value end
    end
    return shared, list
  end
end
-- Runs a file's top level once for the cases that follow (ScenarioEngine.run), into loader.prepared: every registration is
-- kept, and a snapshot records what the cases can reach (clua_snapshot.c). The API's own functions and
-- userdata, put in the environment before the top level ran, are compared by identity only.
function loader.prepare(chunk, chunk_seed)
  local env = fresh_env()
  local api = new_case(env)
  local shared_opaque, own_opaque = opaque_values(env)
  run_chunk(chunk, env, chunk_seed)
  local taken, snapshot = pcall(snapshots.take, api.roots(), shared_opaque, own_opaque)
  loader.prepared = {
    chunk = chunk, env = env, api = api, snapshot = taken and snapshot or nil, api_roots = { env, api.loaded },
  }
end
-- What a prepared top level registered, packed as collect packs it (ScenarioEngine.collect keeps the
-- run for the file's next case); the host holds the prepared table from here on.
function loader.registrations(prepared)
  loader.prepared = nil
  return prepared.api.collect()
end
-- Runs one case on a prepared top level (see prepare).
function loader.run_prepared(prepared, index, name, line, occurrence, case_seed)
  loader.prepared = nil
  prepared.roots = prepared.api.select(index, name, line, occurrence)
  host.begin_body()
  prepared.api.run(case_seed, prepared.chunk)
end
-- Whether the prepared top level is still as its snapshot recorded it after its last case (what that
-- case could reach: its body and hooks, and the globals and required modules when they reach the API),
-- so the next case may use it.
function loader.unchanged(prepared)
  local snapshot, roots = prepared.snapshot, prepared.roots
  if snapshot == nil or roots == nil then return false end
  return snapshots.same(snapshot, prepared.api_roots, unpack(roots))
end
