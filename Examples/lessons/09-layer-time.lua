-- Lesson 9: layer time — speed, timeOffset and the pause idiom.
--
-- Every layer has a clock of its own (CAMediaTiming): its speed scales the time of everything
-- inside it, and timeOffset shifts it. Core Animation's way to pause a layer and all its
-- animations is to stop its clock where it is, and to resume is to start it again, shifted by
-- the time spent paused:
--
--   pause:  local t = layer:convertTime(ca.now(), nil); layer.speed = 0; layer.timeOffset = t
--   resume: local paused = layer.timeOffset
--           layer.speed = 1; layer.timeOffset = 0; layer.beginTime = 0
--           layer.beginTime = layer:convertTime(ca.now(), nil) - paused
--
-- The top row pauses and resumes every two seconds (or press space); the others run at half and
-- double speed. All three hold the same animations.
--
-- See it in the inspector: press F4 in the viewer and click a box. It gives each animation's
-- beginTime in the layer's own time and in media time: they part once speed or timeOffset move
-- the layer's clock.

local lesson = require "lesson"
local colors = lesson.colors

local stage = lesson.stage("9 · Layer time",
  "speed and timeOffset on a layer time everything inside it; speed = 0 with timeOffset pauses.")

-- A row: a container layer holding a spinning square and a ball going back and forth.
local function row(y, title)
  local container = ca.Layer{ frame = { 250, y - 50, 500, 100 }, backgroundColor = "#00000022", cornerRadius = 10 }
  stage:addSublayer(container)
  lesson.text(stage, title, { 30, y - 12, 210, 40 }, { font = "monospace", color = colors.code, fontSize = 13 })

  local square = lesson.box(container, { position = { 60, 50 }, size = 44, color = colors.second, marked = true })
  square:addAnimation(ca.BasicAnimation{
    keyPath = "transform.rotation.z", fromValue = 0, toValue = 2 * math.pi,
    duration = 2, repeatCount = math.huge,
  }, "spin")
  local ball = lesson.box(container, { position = { 140, 50 }, size = 30, color = colors.accent })
  ball.cornerRadius = 15
  ball:addAnimation(ca.BasicAnimation{
    keyPath = "position.x", fromValue = 140, toValue = 470,
    duration = 1.5, autoreverses = true, repeatCount = math.huge, timingFunction = "easeInEaseOut",
  }, "swing")
  return container
end

local paused = row(170, "paused and resumed")
local slow = row(300, "speed = 0.5")
local fast = row(430, "speed = 2")
slow.speed = 0.5
fast.speed = 2

local state = lesson.text(stage, "", { 30, 200, 210, 20 }, { color = colors.dim, fontSize = 13 })

-- The idiom, as Core Animation's documentation gives it.
local function pauseLayer(layer)
  local pausedTime = layer:convertTime(ca.now(), nil)
  layer.speed = 0.0
  layer.timeOffset = pausedTime
end

local function resumeLayer(layer)
  local pausedTime = layer.timeOffset
  layer.speed = 1.0
  layer.timeOffset = 0.0
  layer.beginTime = 0.0
  local timeSincePause = layer:convertTime(ca.now(), nil) - pausedTime
  layer.beginTime = timeSincePause
end

local function toggle()
  if paused.speed == 0 then
    resumeLayer(paused)
    state.string = "running"
  else
    pauseLayer(paused)
    state.string = "paused"
  end
end

state.string = "running"
ca.every(2, toggle)
ca.on("keydown", function(key)
  if key == "space" then toggle() end
end)

lesson.text(stage,
  "Pausing keeps every animation where it is; resuming carries on from there, not from where "
  .. "the clock would have been.",
  { 30, 535, 740, 40 }, { color = colors.dim })
