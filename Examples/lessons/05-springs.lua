-- Lesson 5: springs.
--
-- A CASpringAnimation moves like a weight on a spring: mass, stiffness and damping decide how
-- fast it goes and how much it wobbles, and initialVelocity gives it a push at the start. Its
-- duration defaults to settlingDuration, the time it takes to come to rest. Each column drops a
-- box onto the line with different settings; they start together, every few seconds.
--
-- See it in the inspector: press F4 in the viewer and click a box. Its graph shows the spring's
-- overshoot and marks its settlingDuration with a dotted line; beside it, the spring's progress
-- over its duration.
--
-- Tweak it: press Shift+F4, Tab to a damping below and press Up or Down (Shift: ten steps) —
-- the box drops again with the new spring at the moment shown. Enter writes the number back.

local lesson = require "lesson"
local colors = lesson.colors

local stage = lesson.stage("5 · Springs",
  "ca.SpringAnimation{ keyPath = \"position.y\", mass, stiffness, damping, initialVelocity }")

local TOP, REST = 200, 380
local SPRINGS = {
  { label = "default",        mass = 1, stiffness = 100, damping = 10 },
  { label = "damping 4",      mass = 1, stiffness = 100, damping = 4 },
  { label = "damping 20",     mass = 1, stiffness = 100, damping = 20 },
  { label = "stiffness 400",  mass = 1, stiffness = 400, damping = 10 },
  { label = "mass 4",         mass = 4, stiffness = 100, damping = 10 },
  { label = "velocity -10",   mass = 1, stiffness = 100, damping = 10, initialVelocity = -10 },
}
local palette = { colors.text, colors.accent, colors.second, colors.third, colors.fourth, "#d68cff" }

local boxes, longest = {}, 0
for i, spring in ipairs(SPRINGS) do
  local x = 95 + (i - 1) * 122
  -- The rest line, and where the box starts.
  stage:addSublayer(ca.Layer{ frame = { x - 40, REST + 20, 80, 2 }, backgroundColor = colors.dim })
  stage:addSublayer(ca.Layer{ frame = { x - 20, TOP - 20, 40, 40 }, cornerRadius = 8,
                              borderColor = colors.track, borderWidth = 2 })
  local box = lesson.box(stage, { position = { x, REST }, color = palette[i] })
  box.actions = false
  boxes[i] = box

  -- A spring's settlingDuration depends only on its settings, so ask one made for reading.
  local probe = ca.SpringAnimation{ keyPath = "position.y", mass = spring.mass,
                                    stiffness = spring.stiffness, damping = spring.damping,
                                    initialVelocity = spring.initialVelocity or 0 }
  spring.settling = probe.settlingDuration
  longest = math.max(longest, spring.settling)
  lesson.text(stage, spring.label, { x - 60, 110, 120, 20 },
    { align = "center", font = "monospace", color = colors.code, fontSize = 13 })
  lesson.text(stage, string.format("settles in %.1f s", spring.settling), { x - 60, 130, 120, 20 },
    { align = "center", color = colors.dim, fontSize = 12 })
end

-- Drop them all: the model is already at the rest line; the spring runs from the top to it.
local function drop()
  for i, spring in ipairs(SPRINGS) do
    boxes[i]:addAnimation(ca.SpringAnimation{
      keyPath = "position.y",
      fromValue = TOP,
      toValue = REST,
      mass = spring.mass,
      stiffness = spring.stiffness,
      damping = spring.damping,
      initialVelocity = spring.initialVelocity or 0,
    }, "drop")
  end
end

drop()
ca.every(math.min(longest, 6) + 1, drop)

lesson.text(stage,
  "Less damping wobbles longer; more stiffness is quicker; more mass is slower and wobblier; "
  .. "a negative initialVelocity first pulls the other way.",
  { 30, 535, 740, 40 }, { color = colors.dim })
