-- A scenario whose device pins its own version, run with --ios naming another: the case runs on the
-- pinned version, and its name, console line and JUnit report say so (SCENARIO_API.md §3).
scenario("pinned by its device", function()
  local phone = device { ios = "12.0" }
  expect(phone.ios).to_be "12.0"
  expect(phone.ios).to_be "an unknown version"   -- fails, so the console names the case
end)

scenario("follows --ios", function()
  local phone = device {}
  expect(phone.ios).never.to_be "12.0"
end)
