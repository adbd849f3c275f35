local support, globals = ...
local rawget, pcall, tostring, type = rawget, pcall, tostring, type

function support.prompt(name)
  local value = rawget(globals, name)
  if value == nil then return nil end
  local ok, text = pcall(tostring, value)
  if ok and type(text) == "string" then return text end
  return nil
end
