-- Attempts to exhaust memory or time: huge strings and tables, work done inside one library call
-- (where the instruction hook does not run), and memory the host holds for a scenario.

-- Tries: double a string until memory runs out. Must: error of type MemoryExceeded.
scenario("string doubling bomb", function()
  local s = "x"
  while true do s = s .. s end
end)

-- Tries: one huge string.rep. Must: error of type MemoryExceeded.
scenario("string.rep of a gigabyte", function()
  string.rep("x", 1 << 30)
end)

-- Tries: a table that grows without end. Must: error of type MemoryExceeded.
scenario("table grows without end", function()
  local t = {}
  for i = 1, math.maxinteger do t[i] = i end
end)

-- Tries: repeat the empty string 2^63 - 1 times (a C loop that allocates nothing). Must: pass,
-- the result is empty at once.
scenario("string.rep of the empty string", function()
  expect(string.rep("", math.maxinteger)).to_be("")
  expect(("").rep("", math.maxinteger, "")).to_be("")
end)

-- Tries: table.move over 2^63 - 2 empty slots (a C loop that allocates nothing). Must: error of
-- type BudgetExceeded.
scenario("table.move over an enormous range", function()
  table.move({}, 1, math.maxinteger - 1, 2)
end)

-- Tries: table.insert that shifts 2^62 elements of a table whose __len lies. Must: BudgetExceeded.
scenario("table.insert with a lying __len", function()
  table.insert(setmetatable({}, { __len = function() return 1 << 62 end }), 1, "x")
end)

-- Tries: table.remove that shifts 2^62 elements of a table whose __len lies. Must: BudgetExceeded.
scenario("table.remove with a lying __len", function()
  table.remove(setmetatable({}, { __len = function() return 1 << 62 end }), 1)
end)

-- Tries: full collections of a large heap in a loop, each costing one call. Must: BudgetExceeded.
scenario("collectgarbage in a loop over a large heap", function()
  local heap = {}
  for i = 1, 100000 do heap[i] = { i } end
  while true do collectgarbage() end
end)

-- Tries: a table nested 200,000 levels deep, compared and shown by the matchers. Must: error.
scenario("a deeply nested table in to_equal", function()
  local a, b = {}, {}
  for _ = 1, 200000 do a, b = { a }, { b } end
  expect(a).to_equal(b)
end)

-- Tries: a deeply nested table given to the host as options (the host copies option tables).
-- Must: error, a bad option.
scenario("a deeply nested option table", function()
  local t = {}
  for _ = 1, 200000 do t = { t } end
  device { location = t }
end)

-- Tries: a table shared 2^60 times over (each level holds the next one twice) given to the host,
-- which copies it. Must: error; not an exponential copy. The copy stops at its limit (one entry per
-- 128 bytes of the memory limit, whatever memory is in use) and is charged for the entries it made:
-- 262,144 entries under the suite's 32M, which spend its 2M-instruction budget, so always the budget.
scenario("an exponentially shared option table", function()
  local t = {}
  for _ = 1, 60 do t = { t, t } end
  device { location = t }
end)

-- Tries: the same shared table as an Info.plist. Must: error, as above (the budget, under the suite's limits).
scenario("an exponentially shared inline Info.plist", function()
  local t = {}
  for _ = 1, 60 do t = { a = t, b = t } end
  device { ios = "14.0" }:install { info = { CFBundleName = "Deep", Extra = t } }
end)

-- Tries: the same shared table raised in a failure record, which the host copies. Must: error; the
-- record is too large to copy, so it is no failure record.
scenario("an exponentially shared failure record", function()
  local t = {}
  for _ = 1, 60 do t = { t, t } end
  error({ permsim = "failure", message = "shared", details = t })
end)

-- Tries: a cyclic Info.plist. Must: error, not endless recursion.
scenario("a cyclic inline Info.plist", function()
  local t = {}
  t.self = t
  device { ios = "14.0" }:install { info = { CFBundleName = "Cycle", Extra = t } }
end)

-- Tries: an Info.plist of 100,000 keys, which the host copies. Must: pass.
scenario("a huge inline Info.plist", function()
  local info = { CFBundleName = "Huge" }
  for i = 1, 100000 do info["Key" .. i] = i end
  device { ios = "14.0" }:install { info = info }
end)

-- Tries: device{} options of 100,000 keys, which the host copies before it checks them. Must: error,
-- an unknown option.
scenario("a huge device option table", function()
  local options = { ios = "14.0" }
  for i = 1, 100000 do options["option" .. i] = i end
  device(options)
end)

-- Tries: tap a button whose label is 1 MiB (the host lists the labels that are there). Must: error.
scenario("alert:tap with a 1 MiB label", function()
  local app = device { ios = "14.0" }:install { info = { NSLocationWhenInUseUsageDescription = "x" } }
  app:launch()
  app:location_manager():requestWhenInUseAuthorization()
  expect_prompt():tap(string.rep("Allow ", 1 << 18))
end)

-- Tries: read a member whose name is 1 MiB (the host looks for a close name). Must: error.
scenario("a member named with 1 MiB", function()
  local phone = device {}
  return phone[string.rep("i", 1 << 20)]
end)

-- Tries: print 1 MiB lines until the host's transcript holds gigabytes. Must: error; each line is cut
-- to 16 KiB, and a case whose transcript reaches 8 MiB is stopped.
scenario("print of a huge string in a loop", function()
  local s = string.rep("x", 1 << 20)
  for _ = 1, 1000 do print(s) end
end)

-- Tries: a million short prints, a million transcript lines in the host. Must: error; every print is a
-- host call, charged to the instruction budget like a hundred instructions, which runs out first.
scenario("a million prints", function()
  for i = 1, 1000000 do print(i) end
end)

-- Tries: advance the virtual clock by infinity. Must: error, longer than 200 years.
scenario("clock:advance(math.huge)", function()
  clock:advance(math.huge)
end)

-- Tries: advance the virtual clock by NaN. Must: error, not a number.
scenario("clock:advance(0/0)", function()
  clock:advance(0 / 0)
end)

-- Tries: a Lua pattern too complex for the matcher's recursion limit. Must: error.
scenario("a pattern too complex to match", function()
  string.find(string.rep("a", 300), string.rep("a?", 250) .. string.rep("a", 250))
end)
