-- Tumbling snow in 3D: seed 002 ("iPhoneで雪を降らせてみましょう").
--
-- Every second a timer (NSTimer) makes a flake from one of five crystal images. It falls
-- straight from above the top edge to below the bottom in 20 s (CABasicAnimation on position,
-- linear, fillMode forwards) while it tumbles about x, y and z (three cumulative, endlessly
-- repeating CABasicAnimations on transform.rotation.x/y/z, with m34 = -1/300 for depth and
-- doubleSided so that its back shows), and its transaction's completion block removes it.
--
-- The generator is Scripts/flurry.lua (dropLayer, generator, addLayerAnimations, as in the
-- article); this file makes the images and starts it. ginkgo-3d.lua is the article's closing
-- idea: the same with ginkgo leaves.

local flurry = require "flurry"

-- The article's snow0 … snow4.png: five procedural crystals, square, one per seed.
local images = {}
for i = 0, 4 do
  images[#images + 1] = ca.Image.snowflake{ size = 48, arms = 6, seed = 20 + i, color = "white" }
end

-- NSTimer.scheduledTimer(withTimeInterval: 1.0, repeats: true) → generator(_:), 20 s falls.
flurry.start{
  images = images,
  sky = { "#0a1433", "#27406e" },   -- a night sky behind the snow
  interval = 1.0,
  duration = 20.0,
  minScale = 0.5,      -- scale = arc4random_uniform(6) / 10 + 0.5
  perspective = 300,   -- transform.m34 = -1.0 / 300
}
