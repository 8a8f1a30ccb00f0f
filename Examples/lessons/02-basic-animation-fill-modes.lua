-- Lesson 2: CABasicAnimation and fill modes.
--
-- Every box below has its model at the left mark. Each gets the same animation, from the middle
-- mark to the right, starting one second late (beginTime = ca.now() + 1) and lasting two. What
-- the box shows before the start and after the end depends on fillMode (and on
-- removedOnCompletion, which must be false for "forwards" and "both" to hold the end). The last
-- row is the usual idiom instead: set the model to the end value first, then animate from the
-- start — nothing to fill, nothing left behind.
--
-- See it in the inspector: press F4 in the viewer and click a box. It shows position.x in the
-- model and on screen side by side, the animation's fill mode and state (waiting, active,
-- filling, finished), and a graph of position.x where the rows differ before 1 s and after 3 s.

local lesson = require "lesson"
local colors = lesson.colors

local stage = lesson.stage("2 · Basic animation and fill modes",
  "Model at the left mark; the animation goes from the middle mark to the right, 1 s late, for 2 s.")

local MODEL_X, FROM_X, TO_X = 250, 430, 720
local DELAY, DURATION, CYCLE = 1, 2, 5

local rows = {
  { label = "fillMode \"removed\"",   fillMode = "removed" },
  { label = "fillMode \"forwards\"",  fillMode = "forwards",  hold = true },
  { label = "fillMode \"backwards\"", fillMode = "backwards" },
  { label = "fillMode \"both\"",      fillMode = "both",      hold = true },
  { label = "model set first", idiom = true },
}

local palette = { colors.accent, colors.second, colors.third, colors.fourth, colors.text }
for i, row in ipairs(rows) do
  local y = 130 + (i - 1) * 78
  lesson.text(stage, row.label, { 30, y - 10, 190, 20 }, { font = "monospace", color = colors.code })
  lesson.track(stage, MODEL_X, TO_X, y)
  for _, x in ipairs{ MODEL_X, FROM_X, TO_X } do
    stage:addSublayer(ca.Layer{ frame = { x - 1, y - 22, 2, 44 }, backgroundColor = colors.track })
  end
  row.box = lesson.box(stage, { position = { MODEL_X, y }, size = 30, color = palette[i] })
  row.box.actions = false   -- no implicit animation when the idiom row resets its model
  row.y = y
end

-- A clock for the cycle: waiting, animating, done.
local clock = lesson.text(stage, "", { 30, 520, 740, 20 }, { font = "monospace", color = colors.dim })
lesson.text(stage, "removedOnCompletion = false for \"forwards\" and \"both\"; the idiom needs neither.",
  { 30, 550, 740, 20 }, { color = colors.dim })

local started = 0
local function run()
  started = ca.now()
  for _, row in ipairs(rows) do
    row.box:removeAllAnimations()
    local animation = ca.BasicAnimation{
      keyPath = "position.x",
      fromValue = FROM_X,
      toValue = TO_X,
      beginTime = ca.now() + DELAY,
      duration = DURATION,
      timingFunction = "easeInEaseOut",
    }
    if row.idiom then
      row.box.position = { TO_X, row.y }   -- the model goes to the end value first
      animation.fillMode = "backwards"     -- and shows the start value while it waits
    else
      row.box.position = { MODEL_X, row.y }
      animation.fillMode = row.fillMode
      animation.removedOnCompletion = not row.hold
    end
    row.box:addAnimation(animation, "move")
  end
end

run()
ca.every(CYCLE, run)

ca.DisplayLink(function()
  local t = ca.now() - started
  local phase = t < DELAY and "waiting (before beginTime)"
    or t < DELAY + DURATION and "animating"
    or "finished"
  clock.string = string.format("t = %.1f s   %s", t, phase)
end)
