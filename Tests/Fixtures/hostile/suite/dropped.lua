-- Nothing dropped silently (issue 11, item 6): a registration that fails under pcall is an error
-- case of its own, and every later registration of the file survives it.

-- An unknown option made a hole in the list of registrations: every later case of the file was lost
-- (0 cases, exit 0). Now the failed call is an error case, named as it would have been.
pcall(scenario, "unknown option under pcall", { tagz = { "x" } }, function() end)
scenario("after a failed registration", function() end)

-- A registration without a name is an error case named after the call.
pcall(scenario, 42, function() end)

-- A describe that fails under pcall keeps no nesting and no before_each for the cases after it.
pcall(describe, "broken group", function()
  before_each(function() error("the broken group's hook ran") end)
  scenario("inside before the failure", function() end)
  error("the group's body broke")
end)
scenario("outside after the failed describe", function() end)

-- A describe whose function is missing.
pcall(describe, "no function")
