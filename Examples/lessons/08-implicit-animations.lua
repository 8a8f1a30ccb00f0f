-- Lesson 8: implicit animations.
--
-- Setting an animatable property of a layer that is already on screen animates it by itself,
-- from what is on screen to the new value: 0.25 s with the "default" curve, or whatever the
-- enclosing transaction says. Turn it off for one layer (layer.actions = false, or per key) or
-- for a whole transaction (setDisableActions). Every 1.5 s each box below gets a new position
-- and colour by plain assignment; only the way it was told differs. Click anywhere to send them
-- all there.

local lesson = require "lesson"
local colors = lesson.colors

local stage = lesson.stage("8 · Implicit animations",
  "box.position = {x, y} — the same assignment in every lane; click to move them yourself.")

local LEFT, RIGHT = 300, 720
local lanes = {
  { label = "plain assignment\n(0.25 s, \"default\")", y = 150 },
  { label = "ca.transaction(fn,\n{ duration = 1.2 })", y = 240, duration = 1.2 },
  { label = "layer.actions = false", y = 330, actions = false },
  { label = "layer.actions =\n{ position = false }", y = 420, positionOff = true },
  { label = "setDisableActions(true)", y = 510, disable = true },
}

for _, lane in ipairs(lanes) do
  lesson.text(stage, lane.label, { 30, lane.y - 20, 250, 40 },
    { font = "monospace", color = colors.code, fontSize = 13 })
  lesson.track(stage, LEFT, RIGHT, lane.y)
  lane.box = lesson.box(stage, { position = { LEFT, lane.y }, color = colors.accent })
  if lane.actions == false then lane.box.actions = false end
  if lane.positionOff then lane.box.actions = { position = false } end   -- colour still animates
end

local COLORS = { colors.accent, colors.second, colors.third, colors.fourth }
local turn = 0

-- Sends every box to x (in stage coordinates), each the way its lane says.
local function moveAll(x)
  turn = turn + 1
  local color = COLORS[turn % #COLORS + 1]
  for _, lane in ipairs(lanes) do
    local function change()
      lane.box.position = { x, lane.y }
      lane.box.backgroundColor = color
    end
    if lane.duration then
      ca.transaction(change, { duration = lane.duration, timingFunction = "easeInEaseOut" })
    elseif lane.disable then
      ca.Transaction.begin()
      ca.Transaction.setDisableActions(true)
      change()
      ca.Transaction.commit()
    else
      change()
    end
  end
end

local atRight = false
local timer = ca.every(1.5, function()
  atRight = not atRight
  moveAll(atRight and RIGHT or LEFT)
end)

-- A click takes over from the timer: the boxes go to the clicked x (converted to the stage's
-- coordinates, since the stage is scaled to fit the window).
ca.on("mousedown", function(x, y)
  timer:invalidate()
  local p = ca.root:convertPoint({ x, y }, stage)
  moveAll(math.max(LEFT, math.min(RIGHT, p.x)))
end)
