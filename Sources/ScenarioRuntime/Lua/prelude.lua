-- The scenario test language: registration (describe, scenario, pending, hooks), the case runner,
-- matchers (expect) and the expect_* checks of SCENARIO_API.md §2, §5, §6, §10.
--
-- The engine runs this chunk once, as "=[permsim]", with `host` (primitives implemented in Swift),
-- `dbg` and `oslib` (the debug and os libraries, hidden from scenarios). What does not depend on
-- a case is made here, once; the chunk returns `new_case(env)`, which the engine calls for every
-- case with the case's fresh global table, to define the API there and return what the host drives.
local host, dbg, oslib = ...

local getinfo, traceback, userframe = dbg.getinfo, dbg.traceback, dbg.userframe
local type, tostring, select, error, pairs, ipairs, next = type, tostring, select, error, pairs, ipairs, next
local setmetatable, getmetatable, rawequal, rawget, rawset, pcall, xpcall = setmetatable, getmetatable, rawequal, rawget, rawset, pcall, xpcall
local math_type, randomseed = math.type, math.randomseed
-- Lua's own next (the sandbox's pairs keeps it as its upvalue), for copies whose order does not
-- matter: the sandbox's next visits keys in a defined order, at the cost of a scan or a sort.
local raw_next = select(2, dbg.getupvalue(pairs, 1)) or next
local s_format, s_find, s_rep, s_sub, s_gsub, s_match = string.format, string.find, string.rep, string.sub, string.gsub, string.match
local t_concat, t_insert, t_sort, t_unpack = table.concat, table.insert, table.sort, table.unpack
local s_pack = string.pack
local s_gmatch, u_charpattern, u_codepoint = string.gmatch, utf8.charpattern, utf8.codepoint

local PRELUDE_SOURCE = "=[permsim]"

-- MARK: - Locations and errors

-- The short source and current line of the first frame of the stack that belongs to the author's
-- code (not this prelude, not C), from `level` up; nil when there is none.
local function user_frame(level)
  local src, line = userframe(level + 1, PRELUDE_SOURCE)
  return src, line
end

local function user_where(level)
  local src, line = user_frame(level + 1)
  if src == nil or line == nil or line < 0 then return nil end
  return src .. ":" .. line
end

-- A scenario mistake (wrong argument, unknown name): a Lua error positioned at the author's line.
local function misuse(message)
  local where = user_where(2)
  error(where and (where .. ": " .. message) or message, 0)
end

local function did_you_mean(word, candidates)
  local best = host.suggest(word, candidates)
  return best and (" (did you mean " .. best .. "?)") or ""
end

-- An expectation that did not hold: raised as a failure signal (a typed record only the host makes),
-- so the report says *failure*, not error, at the author's line.
local function fail(message, details)
  local src, line = user_frame(2)
  error(host.failure(message, details, src, line, traceback(nil, 2)), 0)
end

local function check_type(fname, n, value, expected, optional)
  local actual = type(value)
  if actual == expected or (optional and value == nil) then return end
  misuse(s_format("bad argument #%d to '%s' (%s expected, got %s)", n, fname, expected,
    value == nil and "no value" or actual))
end

-- MARK: - Showing values

local function is_identifier(s)
  return type(s) == "string" and s_find(s, "^[%a_][%w_]*$") ~= nil
end

local show

local function sorted_keys(t)
  local keys, n = {}, 0
  for k in next, t do
    n = n + 1
    keys[n] = k
  end
  t_sort(keys, function(a, b)
    local ta, tb = type(a), type(b)
    if ta ~= tb then return ta < tb end
    if ta == "number" or ta == "string" then return a < b end
    return tostring(a) < tostring(b)
  end)
  return keys
end

local function show_table(t, depth, seen)
  if seen[t] then return "<cycle>" end
  if depth > 3 then return "{…}" end
  seen[t] = true
  local parts, n = {}, #t
  for i = 1, n do parts[i] = show(rawget(t, i), depth + 1, seen) end
  for _, k in ipairs(sorted_keys(t)) do
    if not (math_type(k) == "integer" and k >= 1 and k <= n) then
      local key = is_identifier(k) and k or ("[" .. show(k, depth + 1, seen) .. "]")
      parts[#parts + 1] = key .. " = " .. show(rawget(t, k), depth + 1, seen)
    end
  end
  seen[t] = nil
  if #parts == 0 then return "{}" end
  return "{ " .. t_concat(parts, ", ") .. " }"
end

-- A readable, Lua-like rendering of a value for failure messages.
function show(v, depth, seen)
  local tv = type(v)
  if tv == "string" then return '"' .. s_gsub(v, '[\\"\n]', { ["\\"] = "\\\\", ['"'] = '\\"', ["\n"] = "\\n" }) .. '"' end
  if tv == "table" then
    local mt = dbg.getmetatable(v)
    if type(mt) == "table" and rawget(mt, "__tostring") then return tostring(v) end
    return show_table(v, depth or 0, seen or {})
  end
  if tv == "number" and math_type(v) == "float" and v == v and v % 1 == 0 and v > -1e15 and v < 1e15 then
    return s_format("%.1f", v)
  end
  return tostring(v)
end

local function deep_equal(a, b, seen)
  if rawequal(a, b) then return true end
  if type(a) ~= "table" or type(b) ~= "table" then return a == b end
  seen = seen or {}
  if seen[a] == b then return true end
  seen[a] = b
  for k, va in next, a do
    if not deep_equal(va, rawget(b, k), seen) then return false end
  end
  for k in next, b do
    if rawget(a, k) == nil then return false end
  end
  return true
end

-- MARK: - Explaining differences

-- Characters that look like others: the system's typography (’ “ ” … as SYSTEM_STRINGS.md has it)
-- and what a keyboard types instead.
local LOOKALIKES = {
  ["’"] = "'", ["‘"] = "'", ["′"] = "'", ["“"] = '"', ["”"] = '"', ["″"] = '"', ["–"] = "-", ["—"] = "-",
  ["−"] = "-", ["…"] = "...", ["\u{A0}"] = " ", ["\u{202F}"] = " ", ["\u{2009}"] = " ",
}

local function characters(text)
  local out = {}
  for ch in s_gmatch(text, u_charpattern) do out[#out + 1] = ch end
  return out
end

local function show_character(ch)
  if ch == nil then return "nothing" end
  return s_format("%s (U+%04X)", show(ch), u_codepoint(ch))
end

-- For two strings that read alike but differ only in look-alike characters: which character differs.
local function lookalike_hint(actual, expected)
  if type(actual) ~= "string" or type(expected) ~= "string" or actual == expected then return nil end
  if #actual > 4096 or #expected > 4096 then return nil end -- texts people read, not data
  if s_gsub(actual, u_charpattern, LOOKALIKES) ~= s_gsub(expected, u_charpattern, LOOKALIKES) then return nil end
  local a, e = characters(actual), characters(expected)
  for i = 1, #a > #e and #a or #e do
    if a[i] ~= e[i] then
      return s_format("the strings differ only in look-alike characters: character %d is %s, expected %s",
        i, show_character(a[i]), show_character(e[i]))
    end
  end
end

-- Where two tables that are not deep-equal first differ: a path such as `[3]` or `.title[2]`, and the
-- values there. Array elements come first, in order, then the other keys in sorted order.
local function first_difference(actual, expected, path, seen)
  seen = seen or {}
  if type(actual) ~= "table" or type(expected) ~= "table" or seen[actual] then return path, actual, expected end
  seen[actual] = true
  local keys, listed = {}, {}
  local n = #actual > #expected and #actual or #expected
  for i = 1, n do keys[i], listed[i] = i, true end
  for _, t in ipairs({ actual, expected }) do
    for _, k in ipairs(sorted_keys(t)) do
      if not listed[k] then keys[#keys + 1], listed[k] = k, true end
    end
  end
  for _, k in ipairs(keys) do
    local a, e = rawget(actual, k), rawget(expected, k)
    if not deep_equal(a, e) then
      local step = is_identifier(k) and ("." .. k) or ("[" .. show(k) .. "]")
      return first_difference(a, e, path .. step, seen)
    end
  end
  return path, actual, expected
end

-- "at [3]: got "Don't Allow", expected "Don’t Allow"" for tables, with a look-alike hint when one applies.
local function describe_difference(actual, expected)
  local hint
  if type(actual) == "table" and type(expected) == "table" then
    local path, a, e = first_difference(actual, expected, "")
    hint = s_format("first difference at %s: got %s, expected %s", path, show(a), show(e))
    local lookalike = lookalike_hint(a, e)
    if lookalike then hint = hint .. "; " .. lookalike end
    return hint
  end
  return lookalike_hint(actual, expected)
end

-- MARK: - Registration

local SCENARIO_OPTIONS = { "tags", "ios", "skip" }
local NO_TAGS = {} -- the tags of a scenario registered without options (only ever read)

local function check_string_list(fname, option, value)
  if type(value) ~= "table" then misuse(s_format("bad option '%s' to '%s' (list of strings expected, got %s)", option, fname, type(value))) end
  for i, v in ipairs(value) do
    if type(v) ~= "string" then misuse(s_format("bad option '%s' to '%s' (element %d is a %s, not a string)", option, fname, i, type(v))) end
  end
end

-- MARK: - Running one case

-- Turns what a failed call raised into a signal the host can classify, keeping the original traceback
-- and the author's line. A failure or crash signal stays what it is; anything else becomes an error
-- signal placed at the author's frame (a position the message claims is not believed). Tables are
-- read raw: a message handler runs no metamethods of the author's.
-- The text of an error value: a string as it is, a signal as it shows itself, a value with a
-- __tostring as it shows itself (run protected), anything else named by its type.
local function error_text(err)
  if type(err) == "string" then return err end
  if host.signal_kind(err) then return tostring(err) end
  local mt = getmetatable(err)
  if type(mt) == "table" and rawget(mt, "__tostring") then
    local ok, text = xpcall(tostring, function(e) return e end, err)
    if ok and type(text) == "string" then return text end
  end
  return "(error object is a " .. type(err) .. " value)"
end

-- Lua's words for indexing a nil the API documents, in the author's terms.
local NIL_FIELDS = {
  prompt = "no alert is showing: phone.prompt is nil until an alert shows (expect_prompt checks that one does)",
}

local function explain_nil(message)
  -- Only the end is read: an error message may be megabytes long.
  local field = s_match(s_sub(message, -80), "attempt to index a nil value %(field '([%w_]+)'%)$")
  local explanation = field and NIL_FIELDS[field]
  if explanation == nil then return message end
  return s_sub(message, 1, #message - #"attempt to index a nil value (field '')" - #field) .. explanation
end

local function capture(err)
  if host.signal_kind(err) then return host.with_traceback(err, traceback(nil, 2)) end
  local message = explain_nil(error_text(err))
  local src, line = user_frame(2)
  if src and line and line > 0 then
    local prefix = src .. ":" .. line .. ": "
    if s_sub(message, 1, #prefix) == prefix then message = s_sub(message, #prefix + 1) end
  end
  return host.error_signal(message, src, line, traceback(nil, 2))
end

local function call_captured(fn, first)
  local ok, err = xpcall(fn, capture)
  if not ok and first == nil then return err end
  return first
end

-- MARK: - Matchers

local MATCHERS = { "to_be", "to_equal", "to_be_nil", "to_be_truthy", "to_be_falsy", "to_contain", "to_match", "never" }

local function contains(actual, v)
  if type(actual) == "string" then
    return type(v) == "string" and s_find(actual, v, 1, true) ~= nil
  end
  if type(actual) == "table" then
    for _, e in ipairs(actual) do
      if deep_equal(e, v) then return true end
    end
    return false
  end
  return false
end

-- name → function(actual, ...) returning ok, expectation text (for "expected <actual> <text>") and,
-- for a failure, a hint at why (shown after the expectation)
local checks = {
  to_be = function(a, e)
    if a == e then return true, "to be " .. show(e) end
    if type(a) == "table" and type(e) == "table" and deep_equal(a, e) then
      return false, "to be " .. show(e), "they are equal tables, but not the same table: to_be compares identity; use to_equal to compare contents"
    end
    return false, "to be " .. show(e), lookalike_hint(a, e)
  end,
  to_equal = function(a, e)
    if deep_equal(a, e) then return true, "to equal " .. show(e) end
    return false, "to equal " .. show(e), describe_difference(a, e)
  end,
  to_be_nil = function(a) return a == nil, "to be nil" end,
  to_be_truthy = function(a) return not not a, "to be truthy" end,
  to_be_falsy = function(a) return not a, "to be falsy" end,
  to_contain = function(a, v) return contains(a, v), "to contain " .. show(v) end,
  to_match = function(a, p)
    if type(p) ~= "string" then misuse("bad argument #1 to 'to_match' (pattern string expected, got " .. type(p) .. ")") end
    if type(a) ~= "string" then return false, "to match " .. show(p) .. " (it is a " .. type(a) .. ", not a string)" end
    return s_find(a, p) ~= nil, "to match " .. show(p)
  end,
}

local Matcher = {}

local function make_matcher(actual, negated)
  local m = {}
  return setmetatable(m, {
    __name = "permsim.matcher",
    __index = function(_, key)
      if key == "never" then return make_matcher(actual, not negated) end
      local check = checks[key]
      if check == nil then
        misuse(s_format("unknown matcher '%s'%s", tostring(key), did_you_mean(tostring(key), MATCHERS)))
      end
      return function(first, ...)
        local ok, text, hint
        if rawequal(first, m) then ok, text, hint = check(actual, ...) else ok, text, hint = check(actual, first, ...) end
        if ok == negated then
          local headline = "expected " .. show(actual) .. (negated and " not " or " ") .. text
          if hint and not negated then headline = headline .. " (" .. hint .. ")" end
          fail(headline)
        end
        return m
      end
    end,
    __newindex = function(_, key) misuse("cannot set '" .. tostring(key) .. "' on a matcher") end,
    __tostring = function() return "expect(" .. show(actual) .. ")" end,
  })
end

local function expect(...)
  if select("#", ...) == 0 then
    misuse("bad argument #1 to 'expect' (a value expected; a call that returns nothing passes no value: write expect((f())) to check that it gives nil)")
  end
  return make_matcher((...), false)
end

-- MARK: - Alerts, callbacks, crashes, console

local ALERT_FIELDS = { "kind", "id", "title", "message", "buttons", "precise", "map" }
local CALLBACK_FIELDS = {
  "name", "at", "manager", "status", "accuracy", "error", "locations", "region",
  "source", "location", "stationary", "diagnostics", "identifier", "state",
}

local function show_alert(alert)
  local lines = {
    "  kind:    " .. show(alert.kind),
    "  id:      " .. show(alert.id),
    "  title:   " .. show(alert.title),
    "  message: " .. show(alert.message),
    "  buttons: " .. show(alert.buttons),
  }
  if alert.precise ~= nil then lines[#lines + 1] = "  precise: " .. show(alert.precise) end
  if alert.map ~= nil then lines[#lines + 1] = "  map:     " .. show(alert.map) end
  return t_concat(lines, "\n")
end

local function check_fields(fname, fields, valid)
  check_type(fname, 1, fields, "table", true)
  if fields == nil then return end
  for k in pairs(fields) do
    local name = tostring(k)
    local found = false
    for _, v in ipairs(valid) do if v == name then found = true break end end
    if not found then
      misuse(s_format("unknown field '%s' in %s%s; fields are %s", name, fname, did_you_mean(name, valid), t_concat(valid, ", ")))
    end
  end
end

local function mismatches(record, fields, order)
  local out = {}
  for _, key in ipairs(order) do
    local want = fields[key]
    if want ~= nil and not deep_equal(record[key], want) then
      local hint = describe_difference(record[key], want)
      out[#out + 1] = s_format("%s: expected %s, got %s", key, show(want), show(record[key])) .. (hint and (" (" .. hint .. ")") or "")
    end
  end
  return out
end

local function device_expect_prompt(phone, fields)
  check_fields("expect_prompt", fields, ALERT_FIELDS)
  local alert = phone.prompt
  if alert == nil then
    fail("expected an alert, but no alert is showing" .. (fields and fields.kind and (" (wanted kind " .. show(fields.kind) .. ")") or ""))
  end
  if fields then
    local diff = mismatches(alert, fields, ALERT_FIELDS)
    if #diff > 0 then
      fail("the alert showing differs: " .. diff[1], "alert showing:\n" .. show_alert(alert) .. "\ndifferences:\n  " .. t_concat(diff, "\n  "))
    end
  end
  return alert
end

local function device_expect_no_prompt(phone)
  local alert = phone.prompt
  if alert ~= nil then
    fail("expected no alert, but one is showing: " .. show(alert.title), "alert showing:\n" .. show_alert(alert))
  end
end

local function app_expect_callback(app, name, fields)
  check_type("expect_callback", 1, name, "string")
  local names = host.callback_names
  local known = false
  for _, n in ipairs(names) do if n == name then known = true break end end
  if not known then
    misuse(s_format("unknown callback '%s'%s; callbacks are %s", name, did_you_mean(name, names), t_concat(names, ", ")))
  end
  check_fields("expect_callback", fields, CALLBACK_FIELDS)
  -- The read cursor lives in the host's session, keyed by the app's id: never in a Lua object.
  local cb, position, delivered = host.read_callback(app)
  if cb == nil then
    fail(s_format("expected callback %s, but no unread callback was delivered (%d delivered, all read)", name, delivered))
  end
  local want = { name = name }
  if fields then for k, v in pairs(fields) do want[k] = v end end
  local diff = mismatches(cb, want, CALLBACK_FIELDS)
  if #diff > 0 then
    fail(s_format("callback #%d differs: %s", position, diff[1]), "delivered: " .. show(cb) .. "\ndifferences:\n  " .. t_concat(diff, "\n  "))
  end
  return cb
end

local function app_expect_no_callback(app)
  local read = host.callbacks_read(app)
  local delivered = app.callbacks
  if #delivered > read then
    local rest = {}
    for i = read + 1, #delivered do rest[#rest + 1] = "  " .. show(delivered[i]) end
    fail(s_format("expected no unread callback, but %d %s unread: %s", #delivered - read,
      #delivered - read == 1 and "is" or "are", delivered[read + 1].name), "unread:\n" .. t_concat(rest, "\n"))
  end
end

local function app_expect_console(app, pattern)
  check_type("expect_console", 1, pattern, "string")
  local lines = app.console
  for _, line in ipairs(lines) do
    if s_find(line, pattern) then return line end
  end
  fail("expected a console line matching " .. show(pattern) .. (#lines == 0 and ", but the console is empty" or ""),
    #lines > 0 and ("console:\n  " .. t_concat(lines, "\n  ")) or nil)
end

local function current_app(fname)
  local app = host.current_app()
  if app == nil then misuse(fname .. "() needs an app: create one with device{…}:install{…} first") end
  return app
end

local function current_device(fname)
  local phone = host.current_device()
  if phone == nil then misuse(fname .. "() needs a device: create one with device{…} first") end
  return phone
end

local function expect_prompt(fields) return device_expect_prompt(current_device("expect_prompt"), fields) end
local function expect_no_prompt() return device_expect_no_prompt(current_device("expect_no_prompt")) end
local function expect_callback(name, fields) return app_expect_callback(current_app("expect_callback"), name, fields) end
local function expect_no_callback() return app_expect_no_callback(current_app("expect_no_callback")) end
local function expect_console(pattern) return app_expect_console(current_app("expect_console"), pattern) end

local function expect_crash(fn, pattern)
  check_type("expect_crash", 1, fn, "function")
  check_type("expect_crash", 2, pattern, "string", true)
  local ok, err = xpcall(fn, capture)
  if ok then fail("expected the app to crash, but it did not") end
  if host.signal_kind(err) ~= "crash" then error(err, 0) end
  if pattern and not s_find(err.reason or "", pattern) then
    fail("the app crashed, but its reason does not match " .. show(pattern), "exception: " .. tostring(err.exception) .. "\nreason: " .. tostring(err.reason))
  end
  return { exception = err.exception, reason = err.reason, at = err.at }
end

-- MARK: - os (virtual time only)

local real_date = oslib.date

-- Days since 1970-01-01 of a proleptic Gregorian date.
local function days_from_civil(y, m, d)
  y = m <= 2 and y - 1 or y
  local era = (y >= 0 and y or y - 399) // 400
  local yoe = y - era * 400
  local doy = (153 * (m > 2 and m - 3 or m + 9) + 2) // 5 + d - 1
  local doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
  return era * 146097 + doe - 719468
end

local function date_field(t, key, default)
  local v = rawget(t, key)
  if v == nil then
    if default == nil then misuse("field '" .. key .. "' missing in date table") end
    return default
  end
  if math_type(v) == nil then misuse("field '" .. key .. "' is not a number in date table") end
  return v // 1
end

local os_functions = {
  -- Seconds since 1970 of the virtual wall clock (the newest device's, as if it were UTC).
  time = function(t)
    if t == nil then return host.epoch() end
    check_type("time", 1, t, "table")
    local days = days_from_civil(date_field(t, "year"), date_field(t, "month"), date_field(t, "day"))
    return days * 86400 + date_field(t, "hour", 12) * 3600 + date_field(t, "min", 0) * 60 + date_field(t, "sec", 0)
  end,
  -- Virtual seconds since the scenario began.
  clock = function() return host.now() end,
  -- os.date on the virtual wall clock; times are naive local times, formatted without a time zone.
  date = function(format, t)
    check_type("date", 1, format, "string", true)
    format = format or "%c"
    if s_sub(format, 1, 1) == "!" then format = s_sub(format, 2) end
    if t ~= nil and math_type(t) == nil then misuse("bad argument #2 to 'date' (number expected, got " .. type(t) .. ")") end
    return real_date("!" .. format, t or host.epoch())
  end,
}

-- MARK: - Globals typos

local API_GLOBALS = {
  "scenario", "describe", "before_each", "after_each", "pending", "device", "clock", "expect",
  "expect_prompt", "expect_no_prompt", "expect_callback", "expect_no_callback", "expect_crash",
  "expect_console", "require",
}

local function typo_guard(_, key)
  if type(key) == "string" then
    local best = host.suggest(key, API_GLOBALS)
    if best then misuse(s_format("unknown global %s (did you mean %s?)", key, best)) end
  end
  return nil
end

-- The globals every case gets as they are (they keep no state of a case).
local shared_globals = {
  expect = expect,
  expect_prompt = expect_prompt,
  expect_no_prompt = expect_no_prompt,
  expect_callback = expect_callback,
  expect_no_callback = expect_no_callback,
  expect_console = expect_console,
  expect_crash = expect_crash,
}

-- MARK: - A case

local real_load = load

-- Defines the API in `env`, a case's fresh global table, and returns what the host drives for the case.
local function new_case(env)
  -- A describe node: its name, its parent, its hooks, and `prefix`, the full name its scenarios' names follow.
  local root = { before = {}, after = {}, prefix = "" }
  local current = root
  local cases = {}
  local running = nil -- the case being run, once the host runs one
  local registered = 0
  -- Once the top level has run, the case the host runs (select): its identity (index, name, line,
  -- occurrence), its registration, and the one at its index (to name in the error when it has none).
  local want = nil
  local found = nil
  local at_index = nil
  local failure = nil -- the error the last failed registration recorded: enclosing describes do not record it again

  local function in_definition(fname)
    if running then misuse(fname .. "() cannot be called while a scenario runs; call it at the top of the file or inside describe()") end
  end

  -- Counts a registration of `leaf` in the current describe and keeps what `make(node, leaf, line, x)` builds of it.
  local function keep(leaf, make, x, line)
    registered = registered + 1
    if not line then
      -- The author's line: the first frame from keep's caller up that is neither the prelude's nor C's
      -- (keep's caller may have tail-called it, so the caller's frame may already be the author's).
      local _, found = user_frame(2)
      line = found or 0
    end
    cases[registered] = make(current, leaf, line, x)
  end

  local function plain_entry(node, leaf, line, fn)
    return { name = node.prefix .. leaf, line = line, tags = NO_TAGS, node = node, fn = fn }
  end

  local function full_entry(node, leaf, line, x)
    return { name = node.prefix .. leaf, line = line, tags = x.tags, ios = x.ios, skip = x.skip, node = node, fn = x.fn }
  end

  local function failed_entry(node, leaf, line, message)
    return { name = node.prefix .. leaf, line = line, tags = NO_TAGS, node = node, problem = message }
  end

  -- A registration that failed becomes an errored case in its place, so that a caller who catches the
  -- error with pcall loses no case and the file's later registrations keep theirs.
  local function record_failure(fname, leaf, err, line)
    if rawequal(err, failure) then return end -- recorded by a registration inside this describe
    failure = err
    keep(type(leaf) == "string" and leaf or ("(" .. fname .. "() failed)"), failed_entry, error_text(err), line)
  end

  local function registration_failed(fname, leaf, err)
    record_failure(fname, leaf, err)
    error(err, 0)
  end

  -- Restores the enclosing describe when a describe's function returns or raises (a to-be-closed
  -- variable: the error goes on untouched, with its traceback), and records the failure at the line
  -- the function starts on (the describe's own frame is gone by then; this costs nothing until needed).
  local closer = {
    __close = function(c, err)
      current = c.saved
      if err ~= nil then record_failure("describe", c.name, err, getinfo(c.fn, "S").linedefined) end
    end,
  }

  local function check_describe(name, fn)
    check_type("describe", 1, name, "string")
    check_type("describe", 2, fn, "function")
  end

  function env.describe(name, fn)
    in_definition("describe")
    if type(name) ~= "string" or type(fn) ~= "function" then
      local _, err = pcall(check_describe, name, fn)
      return registration_failed("describe", name, err)
    end
    local saved = current
    local _ <close> = setmetatable({ saved = saved, name = name, fn = fn }, closer)
    current = { name = name, parent = saved, before = {}, after = {}, prefix = saved.prefix .. name .. " › " }
    fn()
  end

  local function check_scenario(name, options, fn)
    check_type("scenario", 1, name, "string")
    check_type("scenario", 2, options, "table", true)
    check_type("scenario", fn == nil and 2 or 3, fn, "function")
    local tags, ios, skip = {}, nil, nil
    if options then
      for k in pairs(options) do
        if type(k) ~= "string" or (k ~= "tags" and k ~= "ios" and k ~= "skip") then
          misuse(s_format("unknown scenario option '%s'%s; options are tags, ios and skip", tostring(k), did_you_mean(tostring(k), SCENARIO_OPTIONS)))
        end
      end
      if options.tags ~= nil then
        check_string_list("scenario", "tags", options.tags)
        for i, t in ipairs(options.tags) do tags[i] = t end
      end
      if type(options.ios) == "string" then
        ios = options.ios
      elseif options.ios ~= nil then
        check_string_list("scenario", "ios", options.ios)
        ios = {}
        for i, v in ipairs(options.ios) do ios[i] = v end
      end
      if options.skip ~= nil then
        if type(options.skip) ~= "string" then misuse("bad option 'skip' to 'scenario' (a reason string expected, got " .. type(options.skip) .. ")") end
        skip = options.skip
      end
    end
    return { tags = tags, ios = ios, skip = skip, fn = fn }
  end

  function env.scenario(name, options, fn)
    in_definition("scenario")
    if fn == nil and type(options) == "function" then options, fn = nil, options end
    if options == nil and type(name) == "string" and type(fn) == "function" then return keep(name, plain_entry, fn) end
    local ok, x = pcall(check_scenario, name, options, fn)
    if not ok then return registration_failed("scenario", name, x) end
    keep(name, full_entry, x)
  end

  local function check_pending(name, reason)
    check_type("pending", 1, name, "string")
    check_type("pending", 2, reason, "string", true)
    return { tags = {}, skip = reason or "pending" }
  end

  function env.pending(name, reason)
    in_definition("pending")
    local ok, x = pcall(check_pending, name, reason)
    if not ok then return registration_failed("pending", name, x) end
    keep(name, full_entry, x)
  end

  local function add_hook(fname, list, fn)
    in_definition(fname)
    local ok, err = pcall(check_type, fname, 1, fn, "function")
    if not ok then return registration_failed(fname, nil, err) end
    t_insert(list, fn)
  end

  function env.before_each(fn) add_hook("before_each", current.before, fn) end
  function env.after_each(fn) add_hook("after_each", current.after, fn) end

  -- The registrations, packed into one string for the host (PackedRegistrations.swift reads it):
  -- for each, its name and line; its skip reason (0, or 1 and the text); its versions (0 none, 1 and
  -- one, or 2, a count and as many); and a count of tags and the tags. Integers are 8 bytes and texts
  -- 4-byte lengths and bytes, little-endian. One string crosses to Swift far faster than a table a
  -- registration.
  local function collect()
    local parts, n = {}, 0
    local function add(format, ...)
      n = n + 1
      parts[n] = s_pack(format, ...)
    end
    local function add_texts(list)
      add("<j", #list)
      for i = 1, #list do add("<s4", list[i]) end
    end
    for _, c in ipairs(cases) do
      if c.skip == nil and c.ios == nil and #c.tags == 0 then
        add("<s4jBBj", c.name, c.line, 0, 0, 0) -- the common case in one piece: no skip, no versions, no tags
      else
        add("<s4j", c.name, c.line)
        if c.skip ~= nil then add("<Bs4", 1, c.skip) else add("<B", 0) end
        if type(c.ios) == "string" then
          add("<Bs4", 1, c.ios)
        elseif c.ios ~= nil then
          add("<B", 2)
          add_texts(c.ios)
        else
          add("<B", 0)
        end
        add_texts(c.tags)
      end
    end
    return t_concat(parts)
  end

  -- The error of a case whose registration the top level no longer made when it ran again.
  local function lost(chunk)
    local src = chunk and getinfo(chunk, "S").short_src or "?"
    local instead
    if at_index then
      instead = s_format("registration #%d is now %s (line %d)", want.index, show(at_index.name), at_index.line)
    else
      instead = s_format("the file made only %d registrations", registered)
    end
    error(s_format("%s:%d: scenario %s is not registered when its file runs again (%s): registration order changed between runs: iterate with ipairs, or sort the keys",
      src, want.line, show(want.name), instead), 0)
  end

  local function run(seed, chunk)
    local case = found
    if case == nil then lost(chunk) end
    if case.problem ~= nil then error(case.problem, 0) end
    if case.fn == nil then error("permsim: " .. show(case.name) .. " is pending: it has nothing to run", 0) end
    running = case
    randomseed(seed)
    local chain, node = {}, case.node
    while node do
      t_insert(chain, 1, node)
      node = node.parent
    end
    local err
    for _, n in ipairs(chain) do
      for _, hook in ipairs(n.before) do
        if err == nil then err = call_captured(hook, err) end
      end
    end
    if err == nil then err = call_captured(case.fn, err) end
    for i = #chain, 1, -1 do
      local hooks = chain[i].after
      for j = #hooks, 1, -1 do err = call_captured(hooks[j], err) end
    end
    if err ~= nil then error(err, 0) end
  end


  -- load compiles text only (the sandbox refuses binary chunks) into this case's environment.
  function env.load(chunk, name, mode, ...)
    if select("#", ...) > 0 then return real_load(chunk, name, mode, ...) end
    return real_load(chunk, name, mode, env)
  end

  local loaded = {}

  function env.require(name)
    check_type("require", 1, name, "string")
    local cached = loaded[name]
    if cached ~= nil then return cached end
    -- A module that cannot be found or compiled is the requiring line's error, placed there.
    local found, source, path = pcall(host.module_source, name)
    if not found then
      if type(source) == "string" and s_sub(source, 1, 7) == "module " then misuse(source) end
      error(source, 0)
    end
    local chunk, message = real_load(source, "@" .. path, "t", env)
    if chunk == nil then misuse("error loading module '" .. name .. "': " .. message) end
    local result = chunk(name, path)
    if result == nil then result = true end
    loaded[name] = result
    return result
  end


  for key, value in raw_next, shared_globals do env[key] = value end
  env.device, env.print, env.clock = host.device, host.print, host.clock
  local os = {}
  for key, value in raw_next, os_functions do os[key] = value end
  env.os = os
  setmetatable(env, { __index = typo_guard }) -- the case's own: a case may change it

  -- The values a case can reach, besides its globals and required modules: its body and its hooks.
  local function case_roots(case)
    local roots = case.roots
    if roots then return roots end
    roots = { case.fn }
    local node = case.node
    while node do
      for _, hook in ipairs(node.before) do roots[#roots + 1] = hook end
      for _, hook in ipairs(node.after) do roots[#roots + 1] = hook end
      node = node.parent
    end
    case.roots = roots
    return roots
  end

  -- Every value the file's cases can reach from what its top level left: a snapshot's roots.
  local function roots()
    local list = { env, loaded }
    for _, case in ipairs(cases) do
      for _, value in ipairs(case_roots(case)) do list[#list + 1] = value end
    end
    return list
  end

  -- After the top level, picks the case of identity (index, name, line, occurrence) for run, matched
  -- by name, line and occurrence, never by position alone, and returns what the case can reach.
  local by_identity
  local function select(index, name, line, occurrence)
    if by_identity == nil then
      by_identity = {}
      for _, case in ipairs(cases) do
        local key = case.name .. "\0" .. case.line
        local list = by_identity[key]
        if list == nil then list = {}; by_identity[key] = list end
        list[#list + 1] = case
      end
    end
    want = { index = index, name = name, line = line, occurrence = occurrence }
    local list = by_identity[name .. "\0" .. line]
    found = list and list[occurrence]
    at_index = cases[index]
    return found and case_roots(found)
  end

  return {
    collect = collect,
    run = run,
    roots = roots,
    select = select,
    loaded = loaded,
  }
end

-- The Lua methods of bound types by type name, which their member tables' `__index` hands out.
host.methods = {
  App = {
    expect_callback = app_expect_callback,
    expect_no_callback = app_expect_no_callback,
    expect_console = app_expect_console,
  },
  Device = {
    expect_prompt = device_expect_prompt,
    expect_no_prompt = device_expect_no_prompt,
  },
}

return new_case
