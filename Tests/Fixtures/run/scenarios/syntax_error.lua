-- Does not compile.
scenario("broken", function()
  local x = = 1
end)
