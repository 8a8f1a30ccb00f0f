-- A lesson: one idea of Core Animation on a stage with a title and captions.
--
-- Uses the `lesson` module from Snowglobe's Scripts library, as Examples/lessons/ do: the stage
-- is 800 × 600 points, scaled to fit the window, so draw in its coordinates. This one shows a
-- keyframe animation; replace it with the idea you want to show.

local lesson = require "lesson"
local colors = lesson.colors

local stage = lesson.stage("A keyframe animation",
  "position.x through four values in 3 s; click the stage to restart it.")

lesson.track(stage, 100, 700, 300)
local box = lesson.box(stage, { name = "box", position = { 100, 300 }, marked = true })

local function play()
  box:addAnimation(ca.KeyframeAnimation{
    keyPath = "position.x",
    values = { 100, 500, 300, 700 },
    keyTimes = { 0, 0.5, 0.7, 1 },
    duration = 3,
    fillMode = "forwards",
    removedOnCompletion = false,
  }, "move")
end
play()

lesson.text(stage, "values = { 100, 500, 300, 700 }, keyTimes = { 0, 0.5, 0.7, 1 }",
  { 100, 360, 600, 20 }, { font = "monospace", color = colors.code, fontSize = 13 })

stage.onTap = function()
  play()
end
