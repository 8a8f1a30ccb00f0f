-- Lesson 17: path morphing.
--
-- A shape layer's path animates too. Core Animation blends the two paths point by point: each
-- point of the first (control points included) moves in a straight line to the matching point of
-- the second. So the two paths must have the same elements: built by the same calls, in the same
-- order. Apple calls any other pair undefined; Snowglobe's addAnimation refuses it and says why.
-- A play icon that becomes a pause icon is therefore drawn as two quads whose points meet, not as
-- a triangle. A dash pattern animates entry by entry, and cornerCurve = "continuous" (iOS 13) gives
-- a layer iOS's smooth corners instead of quarter circles.

local lesson = require "lesson"
local colors = lesson.colors

local stage = lesson.stage("17 · Path morphing",
  "ca.BasicAnimation{ keyPath = \"path\", fromValue = p1, toValue = p2 }: every point moves to its match.")

local Y = 200      -- the centre of the first row
local SIDE = 130   -- the side of each shape layer there

-- A shape layer of SIDE × SIDE centred on (x, y), in the stage; returns it.
local function shape(x, y, properties)
  properties.frame = { x - SIDE / 2, y - SIDE / 2, SIDE, SIDE }
  local layer = ca.ShapeLayer(properties)
  stage:addSublayer(layer)
  return layer
end

-- Above an example what it is; below it, code.
local function labels(x, title, code)
  lesson.text(stage, title, { x - 120, 106, 240, 20 }, { align = "center" })
  lesson.code(stage, x, 280, code)
end

-- 1: play ↔ pause. Both icons are two closed four-point subpaths: the triangle cut down its
-- middle into two quads (the right one's tip is two points in one place), and two bars.
local function icon(quads)
  local path = ca.Path()
  for _, quad in ipairs(quads) do
    path:moveTo(quad[1], quad[2])
    for i = 3, 8, 2 do path:lineTo(quad[i], quad[i + 1]) end
    path:close()
  end
  return path
end
local PLAY = icon{ { 42, 25, 76, 45, 76, 85, 42, 105 }, { 76, 45, 110, 65, 110, 65, 76, 85 } }
local PAUSE = icon{ { 33, 28, 56, 28, 56, 102, 33, 102 }, { 74, 28, 97, 28, 97, 102, 74, 102 } }

stage:addSublayer(ca.Layer{ bounds = { 0, 0, SIDE, SIDE }, position = { 140, Y },
                            backgroundColor = colors.track, cornerRadius = SIDE / 2 })
local button = shape(140, Y, { path = PLAY, fillColor = colors.accent })
button:addAnimation(ca.BasicAnimation{
  keyPath = "path", fromValue = PLAY, toValue = PAUSE, duration = 1,
  autoreverses = true, repeatCount = math.huge, timingFunction = "easeInEaseOut",
}, "morph")
labels(140, "play ↔ pause", "keyPath = \"path\"\ntwo quads ↔ two bars")

-- 2: a loader that becomes a check mark. The circle is four curves from its left point round
-- through the bottom; the check is four curves too, straight ones (their control points on the
-- line), two down its short stroke and two up its long one.
local C, R = SIDE / 2, 45     -- the circle's centre (both ways) and radius
local K = R * 0.5523          -- how far a quarter circle's control points reach
local CIRCLE = ca.Path():moveTo(C - R, C)
  :curveTo(C - R, C + K, C - K, C + R, C, C + R)
  :curveTo(C + K, C + R, C + R, C + K, C + R, C)
  :curveTo(C + R, C - K, C + K, C - R, C, C - R)
  :curveTo(C - K, C - R, C - R, C - K, C - R, C)
local CHECK = ca.Path():moveTo(28, 68)
local function line(path, x0, y0, x1, y1)   -- a curve that is a straight line
  local dx, dy = (x1 - x0) / 3, (y1 - y0) / 3
  return path:curveTo(x0 + dx, y0 + dy, x0 + 2 * dx, y0 + 2 * dy, x1, y1)
end
line(CHECK, 28, 68, 40.5, 80.5)
line(CHECK, 40.5, 80.5, 53, 93)
line(CHECK, 53, 93, 77.5, 66)
line(CHECK, 77.5, 66, 102, 39)

local loader = shape(400, Y, {
  path = CIRCLE, fillColor = "transparent", strokeColor = colors.second, lineWidth = 10,
  lineCap = "round", lineJoin = "round",
})
-- One cycle: draw the circle, morph it into the check (turning green), hold it, fade. Each part
-- is a keyframe animation over the whole cycle (an animation in a group keeps its own duration).
local CYCLE = 4.5
local function part(keyPath, values, keyTimes)
  return ca.KeyframeAnimation{ keyPath = keyPath, values = values, keyTimes = keyTimes, duration = CYCLE,
                               timingFunctions = { "easeInEaseOut", "easeInEaseOut", "easeInEaseOut" } }
end
loader:addAnimation(ca.AnimationGroup{
  duration = CYCLE, repeatCount = math.huge,
  animations = {
    part("strokeEnd", { 0, 1, 1, 1 }, { 0, 0.3, 0.5, 1 }),
    part("path", { CIRCLE, CIRCLE, CHECK, CHECK }, { 0, 0.36, 0.5, 1 }),
    part("strokeColor", { colors.second, colors.second, colors.fourth, colors.fourth }, { 0, 0.36, 0.5, 1 }),
    part("opacity", { 1, 1, 1, 0 }, { 0, 0.5, 0.9, 1 }),
  },
}, "load")
labels(400, "a loader becomes a check", "strokeEnd 0 → 1, then\n\"path\": circle → check")

-- 3: marching dashes, short ↔ long. The pattern animates entry by entry; the phase moves them
-- along. It moves 60 points a cycle, a whole number of patterns when the dashes are short
-- again, so the loop does not jump.
local ants = shape(660, Y, {
  path = ca.Path.roundedRect({ 10, 25, 110, 80 }, 14), fillColor = "transparent",
  strokeColor = colors.third, lineWidth = 4, lineDashPattern = { 4, 8 },
})
ants:addAnimation(ca.BasicAnimation{
  keyPath = "lineDashPattern", fromValue = { 4, 8 }, toValue = { 22, 8 }, duration = 1.5,
  autoreverses = true, repeatCount = math.huge, timingFunction = "easeInEaseOut",
}, "dashes")
ants:addAnimation(ca.BasicAnimation{
  keyPath = "lineDashPhase", fromValue = 0, toValue = -60, duration = 3, repeatCount = math.huge,
}, "march")
labels(660, "dashes, short ↔ long", "\"lineDashPattern\"\n{4, 8} ↔ {22, 8}")

-- 4: cornerCurve, the same cornerRadius twice.
lesson.code(stage, 205, 352, "cornerRadius = 32, cornerCurve =")
for i, curve in ipairs{ "circular", "continuous" } do
  local x = 120 + (i - 1) * 170
  stage:addSublayer(ca.Layer{ bounds = { 0, 0, 110, 110 }, position = { x, 440 },
                              backgroundColor = colors.second, cornerRadius = 32, cornerCurve = curve })
  lesson.code(stage, x, 502, "\"" .. curve .. "\"")
  lesson.text(stage, i == 1 and "a quarter circle" or "iOS's smooth corner", { x - 80, 520, 160, 20 },
    { align = "center", color = colors.dim, fontSize = 13 })
end

-- 5: the rule, and what addAnimation says to a pair that breaks it: a plain triangle (moveTo,
-- two lineTo, close) and the pause icon. The error is caught with pcall and shown without its
-- "file:line: " prefix.
lesson.text(stage,
  "The rule: the same elements (the same calls in the same order), or addAnimation refuses the pair:",
  { 400, 344, 370, 60 }, { fontSize = 14 })
local triangle = ca.Path():moveTo(42, 25):lineTo(110, 65):lineTo(42, 105):close()
local ok, err = pcall(function()
  button:addAnimation(ca.BasicAnimation{ keyPath = "path", fromValue = triangle, toValue = PAUSE }, "wrong")
end)
local message = ok and "accepted" or tostring(err):gsub("^[^\n]-:%d+: ", "")
lesson.text(stage, "triangle → two bars: " .. message, { 400, 410, 370, 80 },
  { color = colors.accent, fontSize = 12 })
