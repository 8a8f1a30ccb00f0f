-- Glowing snow: seed 004's snow ("Core Animationのパーティクルシステム。クリスマスストーリー")
-- drawn with light instead of paint.
--
-- snow-emitter.lua's scene, run unchanged (its emitter along the top edge with the article's
-- two cells, pre-run ten seconds; space still switches the snow off and on), then lit: the
-- emitter's renderMode becomes "additive", so that where flakes cross they add up to brighter
-- light, and the snow moves into a layer with a title and a bloom filter (CIBloom: the image
-- plus a blurred, brightened copy of itself), so that each flake glows into the dark around it.

require "snow-emitter"

ca.root.backgroundColor = "#070d1c"

local snow
for _, layer in ipairs(ca.root.sublayers) do
  if layer.name == "snowEmitter" then snow = layer end
end

-- Overlapping flakes add their light; dimmer flakes, so that the sum stays short of white.
snow.renderMode = "additive"
snow.emitterCells[1].color = { 0.85, 0.92, 1, 0.55 }
snow.emitterCells[2].color = { 0.55, 0.75, 1, 0.45 }

-- Everything that glows, composed together, then bloomed: the snow and the title.
local glow = ca.Layer{
  name = "glow",
  filters = { ca.Filter("bloom", { name = "bloom", inputRadius = 6, inputIntensity = 0.8 }) },
}
ca.root:insertSublayer(glow, 1)
glow:addSublayer(snow)
local title = ca.TextLayer{ name = "title", string = "Let it glow", fontSize = 56, alignmentMode = "center",
                            foregroundColor = "#ffe9a8" }
glow:addSublayer(title)

-- The bloom breathes: its intensity swells and settles, slowly.
glow:addAnimation(ca.BasicAnimation{
  keyPath = "filters.bloom.inputIntensity", fromValue = 0.5, toValue = 1.1, duration = 3,
  autoreverses = true, repeatCount = math.huge, timingFunction = "easeInEaseOut",
}, "breathe")

-- The glow fills the window (the emitter inside it keeps its own layout); the title sits a
-- third of the way down.
local function layout(width, height)
  ca.transaction(function()
    glow.frame = { 0, 0, width, height }
    title.frame = { 0, height / 3 - 30, width, 60 }
  end, { disableActions = true })
end
layout(ca.root.bounds.width, ca.root.bounds.height)
ca.on("resize", layout)
