-- Attempts to do unbounded work where the instruction hook does not look (issue 11): inside
-- coroutines, inside the pattern matcher, inside C loops over what a metamethod makes up, and in
-- what the host copies or keeps. Each must end within the budget (--instructions 2M in the suite).

-- Tries: run short coroutines without end, each dying before the hook would fire. Must: error of
-- type BudgetExceeded (every resume is charged what the hook may have missed).
scenario("short-lived coroutines without end", function()
  while true do coroutine.wrap(function() for _ = 1, 300 do end end)() end
end)

-- Tries: the same with coroutine.create and coroutine.resume, each yielding at once. Must: error
-- of type BudgetExceeded.
scenario("coroutines that yield before the hook fires", function()
  local co = coroutine.create(function() while true do for _ = 1, 300 do end coroutine.yield() end end)
  while true do coroutine.resume(co) end
end)

-- Tries: a pattern that backtracks for hours on a long subject. Must: error of type BudgetExceeded
-- (the sandbox's matcher charges every step).
scenario("a backtracking string.find", function()
  string.find(("a"):rep(3000), ".-.-.-b")
end)

-- Tries: the same through gsub, gmatch and match. Must: error of type BudgetExceeded.
scenario("a backtracking gsub, gmatch and match", function()
  local s = ("a"):rep(3000)
  pcall(string.gsub, s, ".-.-.-b", "")
  for _ in s:gmatch(".-.-.-b") do end
  s:match(".-.-.-b")
end)

-- Tries: a greedy pattern over a mebibyte, quadratic in the subject. Must: error of type
-- BudgetExceeded.
scenario("a quadratic a*b over a mebibyte", function()
  string.find(("a"):rep(1 << 20), "a*b")
end)

-- Tries: to_match with a backtracking pattern (the prelude calls string.find). Must: error of type
-- BudgetExceeded.
scenario("to_match with a backtracking pattern", function()
  expect(("a"):rep(3000)).to_match(".-.-.-b")
end)

-- Tries: table.concat over 2^40 elements that an __index (table.concat itself) makes up in C.
-- Must: error of type BudgetExceeded.
scenario("table.concat over elements its __index makes up", function()
  table.concat(setmetatable({}, { __index = table.concat }), "", 1, 1 << 40)
end)

-- Tries: table.sort over 2^30 elements a __len claims, read through a C __index (rawlen) and written
-- through a C __newindex (rawequal): every comparison runs in C. Must: error of type BudgetExceeded
-- (the sandbox's sort charges each comparison; the original ran until --timeout stopped it).
scenario("table.sort over a length its __len makes up", function()
  table.sort(setmetatable({}, { __len = function() return 1 << 30 end, __index = rawlen, __newindex = rawequal }))
end)

-- Tries: make the host copy an 8 MiB string again and again. Must: error of type BudgetExceeded
-- (a copy is charged by its size: this one alone spends the suite's budget).
scenario("an 8 MiB string passed to the host in a loop", function()
  local s = string.rep("x", 8 << 20)
  while true do pcall(device, { wifi = s }) end
end)

-- Tries: a 1 MiB SSID kept by the model, twenty times. Must: error naming the option (strings
-- that enter the model are at most 4 KiB). (At 16 MiB the copy alone spends this suite's budget.)
scenario("device with a 1 MiB SSID", function()
  local s = string.rep("x", 1 << 20)
  for _ = 1, 20 do device { wifi = s } end
end)

-- Tries: an inline Info.plist with a 1 MiB value. Must: error naming the option.
scenario("an inline Info.plist with a 1 MiB string", function()
  device { ios = "14.0" }:install { info = { CFBundleName = string.rep("n", 1 << 20) } }
end)

-- Tries: require a module of 100,000 dotted parts (the file gate resolved each ancestor: O(N²)).
-- Must: error at once, the name is too long.
scenario("require of a very long dotted name", function()
  require(("a."):rep(100000) .. "a")
end)
