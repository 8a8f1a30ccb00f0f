-- luacheck: std lua54
-- The least a replay of Examples/snowfall-displaylink.lua can cost: the same per-tick work of
-- its display link (80 flakes, the article's sine easing for place, angle and opacity), run by
-- plain lua5.4 with no host at all. Flakes are plain tables, and where the example builds a
-- ca.Transform3D and sets layer properties this keeps two numbers in a table, so what it
-- measures is the script's own arithmetic, which any host has to run.
--
-- It also runs a second floor, alternating with the first round by round so that a busy
-- machine slows both alike: the example's update line as written, its six touches of `ca`
-- (`ca.Transform3D.identity`, three methods, two property sets) going to stand-ins that do
-- nothing: C functions (`assert`, which returns its arguments) as the methods, __index and
-- __newindex. No host can answer those touches for less than a call to a C function that does
-- no work, so this is the least any host can cost.
--
--   lua5.4 displaylink-floor.lua TICKS [ROUNDS]
--
-- prints RESULT ms=… per_second=… calls_ms=… (the medians over ROUNDS of TICKS ticks at 60 a
-- second: the arithmetic alone, then with the touches)

local ticks = tonumber(arg[1] or 3600)
local rounds = tonumber(arg[2] or 5)
local random, pi, cos, abs = math.random, math.pi, math.cos, math.abs
math.randomseed(1)

local function uniform(n)
  return random(0, n - 1)
end

local curves = {
  easeIn = function(p) return -cos(p * pi / 2) + 1.0 end,
  easeInOut = function(p) return -(cos(pi * p) - 1) / 2 end,
}

local function getProgress(curve, elapsed, duration, startValue, endValue)
  if elapsed < 0 then return startValue end
  if elapsed > duration then return endValue end
  local progress = curves[curve](elapsed / duration)
  if startValue > endValue then
    return startValue - abs(endValue - startValue) * progress
  end
  return startValue + abs(endValue - startValue) * progress
end

local Snow = {}
Snow.__index = Snow

function Snow.new(width, height, imageSize)
  local self = setmetatable({}, Snow)
  self.layer = {}
  self.x = uniform(math.floor(width + imageSize * 1.5)) - imageSize * 0.75
  self.startY = uniform(math.floor(height + imageSize * 1.5)) - imageSize * 0.75
  self.endY = self.startY + uniform(200)
  self.angle = (uniform(4) + 1) * (uniform(1) == 0 and pi or -pi)
  self.scale = uniform(10) / 10
  self.duration = (uniform(5) + 3) * 2
  self.opacityFirstPoint = uniform(self.duration - 3) + 1
  self.opacitySecondPoint = uniform(self.duration - self.opacityFirstPoint - 2) + self.opacityFirstPoint + 1
  return self
end

function Snow:getProgressY(elapsed)
  return getProgress("easeIn", elapsed, self.duration, self.startY, self.endY)
end

function Snow:getProgressAngle(elapsed)
  return getProgress("easeIn", elapsed, self.duration, 0.0, self.angle)
end

function Snow:getProgressOpacity(elapsed)
  if elapsed < self.opacityFirstPoint then
    return getProgress("easeInOut", elapsed, self.opacityFirstPoint, 0.0, 1.0)
  elseif elapsed <= self.opacitySecondPoint then
    return 1.0
  end
  return getProgress("easeInOut", elapsed - self.opacitySecondPoint, self.duration - self.opacitySecondPoint, 1.0, 0.0)
end

local snows = {}
for i = 1, 80 do snows[i] = Snow.new(800, 600, 32) end

local function updateSnow(snow, elapsed)
  local y = snow:getProgressY(elapsed)
  local angle = snow:getProgressAngle(elapsed)
  snow.layer.transform = y + angle
  snow.layer.opacity = snow:getProgressOpacity(elapsed)
end

-- Stand-ins for the touches of `ca`: each is a call to a C function that does nothing but
-- return its arguments. `Transform3D.identity` is the table itself (its __index), so that the
-- chained methods find themselves on what it returns.
local Transform3D = { translated = assert, rotated = assert, scaled = assert }
setmetatable(Transform3D, { __index = assert })
local ca = { Transform3D = Transform3D }
local quietLayer = { __newindex = assert }
local layers = {}
for i = 1, #snows do layers[i] = setmetatable({}, quietLayer) end

-- The example's updateSnow as written, with `snow.layer` one of the stand-in layers.
local function updateSnowCalling(snow, layer, elapsed)
  local y = snow:getProgressY(elapsed)
  local angle = snow:getProgressAngle(elapsed)
  local opacity = snow:getProgressOpacity(elapsed)
  layer.transform = ca.Transform3D.identity
    :translated(snow.x, y, 0)
    :rotated(angle, 0, 0, 1)
    :scaled(snow.scale, snow.scale, 1)
  layer.opacity = opacity
end

local function median(times)
  table.sort(times)
  return times[(#times + 1) // 2]
end

local times, callingTimes = {}, {}
for round = 1, rounds do
  local start = os.clock()
  for k = 1, ticks do
    local elapsed = k / 60
    for _, snow in ipairs(snows) do updateSnow(snow, elapsed) end
  end
  times[round] = (os.clock() - start) * 1000
  start = os.clock()
  for k = 1, ticks do
    local elapsed = k / 60
    for i, snow in ipairs(snows) do updateSnowCalling(snow, layers[i], elapsed) end
  end
  callingTimes[round] = (os.clock() - start) * 1000
end
local ms = median(times)
print(string.format("RESULT ms=%.2f per_second=%.3f calls_ms=%.2f", ms, ms / (ticks / 60), median(callingTimes)))
