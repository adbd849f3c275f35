-- How the REPL prints a line's values: as Lua writes them, so that a table can be read (and pasted back).
--
-- `support.run()` runs the line's chunk, `support.chunk`, and returns each of its values as text: a string
-- at the top level as it is (as lua.c prints it), anything else as Lua source. Tables are shown nested,
-- their sequence first, then the other keys sorted; bounded in depth (DEPTH), in entries per table
-- (ENTRIES) and broken over indented lines when one line would pass WIDTH. A table with a __tostring
-- shows as that; the bound objects (alerts, apps, …) show as their tostring.
local support = ...
local type, tostring, rawget, rawlen, next, select, getmetatable, pcall, ipairs =
  type, tostring, rawget, rawlen, next, select, getmetatable, pcall, ipairs
local s_format, s_gsub, s_find, s_byte = string.format, string.gsub, string.find, string.byte
local t_concat, t_sort, t_unpack, u_len, math_type = table.concat, table.sort, table.unpack, utf8.len, math.type

local WIDTH, DEPTH, ENTRIES = 80, 5, 100

local ESCAPES = { ["\n"] = "\\n", ["\r"] = "\\r", ["\t"] = "\\t", ['"'] = '\\"', ["\\"] = "\\\\" }
local KEYWORDS = {}
for word in ("and break do else elseif end false for function goto if in local nil not or repeat return then true until while"):gmatch("%a+") do
  KEYWORDS[word] = true
end

local function quote(text)
  return '"' .. s_gsub(text, '[%c"\\]', function(c) return ESCAPES[c] or s_format("\\%d", s_byte(c)) end) .. '"'
end

local function scalar(value)
  if type(value) == "string" then return quote(value) end
  local ok, text = pcall(tostring, value)
  return ok and type(text) == "string" and text or "<" .. type(value) .. ">"
end

local function key_text(key)
  if type(key) == "string" and s_find(key, "^[%a_][%w_]*$") and not KEYWORDS[key] then return key end
  return "[" .. scalar(key) .. "]"
end

local function before(a, b)
  local ta, tb = type(a), type(b)
  if ta ~= tb then return ta < tb end
  if ta == "number" or ta == "string" then return a < b end
  return scalar(a) < scalar(b)
end

-- The keys outside the sequence 1..n, sorted.
local function other_keys(t, n)
  local keys = {}
  for key in next, t do
    if not (math_type(key) == "integer" and key >= 1 and key <= n) then keys[#keys + 1] = key end
  end
  t_sort(keys, before)
  return keys
end

local function render(value, depth, seen, indent)
  if type(value) ~= "table" then return scalar(value) end
  local mt = getmetatable(value)
  if type(mt) == "table" and rawget(mt, "__tostring") ~= nil then return scalar(value) end
  if seen[value] then return "<cycle>" end
  if depth >= DEPTH then return "{…}" end
  seen[value] = true
  local items, n = {}, rawlen(value)
  local keys = other_keys(value, n)
  local inner = indent .. "  "
  for i = 1, n do
    if #items == ENTRIES then break end
    items[#items + 1] = render(rawget(value, i), depth + 1, seen, inner)
  end
  for _, key in ipairs(keys) do
    if #items == ENTRIES then break end
    items[#items + 1] = key_text(key) .. " = " .. render(rawget(value, key), depth + 1, seen, inner)
  end
  if n + #keys > ENTRIES then items[#items + 1] = s_format("… (%d more)", n + #keys - ENTRIES) end
  seen[value] = nil
  if #items == 0 then return "{}" end
  local line = "{ " .. t_concat(items, ", ") .. " }"
  if not s_find(line, "\n", 1, true) and #indent + (u_len(line) or #line) <= WIDTH then return line end
  return "{\n" .. inner .. t_concat(items, ",\n" .. inner) .. "\n" .. indent .. "}"
end

local function show_all(...)
  local count, texts = select("#", ...), { ... }
  for i = 1, count do
    local value = texts[i]
    texts[i] = type(value) == "string" and value or render(value, 0, {}, "")
  end
  return t_unpack(texts, 1, count)
end

function support.run()
  return show_all(support.chunk())
end
