import LuaBridge

/// `os.clock`, `os.time` and `os.date` on media time, so that no wall clock reaches a script and
/// a run replayed to a moment is the run that was played there: `os.clock()` is the media time
/// in seconds, `os.time()` a fixed epoch (2000-01-01 00:00:00 UTC) plus the whole seconds of
/// media time, `os.time(t)` reads a date table as UTC, and `os.date` formats in UTC, at
/// `os.time()` unless given a time.
enum MediaTimeOS {
    static let chunkName = "=snowglobe"
    /// 2000-01-01 00:00:00 UTC, in seconds since 1970.
    static let epoch = 946_684_800

    static let source = #"""
local mediaTime, epoch = ...
local floor, type, tointeger, osdate, error = math.floor, type, math.tointeger, os.date, error

os.clock = function() return mediaTime() end

-- Days from 1970-01-01 to year y, month m (1-12), day 1, in the proleptic Gregorian calendar.
local function daysBefore(y, m)
  if m <= 2 then y = y - 1 end
  local era = y // 400
  local yearOfEra = y - era * 400
  local dayOfYear = (153 * (m > 2 and m - 3 or m + 9) + 2) // 5
  local dayOfEra = yearOfEra * 365 + yearOfEra // 4 - yearOfEra // 100 + dayOfYear
  return era * 146097 + dayOfEra - 719468
end

local function field(t, key, default)
  local value = t[key]
  if value == nil then
    if default == nil then error("field '" .. key .. "' missing in date table", 3) end
    return default
  end
  local integer = tointeger(value)
  if integer == nil then error("field '" .. key .. "' is not an integer", 3) end
  if integer > 0x7fffffff or integer < -0x7fffffff then error("field '" .. key .. "' is out-of-bound", 3) end
  return integer
end

os.time = function(t)
  if t == nil then return epoch + floor(mediaTime()) end
  if type(t) ~= "table" then
    error("bad argument #1 to 'time' (table expected, got " .. type(t) .. ")", 2)
  end
  local year, month, day = field(t, "year"), field(t, "month"), field(t, "day")
  local hour, min, sec = field(t, "hour", 12), field(t, "min", 0), field(t, "sec", 0)
  year = year + (month - 1) // 12
  month = (month - 1) % 12 + 1
  return (daysBefore(year, month) + day - 1) * 86400 + hour * 3600 + min * 60 + sec
end

os.date = function(format, time)
  if format == nil then format = "%c" end
  if type(format) ~= "string" then
    error("bad argument #1 to 'date' (string expected, got " .. type(format) .. ")", 2)
  end
  if format:sub(1, 1) ~= "!" then format = "!" .. format end
  if time == nil then time = os.time() end
  return osdate(format, time)
end
"""#
}

extension ScriptHost {
    /// Replaces the wall-clock functions of `os` with their media-time forms.
    func installMediaTimeOS() {
        do {
            try lua.load(MediaTimeOS.source, chunkName: MediaTimeOS.chunkName)
            lua.push(luaMediaTime, name: "clock")
            lua.push(MediaTimeOS.epoch)
            try lua.pcall(arguments: 2)
        } catch {
            report(ScriptError(error, context: "snowglobe's sandbox"))
        }
    }
}

/// The scene's media time.
private func luaMediaTime(_ L: OpaquePointer) -> Int32 {
    LuaState.run(L) { lua in lua.push(try ScriptHost.require(lua).scene.time); return 1 }
}
