-- Writes the benchmark corpora that Scripts/bench runs (see Benchmarks/README.md).
--
--   lua5.4 Benchmarks/generate.lua realistic DIR CASES [PER_FILE]  -- permsim scenario files
--   lua5.4 Benchmarks/generate.lua trivial DIR CASES [PER_FILE]    -- permsim files of empty scenarios
--   lua5.4 Benchmarks/generate.lua busted DIR CASES [PER_FILE]     -- busted specs of empty `it` blocks
--
-- PER_FILE (default 20) is how many cases a file holds: Examples/ has 15 cases a file on average.
-- A realistic case is what a QA author writes for one row of a permission matrix: a device, an app
-- from an inline Info.plist, two requests, an answered alert, two expect_callback and a clock advance.
-- Versions cycle so that every case is not the same path through the model.

local kind, dir, cases, PER_FILE = arg[1], arg[2], tonumber(arg[3]), tonumber(arg[4] or "20")
if not (kind and dir and cases and PER_FILE) then
  io.stderr:write("usage: lua5.4 generate.lua realistic|trivial|busted DIR CASES [PER_FILE]\n")
  os.exit(2)
end

local VERSIONS = { "14.0", "14.5", "15.0", "16.0", "17.0" }

local function write(path, text)
  local file = assert(io.open(path, "w"))
  file:write(text)
  file:close()
end

-- The case's text, shared with permsim-bench: Benchmarks/realistic_case.lua beside this script.
local TEMPLATE = (function()
  local file = assert(io.open((arg[0]:match("^(.*)/") or ".") .. "/realistic_case.lua"))
  local text = file:read("a")
  file:close()
  return text:sub((text:find("  scenario(", 1, true)))
end)()

local function realistic_case(index)
  local ios = VERSIONS[(index - 1) % #VERSIONS + 1]
  return (TEMPLATE:gsub("{{INDEX}}", tostring(index)):gsub("{{IOS}}", ios))
end

if kind == "realistic" then
  local files = math.ceil(cases / PER_FILE)
  for file = 1, files do
    local parts = { string.format('describe("matrix %d", function()\n', file) }
    local first = (file - 1) * PER_FILE + 1
    for index = first, math.min(cases, first + PER_FILE - 1) do
      parts[#parts + 1] = realistic_case(index)
    end
    parts[#parts + 1] = "end)\n"
    write(string.format("%s/matrix_%05d.lua", dir, file), table.concat(parts))
  end
elseif kind == "trivial" or kind == "busted" then
  -- The same layout for both runners: files of PER_FILE empty tests, so the comparison is runner cost.
  local open, close = "", ""
  local line, name = 'scenario("t%d", function() end)\n', "%s/trivial_%05d.lua"
  if kind == "busted" then
    open, close = 'describe("bench", function()\n', "end)\n"
    line, name = '  it("t%d", function() end)\n', "%s/trivial_%05d_spec.lua"
  end
  for file = 1, math.ceil(cases / PER_FILE) do
    local parts = { open }
    local first = (file - 1) * PER_FILE + 1
    for index = first, math.min(cases, first + PER_FILE - 1) do parts[#parts + 1] = string.format(line, index) end
    parts[#parts + 1] = close
    write(string.format(name, dir, file), table.concat(parts))
  end
else
  io.stderr:write("generate.lua: unknown corpus kind " .. kind .. "\n")
  os.exit(2)
end
