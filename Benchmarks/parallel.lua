-- The machine's own ceiling for two jobs: work like a worker's (short-lived tables, the allocator and
-- the collector busy), timed by Scripts/bench alone and as two processes at once.
--
--   lua5.4 Benchmarks/parallel.lua
--
-- Two cores that shared nothing would run two of these in the time of one. What two take instead,
-- against one, is as much speed-up as two permsim workers can hope for on the machine, before the
-- runner's own share.
local kept = {}
for i = 1, 2e6 do
  kept[i % 1000 + 1] = { i, tostring(i % 97) }
end
