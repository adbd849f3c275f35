-- Fills both pipes at once (issue 44): cases that print a MiB and fail, a name of 4 MiB (cut to the
-- report limits in the worker), and errors of 3 MiB. A run of it always ends, with a valid report.
local MiB = 1024 * 1024
for i = 1, 5 do scenario("printer " .. i, function() print(string.rep("p", MiB)); expect(1).to_be(2) end) end
pcall(scenario, "a 4 MiB name " .. string.rep("N", 4 * MiB), function() end)
for i = 1, 5 do scenario("after " .. i, function() error(string.rep("e", 3 * MiB)) end) end
