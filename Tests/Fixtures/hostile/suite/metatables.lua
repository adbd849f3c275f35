-- Attempts to tamper with the tables behind the API through metatables, and to confuse the runner
-- with error values it must classify: forged failures, hostile error objects.

-- Tries: reach the string library shared by every case through the string metatable. Must: error,
-- getmetatable("") is false.
scenario("getmetatable of a string", function()
  getmetatable("").__index.upper = function() return "hacked" end
end)

-- Tries: give strings a new metatable. Must: error, setmetatable takes tables only.
scenario("setmetatable on a string", function()
  setmetatable("", { __index = function() return "hacked" end })
end)

-- Tries: reach a device's metatable (its __index runs Swift). Must: error, it is protected (false).
scenario("getmetatable of a device", function()
  getmetatable(device {}).__index = function() return "hacked" end
end)

-- Tries: write into a device's userdata directly. Must: error, rawset takes tables only.
scenario("rawset on a device", function()
  rawset(device {}, "ios", "1.0")
end)

-- Tries: pass a table that calls itself a Device to a device method. Must: error, types are checked
-- by identity, not by name.
scenario("a table impersonating a Device", function()
  local phone = device {}
  phone.install(setmetatable({}, { __name = "Device" }), { info = {} })
end)

-- Tries: call an app method on a device. Must: error.
scenario("an app method called on a device", function()
  local app = device {}:install { info = {} }
  app.launch(device {})
end)

-- Tries: replace a member of the shared clock. Must: error, members are read-only.
scenario("clock members are replaced", function()
  clock.advance = function() end
end)

-- Tries: redefine the globals the test language uses, so a failure passes. Must: failure; the
-- prelude keeps its own copies.
scenario("redefined error, type and pcall hide a failure", function()
  error = function() end
  type = function() return "nil" end
  pcall = function() return true end
  setmetatable = function(t) return t end
  expect(1).to_be(2)
end)

-- Tries: raise a hand-made failure record. Must: error: only the host makes failure signals, so a
-- table that says it is a failure is just an error object (issue 10: no forged verdicts).
scenario("a forged failure record", function()
  error({ permsim = "failure", message = "forged failure" })
end)

-- Tries: raise a hand-made crash record. Must: error, as above (a scenario cannot forge a crash).
scenario("a forged crash record", function()
  error({ permsim = "crash", exception = "ForgedException", reason = "forged", message = "ForgedException: forged" })
end)

-- Tries: a failure record whose fields are not strings. Must: error, the runner copes.
scenario("a forged failure record with odd fields", function()
  error({ permsim = "failure", message = { "not", "a", "string" }, where = 42, details = print, traceback = true })
end)

-- Tries: an error object whose __index errors when the runner reads it. Must: error.
scenario("an error object whose __index errors", function()
  error(setmetatable({}, { __index = function() error("no fields here") end }))
end)

-- Tries: an error object whose __index never returns (the runner reads it in a message handler).
-- Must: error of type BudgetExceeded.
scenario("an error object whose __index loops", function()
  error(setmetatable({}, { __index = function() while true do end end }))
end)

-- Tries: an error object whose __tostring errors. Must: error.
scenario("an error object whose __tostring errors", function()
  error(setmetatable({}, { __tostring = function() error("cannot say") end }))
end)

-- Tries: an error object whose __tostring never returns. Must: error of type BudgetExceeded.
scenario("an error object whose __tostring loops", function()
  error(setmetatable({}, { __tostring = function() while true do end end }))
end)

-- Tries: an error object whose __tostring returns no string. Must: error.
scenario("an error object whose __tostring returns a table", function()
  error(setmetatable({}, { __tostring = function() return {} end }))
end)

-- Tries: raise nothing at all. Must: error.
scenario("error with nil", function()
  error()
end)

-- Tries: raise a coroutine as the error value. Must: error.
scenario("error with a coroutine", function()
  error(coroutine.create(print))
end)

-- Tries: a table whose __eq errors inside a matcher. Must: error.
scenario("__eq errors inside to_be", function()
  local mt = { __eq = function() error("no equality") end }
  expect(setmetatable({}, mt)).to_be(setmetatable({}, mt))
end)

-- Tries: a table whose __eq never returns inside a matcher. Must: error of type BudgetExceeded.
scenario("__eq loops inside to_be", function()
  local mt = { __eq = function() while true do end end }
  expect(setmetatable({}, mt)).to_be(setmetatable({}, mt))
end)

-- Tries: print a table whose __tostring errors (print runs in Swift). Must: error.
scenario("print of a table whose __tostring errors", function()
  print(setmetatable({}, { __tostring = function() error("cannot say") end }))
end)

-- Tries: print a table whose __tostring never returns. Must: error of type BudgetExceeded.
scenario("print of a table whose __tostring loops", function()
  print(setmetatable({}, { __tostring = function() while true do end end }))
end)

-- Tries: option tables with an __index that errors, and __pairs. Must: pass; options are read raw.
scenario("options with hostile metamethods", function()
  local hostile = { __index = function() error("read me raw") end, __pairs = function() error("no pairs") end }
  local phone = device(setmetatable({ ios = "14.0" }, hostile))
  expect(phone.ios).to_be("14.0")
end)
