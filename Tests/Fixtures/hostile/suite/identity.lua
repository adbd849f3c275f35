-- Case identity (issue 11, item 1): each case runs the body registered under its own name.

-- A matrix built with pairs over string keys: Lua seeds its string hash per state, so the order
-- differed between the state that collected the file and the one that ran a case, and a case ran
-- another entry's body. Each entry fails on purpose, showing the key its body has: its own
-- ("matrix entry key33: expected "key33" to be "never"", not "key29").
local matrix = {}
for i = 1, 40 do matrix["key" .. i] = i end
for k in pairs(matrix) do
  scenario("matrix entry " .. k, function()
    expect(k).to_be("never")
  end)
end

-- pairs visits numbers ascending, then strings in byte order, then booleans, on every run.
scenario("pairs order is fixed", function()
  local seen = {}
  for k in pairs({ zeta = 1, alpha = 2, [3] = 3, [1.5] = 4, [true] = 5, Beta = 6, [-2] = 7 }) do seen[#seen + 1] = tostring(k) end
  expect(table.concat(seen, " ")).to_be("-2 1.5 3 Beta alpha zeta true")
end)

-- next alone (for k in next, t) visits the same order, and fields may be cleared while it runs.
scenario("next order is fixed and fields may be cleared on the way", function()
  local t = {}
  for i = 1, 100 do t["k" .. string.format("%03d", i)] = i end
  local previous, count = nil, 0
  for k, v in next, t do
    if previous then expect(previous < k).to_be(true) end
    previous, count = k, count + 1
    t[k] = nil
  end
  expect(count).to_be(100)
  expect(next(t)).to_be_nil()
end)
