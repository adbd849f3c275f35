local support, debug = ...
local getupvalue, upvaluejoin, select, type = debug.getupvalue, debug.upvaluejoin, select, type
local cells = {} -- name → a function whose first upvalue is the variable
local names = {}
support.names = names

local repl = {}

-- Called by a line, at the end of its top level, with (name, const, reader) for each local it declared.
function repl.keep(...)
  for i = 1, select("#", ...), 3 do
    local name, const, reader = select(i, ...)
    if type(reader) == "function" then
      local upvalue = getupvalue(reader, 1)
      if upvalue == nil then -- a compile-time constant: give it a variable
        local value = reader()
        reader = function() return value end
        upvalue = name
      end
      if upvalue == name then
        cells[name] = reader
        names[name] = const == true
      end
    end
  end
end

-- What an expression line returns through, so that its calls are not tail calls.
function repl.values(...)
  return ...
end

-- Runs the compiled header, which returns the line as a function, and joins the line's upvalues to the cells.
function support.bind(header)
  local line = header(repl)
  local index = 1
  while true do
    local name = getupvalue(line, index)
    if name == nil then break end
    local reader = cells[name]
    if reader ~= nil then upvaluejoin(line, index, reader, 1) end
    index = index + 1
  end
  support.line = line
end
