-- luacheck configuration for permsim scenario files (https://github.com/lunarmodules/luacheck).
-- The scenario API's globals are read-only: a scenario calls them, never assigns them.
std = "lua54"
-- Scenarios read like prose: long expectation lines are fine.
max_line_length = false
read_globals = {
  "scenario", "describe", "before_each", "after_each", "pending",
  "device", "clock",
  "expect", "expect_prompt", "expect_no_prompt", "expect_callback", "expect_no_callback",
  "expect_crash", "expect_console",
}
-- LuaLS definitions (---@meta): they declare the globals and have empty bodies, on purpose.
exclude_files = { "**/types/permsim.lua", ".build/**" }
