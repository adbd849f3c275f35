-- Attempts to run Lua bytecode, which the VM does not verify: a crafted binary chunk can read and
-- write memory. The sandbox compiles text only and cannot dump functions.

-- A binary chunk header (ESC "Lua", version 5.4, format 0, LUAC_DATA) with junk after it.
local BINARY = "\27Lua\x54\0\x19\x93\r\n\x1a\n\4\8\8\x78\x56\0\0\0\0\0\0\0\0\0\0\0\0\x28\x77\x40" .. string.rep("\255", 64)

-- Tries: load a binary chunk given as a string. Must: error, load refuses binary chunks.
scenario("load runs a binary chunk", function()
  assert(load(BINARY))()
end)

-- Tries: ask for binary mode explicitly. Must: error, mode "b" is refused.
scenario("load with mode b", function()
  assert(load(BINARY, "=x", "b"))()
end)

-- Tries: mode "bt" to slip binary in beside text. Must: error.
scenario("load with mode bt", function()
  assert(load(BINARY, "=x", "bt"))()
end)

-- Tries: hand the binary chunk in pieces from a reader function. Must: error.
scenario("load reads a binary chunk from a function", function()
  local pieces, i = { BINARY:sub(1, 1), BINARY:sub(2) }, 0
  assert(load(function() i = i + 1 return pieces[i] end))()
end)

-- Tries: make bytecode from a function. Must: error, string.dump does not exist.
scenario("string.dump makes bytecode", function()
  load(string.dump(function() return 1 end))()
end)

-- Tries: reach dump through a string's methods. Must: error, the string methods have no dump either.
scenario("string methods reach dump", function()
  local dump = ("").dump
  dump(print)
end)
