-- Lesson 12: replicators.
--
-- A CAReplicatorLayer draws its sublayers instanceCount times, each copy moved by one more
-- instanceTransform than the last, its animations started instanceDelay seconds later, and its
-- colour multiplied by instanceColor and shifted by the …Offset properties. One small layer and
-- one animation become a spinner, an equalizer, a gradient of colours or a grid.

local lesson = require "lesson"
local colors = lesson.colors

local stage = lesson.stage("12 · Replicators",
  "ca.ReplicatorLayer{ instanceCount, instanceTransform, instanceDelay, instanceColor, …Offset }")

local function caption(x, y, text)
  lesson.text(stage, text, { x - 170, y, 340, 40 },
    { align = "center", font = "monospace", color = colors.code, fontSize = 12 })
end

-- 1: a spinner. Twelve copies of one dot around a circle, each a little fainter than the last
-- (instanceAlphaOffset); the whole replicator turns one dot's step at a time (a discrete
-- keyframe animation), so the bright head runs round with its tail behind it.
local spinner = ca.ReplicatorLayer{
  bounds = { 0, 0, 120, 120 }, position = { 200, 210 },
  instanceCount = 12,
  instanceTransform = ca.Transform3D.rotation(2 * math.pi / 12, 0, 0, 1),
  instanceAlphaOffset = -1 / 12,
}
spinner:addSublayer(ca.Layer{ bounds = { 0, 0, 14, 14 }, position = { 60, 10 }, cornerRadius = 7,
                              backgroundColor = colors.second })
local steps = {}
for i = 0, 11 do steps[#steps + 1] = -i * 2 * math.pi / 12 end
spinner:addAnimation(ca.KeyframeAnimation{
  keyPath = "transform.rotation.z", values = steps, calculationMode = "discrete",
  duration = 1, repeatCount = math.huge,
}, "turn")
stage:addSublayer(spinner)
caption(200, 290, "12 × rotation 2π/12\ninstanceAlphaOffset = -1/12")

-- 2: an equalizer. Eight copies of one bar side by side, each bouncing a little later.
local equalizer = ca.ReplicatorLayer{
  bounds = { 0, 0, 8 * 26, 120 }, position = { 580, 210 },
  instanceCount = 8,
  instanceTransform = ca.Transform3D.translation(26, 0, 0),
  instanceDelay = 0.12,
}
local bar = ca.Layer{ bounds = { 0, 0, 18, 120 }, anchorPoint = { 0.5, 1 }, position = { 13, 120 },
                      backgroundColor = colors.accent, cornerRadius = 3 }
bar:addAnimation(ca.BasicAnimation{
  keyPath = "transform.scale.y", fromValue = 0.15, toValue = 1, duration = 0.5,
  autoreverses = true, repeatCount = math.huge, timingFunction = "easeInEaseOut",
}, "bounce")
equalizer:addSublayer(bar)
stage:addSublayer(equalizer)
caption(580, 290, "8 × translation 26\ninstanceDelay = 0.12")

-- 3: colour offsets. Ten copies of a white square: the first tinted by instanceColor, each next
-- one with less red and more blue, and a little less opaque.
local swatches = ca.ReplicatorLayer{
  bounds = { 0, 0, 10 * 34, 30 }, position = { 200, 400 },
  instanceCount = 10,
  instanceTransform = ca.Transform3D.translation(34, 0, 0),
  instanceColor = { 1, 0.8, 0.2, 1 },
  instanceRedOffset = -0.1,
  instanceBlueOffset = 0.1,
  instanceAlphaOffset = -0.06,
}
swatches:addSublayer(ca.Layer{ frame = { 0, 0, 28, 28 }, backgroundColor = "white", cornerRadius = 5 })
stage:addSublayer(swatches)
caption(200, 440, "instanceColor, Red/Blue/AlphaOffset")

-- 4: a grid: a replicator of rows inside a replicator of columns; the delays add up into a
-- diagonal wave.
local columns = ca.ReplicatorLayer{
  bounds = { 0, 0, 8 * 30, 5 * 30 }, position = { 580, 410 },
  instanceCount = 8,
  instanceTransform = ca.Transform3D.translation(30, 0, 0),
  instanceDelay = 0.1,
}
local rows = ca.ReplicatorLayer{
  bounds = { 0, 0, 30, 5 * 30 },
  position = { 15, 75 },
  instanceCount = 5,
  instanceTransform = ca.Transform3D.translation(0, 30, 0),
  instanceDelay = 0.1,
}
local cell = ca.Layer{ bounds = { 0, 0, 20, 20 }, position = { 15, 15 }, cornerRadius = 10,
                       backgroundColor = colors.fourth }
cell:addAnimation(ca.BasicAnimation{
  keyPath = "transform.scale", fromValue = 0.3, toValue = 1, duration = 0.6,
  autoreverses = true, repeatCount = math.huge, timingFunction = "easeInEaseOut",
}, "pulse")
rows:addSublayer(cell)
columns:addSublayer(rows)
stage:addSublayer(columns)
caption(580, 495, "a replicator in a replicator")

lesson.text(stage, "Each example is one layer and one animation; the replicator makes the rest.",
  { 30, 555, 740, 20 }, { color = colors.dim })
