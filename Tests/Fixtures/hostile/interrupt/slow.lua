-- Slow cases for the interrupted-run test: each spins for tens of milliseconds, far within a generous
-- budget, so that Ctrl-C lands while cases are running and some have finished.
for i = 1, 200 do
  scenario("slow case " .. i, function()
    local n = 0
    for _ = 1, 5000000 do n = n + 1 end
    expect(n).to_be(5000000)
  end)
end
