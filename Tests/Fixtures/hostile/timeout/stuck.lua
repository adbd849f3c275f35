-- Cases that hold their worker inside one C call for far longer than any budget notices (run with
-- --timeout 2 and an enormous --instructions): the time limit stops each, and the run goes on.

-- Tries: a pattern that backtracks for hours inside one string.find. Must: error TimeLimitExceeded.
scenario("a backtracking pattern", function()
  string.find(("a"):rep(3000), ".-.-.-b")
end)

-- Tries: nothing; runs after the stuck case on a new worker. Must: pass.
scenario("the run goes on", function()
  expect(1 + 1).to_be(2)
end)
