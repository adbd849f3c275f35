-- One case that spins far longer than a test waits (the test gives it an enormous budget): Ctrl-C lets
-- it run on, a second Ctrl-C must end the process at once.
scenario("spins for minutes", function()
  while true do end
end)
