-- Attempts to leak from one case into the next. Cases of a file run one after another on one Lua
-- state (the suite runs with --jobs 1), each in a fresh environment: every "leaves" case changes
-- something it can reach, and the "finds" case after it must find everything as it was.

-- Tries: change the metatable every case's global table gets (the unknown-global guard).
scenario("leaves: the globals' metatable changed", function()
  local guard = getmetatable(_G)
  if type(guard) == "table" then
    guard.__index = function(_, key) return "leaked " .. tostring(key) end
    guard.__newindex = function() error("leaked __newindex") end
  end
end)

-- Must: pass.
scenario("finds: the globals' metatable as it was", function()
  expect(rawget(_G, "no_such_global")).to_be_nil()
  expect(no_such_global).to_be_nil()
  fresh_global = 1
  expect(fresh_global).to_be(1)
end)

-- Tries: change the metatable of failure records, which the runner reads.
scenario("leaves: the failure metatable changed", function()
  local _, failure = pcall(expect(1).to_be, 2)
  local mt = getmetatable(failure)
  if type(mt) == "table" then
    mt.leaked = "yes"
    mt.__tostring = function() return "leaked" end
  end
end)

-- Must: pass.
scenario("finds: failure records as they were", function()
  local _, failure = pcall(expect(1).to_be, 2)
  expect(failure.leaked).to_be_nil()
  expect(tostring(failure)).never.to_be("leaked")
end)

-- Tries: change the string library, which strings' methods use.
scenario("leaves: the string library changed", function()
  string.upper = function() return "leaked" end
  string.format = nil
end)

-- Must: pass.
scenario("finds: the string library as it was", function()
  expect(("a"):upper()).to_be("A")
  expect(string.upper("a")).to_be("A")
  expect(string.format("%d", 1)).to_be("1")
end)

-- Tries: leave a coroutine suspended inside a to-be-closed variable, and a global behind.
scenario("leaves: a suspended coroutine and a global", function()
  leaked_coroutine = coroutine.wrap(function()
    local guard <close> = setmetatable({}, { __close = function() error("closed in the next case") end })
    coroutine.yield()
  end)
  leaked_coroutine()
end)

-- Must: pass.
scenario("finds: no coroutine and no global", function()
  expect(rawget(_G, "leaked_coroutine")).to_be_nil()
end)

-- Tries: leave the random generator seeded with a known value.
scenario("leaves: math.randomseed(1)", function()
  math.randomseed(1)
end)

-- Must: pass; every case starts from its own seed, so two runs of this case draw the same number
-- whatever ran before it (checked by the test across two runs).
scenario("finds: its own random sequence", function()
  print("drew " .. math.random(1 << 40))
end)

-- Tries: exhaust memory, leaving garbage behind.
scenario("leaves: a state out of memory", function()
  local t = {}
  while true do t[#t + 1] = string.rep("g", 1024) end
end)

-- Must: pass.
scenario("finds: memory to work with", function()
  local s = string.rep("x", 4 << 20)
  expect(#s).to_be(4 << 20)
end)

-- Tries: spend the instruction budget, catching the error so the hook stays tight.
scenario("leaves: a spent budget", function()
  pcall(function() while true do end end)
end)

-- Must: pass.
scenario("finds: a full budget", function()
  local n = 0
  for i = 1, 100000 do n = n + i end
  expect(n).to_be(5000050000)
end)

-- The cases below share one run of this file's top level while each leaves it as it found it
-- (clua_snapshot.c): each "leaves" case changes something the top level left in a way a snapshot
-- must catch, and the "finds" case after it must see a fresh top level.
local shared = { count = 0, handler = function() return "original" end }
local label = "first"
local counter = 0

-- Tries: change a field of a top-level table, and count in a top-level local.
scenario("leaves: a shared table's field and a counter", function()
  shared.count = shared.count + 1
  counter = counter + 1
end)

-- Must: pass.
scenario("finds: the table's field and the counter as the top level left them", function()
  expect(shared.count).to_be(0)
  expect(counter).to_be(0)
end)

-- Tries: replace a top-level function by another, collect the old one so its address can be
-- reused, and put a long string in a top-level local.
scenario("leaves: a replaced function and a changed string", function()
  shared.handler = function() return "replaced" end
  label = string.rep("second", 100)
  collectgarbage()
  collectgarbage()
end)

-- Must: pass.
scenario("finds: the original function and string", function()
  expect(shared.handler()).to_be("original")
  expect(label).to_be("first")
end)

-- Tries: drop a top-level string and make strings of its size until one lands at its freed address
-- (string.format's %p shows where), so that an address compared alone would read as no change.
local motto = string.rep("top level ", 6)

scenario("leaves: a string of its own at a freed string's address", function()
  local size, address = #motto, string.format("%p", motto)
  motto = nil
  collectgarbage()
  collectgarbage()
  local pool = {}
  for i = 1, 2000 do
    local s = string.rep("y", size - 4) .. string.format("%04d", i)
    if string.format("%p", s) == address then
      motto = s
      return
    end
    pool[i] = s
  end
  motto = "never at the same address"
end)

-- Must: pass.
scenario("finds: the top level's string", function()
  expect(motto).to_be(string.rep("top level ", 6))
end)

-- Tries: leave the key list the sandbox's next keeps for a table it walks, made while a key was
-- missing, so that the next case's next(t, k) walks that old list.
local letters = { a = 1, b = 2, c = 3, d = 4, e = 5, f = 6, g = 7, h = 8, i = 9, j = 10 }

scenario("leaves: next's key list of a table, made without one of its keys", function()
  letters.b = nil
  next(letters, "a")
  letters.b = 2
end)

-- Must: pass.
scenario("finds: next over the table as it is", function()
  expect((next(letters, "a"))).to_be("b")
end)

-- Tries: grow a top-level table's array part and empty it again, so that it has the same (no) keys
-- but room for four; t[2] alone then lands in that array part, where a fresh table puts it in its
-- hash part, and Lua's #t picks another of the borders it leaves open.
local holes = {}

scenario("leaves: a table with the same keys and a bigger array part", function()
  for i = 1, 4 do holes[i] = i end
  for i = 4, 1, -1 do holes[i] = nil end
end)

-- Must: pass (the border a fresh top level gives).
scenario("finds: #t of a table with a hole as after a fresh top level", function()
  holes[2] = 2
  expect(#holes).to_be(0)
end)

-- Tries: put another key into the slot of a key the top level removed (true's slot is where 100 was),
-- so that the table has the same keys, sizes and free slots, but 100 no longer has a slot of its own:
-- putting it back then fills the hash part, and the rehash moves the array part and #t.
local slots = { 1, nil, nil, nil, nil, nil, nil, 8, [false] = true, [100] = true }
slots[100] = nil

scenario("leaves: another key in a removed key's slot", function()
  slots[true] = 1
  slots[true] = nil
end)

-- Must: pass (the border a fresh top level gives).
scenario("finds: the removed key's slot as the top level left it", function()
  slots[100] = "back"
  expect(#slots).to_be(8)
end)
