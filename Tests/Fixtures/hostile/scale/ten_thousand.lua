-- Tries: confuse the runner with 10,000 scenarios in one file, all of the same name.
-- Must: 10,000 cases named "same", "same #2" … "same #10000", all reported, the report valid.
-- Every case runs the file's top level again, so running all of them costs 10,000² registrations:
-- the test runs the four tagged "run" (--tags run) and the rest are reported as skipped.
for i = 1, 10000 do
  scenario("same", { tags = { i % 2500 == 0 and "run" or "rest" } }, function()
    expect(i % 2500).to_be(0)
  end)
end
