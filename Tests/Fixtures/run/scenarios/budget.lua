-- Runs forever: stopped by the instruction budget, reported as an error; the run goes on.
scenario("spins forever", function()
  local n = 0
  while true do n = n + 1 end
end)
