-- Attempts to run code where the instruction budget does not reach, or to catch the budget error
-- and run on: finalizers, to-be-closed variables, message handlers, coroutines.

-- Tries: a finalizer that never returns (Lua runs finalizers with hooks off). Must: error,
-- setmetatable refuses __gc.
scenario("__gc loops forever", function()
  setmetatable({}, { __gc = function() while true do end end })
  collectgarbage()
end)

-- Tries: add __gc after setmetatable, then collect. Must: pass; Lua never calls a __gc that was
-- not there when the metatable was set.
scenario("__gc added after setmetatable", function()
  local mt = {}
  setmetatable({}, mt)
  mt.__gc = function() while true do end end
  collectgarbage()
  collectgarbage()
end)

-- Tries: a finalizer that raises. Must: error (refused like any __gc).
scenario("__gc raises", function()
  setmetatable({}, { __gc = function() error("from __gc") end })
  collectgarbage()
end)

-- Tries: stop the collector, so garbage piles up. Must: error, the option is refused.
scenario("collectgarbage stop", function()
  collectgarbage("stop")
end)

-- Tries: switch the collector's mode under the host. Must: error, the option is refused.
scenario("collectgarbage incremental", function()
  collectgarbage("incremental", 1, 1, 1)
end)

-- Tries: tune the collector (Lua 5.3 options). Must: error, the option is refused.
scenario("collectgarbage setpause", function()
  collectgarbage("setpause", 1000)
end)

-- Tries: a __close that never returns. Must: error of type BudgetExceeded.
scenario("__close loops forever", function()
  local guard <close> = setmetatable({}, { __close = function() while true do end end })
end)

-- Tries: a __close that never returns, run as the budget error unwinds. Must: BudgetExceeded.
scenario("__close loops while the budget error unwinds", function()
  local guard <close> = setmetatable({}, { __close = function() while true do end end })
  while true do end
end)

-- Tries: a __close that raises. Must: error.
scenario("__close raises", function()
  local guard <close> = setmetatable({}, { __close = function() error("from __close") end })
end)

-- Tries: an xpcall message handler that never returns. Must: error of type BudgetExceeded.
scenario("xpcall handler loops forever", function()
  xpcall(error, function() while true do end end, "boom")
end)

-- Tries: an xpcall message handler that loops after the budget ran out (handlers run with hooks
-- off then). Must: error of type BudgetExceeded.
scenario("xpcall handler runs after the budget error", function()
  xpcall(function() while true do end end, function() while true do end end)
end)

-- Tries: a message handler that raises again and again. Must: error (xpcall returns, and the
-- scenario then raises on purpose).
scenario("xpcall handler raises", function()
  local function handler(e) error(e) end
  xpcall(error, handler, "boom")
  error("the handler's error was swallowed")
end)

-- Tries: catch the budget error with pcall and keep going. Must: error of type BudgetExceeded.
scenario("pcall catches the budget error", function()
  while true do
    pcall(function() while true do end end)
  end
end)

-- Tries: catch the budget error inside a coroutine and keep going. Must: BudgetExceeded.
scenario("coroutine catches the budget error", function()
  local co = coroutine.wrap(function()
    while true do
      pcall(function() while true do end end)
      coroutine.yield()
    end
  end)
  while true do co() end
end)

-- Tries: close a coroutine the budget error killed, to run its __close with hooks off. Must: BudgetExceeded.
scenario("coroutine.close after the budget error", function()
  local co = coroutine.create(function()
    local guard <close> = setmetatable({}, { __close = function() while true do end end })
    while true do end
  end)
  coroutine.resume(co)
  coroutine.close(co)
  while true do end
end)

-- Tries: coroutine.wrap chains, each coroutine resuming the next, to exhaust the C stack.
-- Must: error (C stack overflow), not a crash.
scenario("coroutine.wrap chain", function()
  local function chain(n)
    return coroutine.wrap(function() return chain(n + 1)() end)
  end
  chain(1)()
end)

-- Tries: a coroutine that yields forever to a loop that resumes it. Must: BudgetExceeded.
scenario("coroutine ping-pong", function()
  local co = coroutine.wrap(function() while true do coroutine.yield() end end)
  while true do co() end
end)

-- Tries: recursion without end. Must: error (the stack outgrows the memory limit, or the stack limit).
scenario("unbounded recursion", function()
  local function down(n) return 1 + down(n + 1) end
  down(1)
end)

-- Tries: recursion through a metamethod (__index calling itself). Must: error (C stack overflow).
scenario("unbounded __index recursion", function()
  local t
  t = setmetatable({}, { __index = function(_, k) return t[k .. "x"] end })
  return t.x
end)

-- Tries: a sort comparator (called from C) that never returns. Must: error of type BudgetExceeded.
scenario("table.sort with a comparator that loops", function()
  table.sort({ 3, 2, 1 }, function() while true do end end)
end)

-- Tries: a sort comparator that is not an order. Must: error.
scenario("table.sort with an inconsistent comparator", function()
  local t = {}
  for i = 1, 100 do t[i] = i end
  table.sort(t, function() return true end)
end)

-- Tries: a gsub replacement function (called from C) that never returns. Must: BudgetExceeded.
scenario("string.gsub with a replacement that loops", function()
  string.gsub("abc", "%w", function() while true do end end)
end)
