-- Lesson 11: particle emitters.
--
-- A CAEmitterLayer makes particles from its emitterCells: each cell says how many a second
-- (birthRate), how long each lives (lifetime), how fast and which way it leaves
-- (velocity, emissionLongitude, emissionRange), what pulls on it (xAcceleration,
-- yAcceleration), how it spins, grows and fades (spin, scaleSpeed, alphaSpeed), and the
-- "…Range" properties add randomness to each. The layer's own birthRate, lifetime, velocity …
-- multiply every cell's. Left: a fountain from a point. Right: a line along the top, as seed 004.
-- Press space for a burst of 60 sparks (emit).

local lesson = require "lesson"
local colors = lesson.colors

local stage = lesson.stage("11 · Particle emitters",
  "ca.EmitterLayer{ emitterPosition, emitterShape, emitterCells = { ca.EmitterCell{ … } } }")

local spark = ca.Image.circle{ radius = 12, softness = 0.6, color = "white" }

-- A fountain: a point emitter shooting up (emissionLongitude -π/2 is up, y grows downward),
-- spread over ±π/10, pulled back down by yAcceleration, fading out, drawn additively.
local fountain = ca.EmitterLayer{
  name = "fountain",
  frame = { 30, 100, 370, 420 },
  emitterPosition = { 185, 400 },
  emitterShape = "point",
  renderMode = "additive",
  emitterCells = {
    ca.EmitterCell{
      name = "spark",
      contents = spark,
      birthRate = 120,
      lifetime = 2.5,
      lifetimeRange = 0.5,
      velocity = 330,
      velocityRange = 40,
      emissionLongitude = -math.pi / 2,
      emissionRange = math.pi / 10,
      yAcceleration = 250,
      scale = 0.5,
      scaleRange = 0.2,
      scaleSpeed = -0.15,
      alphaSpeed = -0.35,
      color = { 1, 0.6, 0.25, 1 },
      greenRange = 0.3,
      spin = 2,
      spinRange = 4,
    },
  },
}
stage:addSublayer(fountain)

-- Snow along a line: a line emitter across the top, particles drifting down.
local snow = ca.EmitterLayer{
  name = "snow",
  frame = { 420, 100, 350, 420 },
  masksToBounds = true,
  emitterPosition = { 175, 0 },
  emitterSize = { 350, 1 },
  emitterShape = "line",
  emitterCells = {
    ca.EmitterCell{
      name = "flake",
      contents = ca.Image.snowflake{ size = 32, seed = 5, color = "white" },
      birthRate = 12,
      lifetime = 12,
      velocity = 30,
      velocityRange = 15,
      emissionLongitude = math.pi / 2,
      emissionRange = math.pi / 6,
      yAcceleration = 6,
      scale = 0.6,
      scaleRange = 0.3,
      spin = 0.5,
      spinRange = 1,
    },
  },
}
snow.timeOffset = 10   -- pre-run: already snowing when the lesson opens (seed 004's trick)
stage:addSublayer(snow)

lesson.text(stage, "point, additive, yAcceleration pulls back", { 30, 525, 370, 20 },
  { align = "center", font = "monospace", color = colors.code, fontSize = 12 })
lesson.text(stage, "line, timeOffset = 10 pre-runs it", { 420, 525, 350, 20 },
  { align = "center", font = "monospace", color = colors.code, fontSize = 12 })
local count = lesson.text(stage, "", { 30, 555, 740, 20 }, { color = colors.dim, fontSize = 13 })

ca.on("keydown", function(key)
  if key == "space" then fountain:emit(60, "spark") end
end)

-- particleCount: how many are alive now.
ca.every(0.25, function()
  count.string = string.format("particles alive: fountain %d, snow %d   (space: a burst)",
    fountain.particleCount, snow.particleCount)
end)
