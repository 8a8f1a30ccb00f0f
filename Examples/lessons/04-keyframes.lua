-- Lesson 4: keyframe animations and their calculation modes.
--
-- A CAKeyframeAnimation goes through a list of values. calculationMode decides how it gets from
-- one to the next: "linear" (straight, each segment taking the same time unless keyTimes say
-- otherwise), "discrete" (jump, no in-between), "paced" (even speed along the whole way, keyTimes
-- ignored), "cubic" (a smooth curve through the values) and "cubicPaced" (smooth and even).
-- The last panel follows a path instead of values, turning to face its way (rotationMode "auto").
--
-- See it in the inspector: press F4 in the viewer and click a box. Its graph marks the keyTimes
-- with dotted lines, so you can see when each value is reached and what the calculation mode
-- does between them.

local lesson = require "lesson"
local colors = lesson.colors

local stage = lesson.stage("4 · Keyframes and calculation modes",
  "The same five values in every panel; only calculationMode differs. The dots are the keyframes.")

local W, H = 210, 150         -- a panel
local DURATION = 3

-- The keyframes, in a panel's coordinates: a zigzag with uneven legs, so paced differs.
local POINTS = { { 20, 120 }, { 60, 30 }, { 90, 110 }, { 180, 40 }, { 195, 125 } }

local function panel(x, y, title)
  local layer = ca.Layer{ frame = { x, y, W, H }, backgroundColor = "#00000022", cornerRadius = 8 }
  stage:addSublayer(layer)
  lesson.text(stage, title, { x, y + H + 6, W, 20 },
    { font = "monospace", color = colors.code, align = "center", fontSize = 13 })
  return layer
end

local function ball(parent, color)
  local b = lesson.box(parent, { size = 16, color = color, position = POINTS[1] })
  b.cornerRadius = 8
  return b
end

local modes = { "linear", "discrete", "paced", "cubic", "cubicPaced" }
local palette = { colors.accent, colors.third, colors.second, colors.fourth, "#d68cff" }
for i, mode in ipairs(modes) do
  local column, line = (i - 1) % 3, (i - 1) // 3
  local p = panel(40 + column * 250, 110 + line * 220, "\"" .. mode .. "\"")
  -- The keyframes: dots joined by a faint line.
  local guide = ca.Path():moveTo(POINTS[1][1], POINTS[1][2])
  for k = 2, #POINTS do guide:lineTo(POINTS[k][1], POINTS[k][2]) end
  p:addSublayer(ca.ShapeLayer{ path = guide, fillColor = "#00000000", strokeColor = colors.track, lineWidth = 1 })
  for _, point in ipairs(POINTS) do
    p:addSublayer(ca.Layer{ bounds = { 0, 0, 6, 6 }, cornerRadius = 3, position = point, backgroundColor = colors.dim })
  end
  ball(p, palette[i]):addAnimation(ca.KeyframeAnimation{
    keyPath = "position",
    values = POINTS,
    calculationMode = mode,
    duration = DURATION,
    repeatCount = math.huge,
  }, "keyframes")
end

-- The sixth panel: a path (here a figure of eight) and rotationMode "auto".
local p = panel(540, 330, "path + rotationMode \"auto\"")
local eight = ca.Path()
  :moveTo(105, 75)
  :curveTo(140, 10, 200, 20, 200, 75):curveTo(200, 130, 140, 140, 105, 75)
  :curveTo(70, 10, 10, 20, 10, 75):curveTo(10, 130, 70, 140, 105, 75)
p:addSublayer(ca.ShapeLayer{ path = eight, fillColor = "#00000000", strokeColor = colors.track, lineWidth = 2 })
local arrow = ca.ShapeLayer{
  bounds = { 0, 0, 24, 16 },
  path = ca.Path():moveTo(0, 0):lineTo(24, 8):lineTo(0, 16):lineTo(6, 8):close(),
  fillColor = "#d68cff",
  position = { 105, 75 },
}
p:addSublayer(arrow)
arrow:addAnimation(ca.KeyframeAnimation{
  keyPath = "position",
  path = eight,
  rotationMode = "auto",
  calculationMode = "paced",
  duration = DURATION * 1.5,
  repeatCount = math.huge,
}, "follow")

lesson.text(stage,
  "ca.KeyframeAnimation{ keyPath = \"position\", values = {…}, calculationMode = \"paced\" }",
  { 30, 560, 740, 20 }, { color = colors.dim, font = "monospace", fontSize = 13 })
