-- Lesson 3: timing functions, side by side with their curves.
--
-- A timing function maps the animation's progress in time (0 … 1, across) to its progress in
-- value (up). Each panel draws one curve with :evaluate(t) and runs a dot along it: the dot's x
-- moves linearly in time and its y with the timing function, so it traces the curve. The bar
-- under the panel moves with that timing function alone: that is what the curve feels like.
--
-- See it in the inspector: press F4 in the viewer and click a runner. It graphs the runner's
-- position.x over time and draws its timing function beside the graph, with a dot where the
-- animation is now; F7 and Shift+F7 move the dot a tick at a time.
--
-- Tweak it: press Shift+F4, Tab to the four numbers of the curve of your own below (the fifth
-- panel), and bend it with Up and Down (Shift: ten steps) — the curve and the runners change at
-- the moment shown. Enter writes the number back into this file; Ctrl+Z undoes it.

local lesson = require "lesson"
local colors = lesson.colors

local stage = lesson.stage("3 · Timing functions",
  "Across: time. Up: progress. The dot traces the curve; the bar below moves with it.")

local FUNCTIONS = {
  "linear", "easeIn", "easeOut", "easeInEaseOut",
  ca.MediaTimingFunction(0.25, 0.1, 0.25, 1), "easeInSine", "easeOutBack", "easeOutBounce",
}
local PANEL_W, PANEL_H = 130, 110        -- the graph's square-ish area
local DURATION, HOLD = 2, 1              -- each run takes 2 s, then the dot rests 1 s

-- One panel: axes, the curve, a dot on it, a bar under it, and the function's name.
local function panel(name, x, y)
  local timing = type(name) == "string" and ca.MediaTimingFunction(name) or name
  local label = type(name) == "string" and "\"" .. name .. "\""
    or string.format("(%g, %g, %g, %g)", table.unpack(timing.controlPoints))
  local graph = ca.Layer{ frame = { x, y, PANEL_W, PANEL_H } }
  stage:addSublayer(graph)

  -- Axes: the unit square, drawn faintly.
  graph:addSublayer(ca.ShapeLayer{
    path = ca.Path.rect{ 0, 0, PANEL_W, PANEL_H },
    fillColor = "#00000000", strokeColor = colors.track, lineWidth = 1,
  })

  -- The curve: 60 samples of timing:evaluate(t). Overshooting curves (back, bounce) go past
  -- the square, as their values do.
  local path = ca.Path():moveTo(0, PANEL_H)
  for i = 1, 60 do
    local t = i / 60
    path:lineTo(t * PANEL_W, PANEL_H * (1 - timing:evaluate(t)))
  end
  graph:addSublayer(ca.ShapeLayer{
    path = path, fillColor = "#00000000", strokeColor = colors.second, lineWidth = 2,
  })

  -- The dot: x linear in time, y through the timing function. Grouped so that it rests at the
  -- end for HOLD seconds before starting again.
  local dot = lesson.box(graph, { position = { 0, PANEL_H }, size = 10, color = colors.accent })
  dot.cornerRadius = 5
  dot:addAnimation(ca.AnimationGroup{
    duration = DURATION + HOLD,
    repeatCount = math.huge,
    animations = {
      ca.BasicAnimation{ keyPath = "position.x", fromValue = 0, toValue = PANEL_W,
                         duration = DURATION, fillMode = "forwards" },
      ca.BasicAnimation{ keyPath = "position.y", fromValue = PANEL_H, toValue = 0,
                         duration = DURATION, fillMode = "forwards", timingFunction = timing },
    },
  }, "trace")

  -- The bar below: the same timing function on x alone.
  lesson.track(stage, x, x + PANEL_W, y + PANEL_H + 22)
  local runner = lesson.box(stage, { position = { x, y + PANEL_H + 22 }, size = 14, color = colors.third })
  runner:addAnimation(ca.AnimationGroup{
    duration = DURATION + HOLD,
    repeatCount = math.huge,
    animations = {
      ca.BasicAnimation{ keyPath = "position.x", fromValue = x, toValue = x + PANEL_W,
                         duration = DURATION, fillMode = "forwards", timingFunction = timing },
    },
  }, "run")

  lesson.text(stage, label, { x - 20, y + PANEL_H + 36, PANEL_W + 40, 20 },
    { font = "monospace", color = colors.code, align = "center", fontSize = 13 })
end

for i, name in ipairs(FUNCTIONS) do
  local column, line = (i - 1) % 4, (i - 1) // 4
  panel(name, 60 + column * 185, 120 + line * 210)
end

lesson.text(stage,
  "ca.MediaTimingFunction(name) or (c1x, c1y, c2x, c2y); ca.Easing.easeIn.sine … the catalogue.",
  { 30, 560, 740, 20 }, { color = colors.dim })
