-- Lesson 1: the model and the presentation.
--
-- A layer's properties (layer.position, layer.opacity, …) are its model: the values you set.
-- What is on screen at this moment is its presentation (layer:presentation()), the model with
-- the running animations applied. An animation never changes the model; the model changes only
-- when you set it.

local lesson = require "lesson"
local colors = lesson.colors

local stage = lesson.stage("1 · Model and presentation",
  "The outline shows the model (what you set); the box shows the presentation (what is drawn now).")

local LEFT, RIGHT = 120, 680

-- A box at `y`, an outline that follows its model position, and a readout line.
local function row(y, color, title)
  lesson.text(stage, title, { 30, y - 62, 740, 20 }, { color = colors.dim })
  lesson.track(stage, LEFT, RIGHT, y)
  local ghost = ca.Layer{
    bounds = { 0, 0, 48, 48 }, position = { LEFT, y }, cornerRadius = 10,
    borderColor = colors.text, borderWidth = 2, actions = false,
  }
  stage:addSublayer(ghost)
  local box = lesson.box(stage, { position = { LEFT, y }, size = 40, color = color })
  local readout = lesson.text(stage, "", { 30, y + 34, 740, 20 }, { font = "monospace", color = colors.code })
  return { box = box, ghost = ghost, readout = readout }
end

-- Row 1: an explicit animation. The model stays where it is, at the left.
local animated = row(190, colors.accent,
  "An explicit animation: box:addAnimation(ca.BasicAnimation{ keyPath = \"position.x\", … })")
animated.box:addAnimation(ca.BasicAnimation{
  keyPath = "position.x", fromValue = LEFT, toValue = RIGHT,
  duration = 2, autoreverses = true, repeatCount = math.huge,
  timingFunction = "easeInEaseOut",
}, "slide")

-- Row 2: setting the model. The model jumps at once; the presentation catches up (an implicit
-- animation, slowed to 1.5 s by the transaction).
local set = row(390, colors.second,
  "Setting the model: box.position = {680, y} (the outline jumps there; the box follows)")
local atRight = false
ca.every(2.5, function()
  atRight = not atRight
  local x = atRight and RIGHT or LEFT
  ca.transaction(function()
    set.box.position = { x, 390 }
  end, { duration = 1.5, timingFunction = "easeInEaseOut" })
end)

lesson.text(stage,
  "Animations change only what is drawn. Read layer.position for where the layer is meant to be, "
  .. "and layer:presentation().position for where it is drawn this frame.",
  { 30, 520, 740, 50 }, { color = colors.dim })

-- Every frame: move each outline to its box's model position and print both values.
ca.DisplayLink(function()
  for _, r in ipairs{ animated, set } do
    local model = r.box.position
    local shown = r.box:presentation().position
    r.ghost.position = model
    r.readout.string = string.format("model x = %5.1f     presentation x = %5.1f", model.x, shown.x)
  end
end)
