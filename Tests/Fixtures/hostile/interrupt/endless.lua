-- One case that spins far longer than a test waits (the test gives it an enormous budget): a first
-- Ctrl-C lets it run on (until its time limit), a second Ctrl-C, SIGTERM or SIGHUP stops its worker
-- at once, and the report of the finished cases is written.
scenario("spins for minutes", function()
  while true do end
end)
