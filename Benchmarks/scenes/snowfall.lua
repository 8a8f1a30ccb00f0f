-- The window benchmark's scene: peers/love-snow's snowfall written against the `ca` API.
-- COUNT soft 32-pixel sprites, each with seed 000's three animations (translation.y and
-- rotation.z with ease-in sine, a four-keyframe opacity with ease-in-out sine), repeating
-- forever from a random phase. The benchmark replaces COUNT before running it.
local count = COUNT
local W, H = ca.root.bounds.width, ca.root.bounds.height
local flake = ca.Image.circle{ radius = 16, softness = 1, color = "white" }
local random, pi = math.random, math.pi

for _ = 1, count do
  local duration = 6 + random() * 10
  local a, b = 0.05 + random() * 0.25, 0.70 + random() * 0.25
  local k = random(1, 4) * (random() < 0.5 and -1 or 1)
  local size = 32 * (0.3 + random() * 0.5)
  local layer = ca.Layer{ contents = flake, bounds = {0, 0, size, size},
                          position = {random() * W, random() * (H + 100) - 100} }
  local phase = random() * duration
  layer:addAnimation(ca.BasicAnimation{ keyPath = "transform.translation.y", fromValue = 0,
    toValue = random() * 200, duration = duration, timeOffset = phase, repeatCount = math.huge,
    timingFunction = "easeInSine" }, "fall")
  layer:addAnimation(ca.BasicAnimation{ keyPath = "transform.rotation.z", fromValue = 0,
    toValue = k * pi, duration = duration, timeOffset = phase, repeatCount = math.huge,
    timingFunction = "easeInSine" }, "spin")
  layer:addAnimation(ca.KeyframeAnimation{ keyPath = "opacity", values = {0, 1, 1, 0},
    keyTimes = {0, a, b, 1}, duration = duration, timeOffset = phase, repeatCount = math.huge,
    timingFunctions = {"easeInOutSine", "easeInOutSine", "easeInOutSine"} }, "fade")
  ca.root:addSublayer(layer)
end
