-- Glowing snow: seed 004's snow ("Core Animationのパーティクルシステム。クリスマスストーリー")
-- drawn with light instead of paint.
--
-- The same CAEmitterLayer along the top edge with the article's two cells (sharp, heavy flakes
-- and blurry, lighter ones), pre-run ten seconds by beginTime and timeOffset so that the snow
-- is there from the first frame. Two things differ: the emitter's renderMode is "additive", so
-- where flakes cross they add up to brighter light, and the layer holding the snow and the
-- title has a bloom filter (CIBloom: the image plus a blurred, brightened copy of itself), so
-- each flake glows into the dark around it. Space switches the snow off and on, as in the
-- article.

local flakeImage = ca.Image.circle{ radius = 24, softness = 0, color = "white" }
local blurryFlakeImage = ca.Image.circle{ radius = 24, softness = 1, color = "white" }

ca.root.backgroundColor = "#070d1c"

-- Everything that glows: the snow and the title, composed together, then bloomed.
local glow = ca.Layer{
  name = "glow",
  filters = { ca.Filter("bloom", { name = "bloom", inputRadius = 6, inputIntensity = 0.8 }) },
}
ca.root:addSublayer(glow)

local snow = ca.EmitterLayer{
  name = "snowEmitter",
  emitterShape = "line",
  renderMode = "additive",      -- overlapping flakes add their light
  beginTime = ca.now(),         -- CACurrentMediaTime()
  timeOffset = 10,              -- pre-run: full of snow at once
}

-- The article's cell, twice: the blurry flakes differ only by their image and speed.
local function snowCell(name, contents, velocity, color)
  return ca.EmitterCell{
    name = name, contents = contents, color = color,
    emissionRange = math.pi, lifetime = 20, birthRate = 30,
    scale = 0.15, scaleRange = 0.6,
    velocity = velocity, velocityRange = 20,
    spin = -0.5, spinRange = 1,
    yAcceleration = 30, xAcceleration = 5,
  }
end
snow.emitterCells = {
  snowCell("flake", flakeImage, 30, { 0.85, 0.92, 1, 0.55 }),
  snowCell("blurryFlake", blurryFlakeImage, 40, { 0.55, 0.75, 1, 0.45 }),
}
glow:addSublayer(snow)

local title = ca.TextLayer{ name = "title", string = "Let it glow", fontSize = 56, alignmentMode = "center",
                            foregroundColor = "#ffe9a8" }
glow:addSublayer(title)

-- The bloom breathes: its intensity swells and settles, slowly.
glow:addAnimation(ca.BasicAnimation{
  keyPath = "filters.bloom.inputIntensity", fromValue = 0.5, toValue = 1.1, duration = 3,
  autoreverses = true, repeatCount = math.huge, timingFunction = "easeInEaseOut",
}, "breathe")

local hint = ca.TextLayer{ fontSize = 14, foregroundColor = "#7f93b3", alignmentMode = "center" }
ca.root:addSublayer(hint)

local snowing = true
local function setSnowing(on)
  snowing = on
  snow.birthRate = on and 1 or 0
  hint.string = on and "space: stop the snow" or "space: let it snow"
end
setSnowing(true)

ca.on("keydown", function(key)
  if key == "space" then setSnowing(not snowing) end
end)

-- The window can be resized: the glow and the emitter fill it, the title stays a third of the
-- way down, the hint at the bottom.
local function layout(width, height)
  ca.transaction(function()
    glow.frame = { 0, 0, width, height }
    snow.frame = { 0, 0, width, height }
    snow.emitterPosition = { width / 2, 0 }
    snow.emitterSize = { width, 1 }
    title.frame = { 0, height / 3 - 30, width, 60 }
    hint.frame = { 0, height - 26, width, 20 }
  end, { disableActions = true })
end
layout(ca.root.bounds.width, ca.root.bounds.height)
ca.on("resize", layout)
