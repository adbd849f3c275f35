-- Tries: a file whose top level never returns (it runs while the runner collects scenarios).
-- Must: one errored case for the file, of type BudgetExceeded; the run goes on.
scenario("never collected", function() end)
while true do end
