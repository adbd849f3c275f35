-- helpers/places.lua — where the phone is, and the places live updates bring: shared by the
-- scenarios of the iOS 17+ APIs (live updates, monitors, background activity and service sessions).
--
-- Load it with `local places = require "helpers.places"`. Like helpers/flows.lua it registers no
-- scenario, and every case gets a fresh copy.

local places = {}

-- MARK: - Places

-- The device's default place (every phone starts there), as an exact (full accuracy) location.
places.HERE = { latitude = 31.2304, longitude = 121.4737, horizontalAccuracy = 5 }

-- A monitor condition: a 200 m circle around HERE, so the phone starts inside it.
places.HOME = { identifier = "home", latitude = 31.2304, longitude = 121.4737, radius = 200 }

-- 2 km due north of HERE: far outside HOME, and far enough to wake significant-change monitoring.
places.TWO_KM_NORTH = { latitude = 31.2484, longitude = 121.4737 }

-- A place `n` small steps (about 140 m each) north-east of HERE, as an exact location.
---@param n integer
---@return table
function places.step(n)
  return { latitude = places.HERE.latitude + 0.001 * n, longitude = places.HERE.longitude + 0.001 * n, horizontalAccuracy = 5 }
end

-- Moves the phone to `place` (any table with a latitude and a longitude).
---@param phone Device
---@param place table
function places.move(phone, place)
  phone:set_location(place.latitude, place.longitude)
end

-- MARK: - What live updates brought

-- The live updates delivered to `app` after `mark` (flows.mark) that carry a location, oldest first;
-- location-less updates (those that only report diagnostics) are skipped.
---@param app App
---@param mark integer
---@return Callback[]
function places.located(app, mark)
  local found = {}
  for index = mark + 1, #app.callbacks do
    local update = app.callbacks[index]
    if update.name == "liveUpdate" and update.location ~= nil then found[#found + 1] = update end
  end
  return found
end

-- The places those updates carried, oldest first.
---@param app App
---@param mark integer
---@return table[]
function places.since(app, mark)
  local found = {}
  for _, update in ipairs(places.located(app, mark)) do found[#found + 1] = update.location end
  return found
end

-- The place carried by the newest of those updates, or nil.
---@param app App
---@param mark integer
---@return table?
function places.last(app, mark)
  local found = places.since(app, mark)
  return found[#found]
end

return places
